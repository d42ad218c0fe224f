/**
 * For tests and benchmarks that need a Redis of their own (e2e/two-malls.spec.ts,
 * bench/redis-pause.bench.ts): Debian's redis-server on `port`, on loopback, keeping nothing on
 * disk, resolved once it answers PING.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";

export async function startRedisServer(port: number): Promise<{ url: string; process: ChildProcess }> {
  const child = spawn("redis-server", ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"], { stdio: "ignore" });
  for (let attempt = 0; spawnSync("redis-cli", ["-p", String(port), "ping"], { encoding: "utf8" }).stdout?.trim() !== "PONG"; attempt++) {
    if (attempt > 100 || child.exitCode !== null) {
      child.kill("SIGKILL");
      throw new Error("redis-server did not start");
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { url: `redis://127.0.0.1:${port}`, process: child };
}
