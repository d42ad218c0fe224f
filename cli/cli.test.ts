/** The mcoin CLI as an engineer runs it: a real process, its output and its exit code. */
import { spawn, spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const MCOIN = fileURLToPath(new URL("../bin/mcoin.mjs", import.meta.url));

function mcoin(...args: string[]) {
  const result = spawnSync(process.execPath, [MCOIN, ...args], { encoding: "utf8", timeout: 20_000 });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

describe("mcoin", () => {
  it("--help lists every command, subcommands included", () => {
    const { code, stdout } = mcoin("--help");
    expect(code).toBe(0);
    for (const command of ["sandbox", "api", "gateway encrypt", "gateway sign", "gateway verify", "gateway decrypt", "gateway call", "task run", "replay", "record"]) {
      expect(stdout).toContain(`mcoin ${command}`);
    }
  });

  it("every command's --help has an example", () => {
    for (const command of [["sandbox"], ["api"], ["gateway"], ["gateway", "encrypt"], ["gateway", "sign"], ["gateway", "verify"], ["gateway", "decrypt"], ["gateway", "call"], ["task"], ["task", "run"], ["replay"], ["record"]]) {
      const { code, stdout } = mcoin(...command, "--help");
      expect(code, command.join(" ")).toBe(0);
      expect(stdout, command.join(" ")).toMatch(/Examples?:\n\s+\$ npx mcoin /);
    }
  });

  it("sandbox --help shows an example", () => {
    const { code, stdout } = mcoin("sandbox", "--help");
    expect(code).toBe(0);
    expect(stdout).toContain("$ npx mcoin sandbox");
    expect(stdout).toContain("--state <file>");
    expect(stdout).toContain("--latency <ms>");
  });

  it("exits 2 on bad usage, with a hint", () => {
    const bad = mcoin("sandbox", "--port", "seventy");
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain("--port");
    expect(bad.stderr).toContain("mcoin sandbox --help");
    expect(mcoin("no-such-command").code).toBe(2);
    expect(mcoin("sandbox", "--no-such-option").code).toBe(2);
  });

  it("sandbox serves until stopped and says where, as JSON with --json", async () => {
    const child = spawn(process.execPath, [MCOIN, "sandbox", "--port", "0", "--host", "127.0.0.1", "--json"], { stdio: ["ignore", "pipe", "pipe"] });
    const output = await new Promise<string>((resolve, reject) => {
      let text = "";
      child.stdout.on("data", (chunk: Buffer) => {
        text += chunk.toString();
        if (text.includes("}")) resolve(text);
      });
      child.on("exit", (code) => reject(new Error(`exited ${code}`)));
    });
    const { port, url } = JSON.parse(output) as { port: number; url: string };
    expect(url).toBe(`http://localhost:${port}`);
    const health = (await (await fetch(`http://127.0.0.1:${port}/__sandbox/health`)).json()) as { ok: boolean };
    expect(health.ok).toBe(true);
    const exited = new Promise<number | null>((resolve) => child.on("exit", resolve));
    child.kill("SIGINT");
    expect(await exited).toBe(0);
  });

  it("sandbox exits 1 with a hint when the port is taken", async () => {
    const holder = spawn(process.execPath, [MCOIN, "sandbox", "--port", "0", "--host", "127.0.0.1", "--json"], { stdio: ["ignore", "pipe", "ignore"] });
    const port = await new Promise<number>((resolve) => holder.stdout.on("data", (chunk: Buffer) => resolve(JSON.parse(chunk.toString()).port)));
    const taken = mcoin("sandbox", "--port", String(port), "--host", "127.0.0.1");
    holder.kill("SIGINT");
    expect(taken.code).toBe(1);
    expect(taken.stderr).toContain(`port ${port} is taken`);
  });
});
