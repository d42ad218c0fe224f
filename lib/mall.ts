/**
 * The mall's production server (build/mall-server.js, made by `npm run build`) on a free port,
 * pointed at a gateway: for the Playwright fixture (lib/playwright.ts) and for the mall's own tests
 * that need a mall of their own (e2e/spawn-mall.ts). The build is the package @mcoin/mall's when the
 * project that runs the tests has it installed (scripts/pack-mall.mjs makes it), else this repository's.
 * It listens on loopback only, and it dies with the process that started it, however that one ends
 * (harness/process: its own process group and a watch of its parent).
 */
import { existsSync } from "node:fs";
import { createServer, request as httpRequest } from "node:http";
import { createRequire } from "node:module";
import type { AddressInfo } from "node:net";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { spawnGuarded } from "#harness/process";

/** The mall's package: its build and fixtures are found from here, wherever it is installed. */
export const MALL_ROOT = fileURLToPath(new URL("..", import.meta.url));

/** The folder of @mcoin/mall as the project in `from` resolves it, when it has it installed. */
export function installedMall(from = process.cwd()): string | undefined {
  try {
    return dirname(createRequire(join(from, "package.json")).resolve("@mcoin/mall/package.json"));
  } catch {
    return undefined;
  }
}

/** Where the mall's build is started from: @mcoin/mall installed in the project, else this repository. */
export function mallRoot(from = process.cwd()): string {
  return installedMall(from) ?? MALL_ROOT;
}

export interface RunningMall {
  url: string;
  port: number;
  /** Its process, the leader of its own process group. */
  pid: number;
  stop(): void;
}

export interface MallOptions {
  /** The gateway the mall calls (MCOIN_SANDBOX_URL): a sandbox's URL. */
  sandboxUrl: string;
  /** More of the mall's environment (docs/configuration.md), over the defaults below. */
  env?: Record<string, string>;
  /** The name the browser uses for it (default localhost): the session cookie reaches only the host it was set for. */
  host?: "127.0.0.1" | "localhost";
  /** A port chosen beforehand (the sandbox must know the mall's origin before it starts). */
  port?: number;
  /** The server to run (default: the mall's build/mall-server.js): a Node script that listens on PORT at MCOIN_LISTEN_HOST. */
  server?: string;
  /** How long to wait for it to answer, in milliseconds (default 30 s: the machine may be busy). */
  timeoutMs?: number;
}

/** A port nobody listens on now. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Whether the server on `port` answers its robots.txt with 200. */
function answers(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const asked = httpRequest({ host: "127.0.0.1", port, path: "/robots.txt", headers: { host: `localhost:${port}` } }, (reply) => {
      reply.resume();
      resolve(reply.statusCode === 200);
    });
    asked.on("error", () => resolve(false));
    asked.end();
  });
}

/** Starts the mall's production build and waits until it answers. */
export async function startMall(options: MallOptions): Promise<RunningMall> {
  const root = mallRoot();
  const server = options.server ?? join(root, "build/mall-server.js");
  if (!existsSync(server)) throw new Error(`the mall is not built (${server} is missing): install @mcoin/mall beside @mcoin/harness, or run npm run build in ${root}`);
  const port = options.port ?? (await freePort());
  const { child, pid, stop } = spawnGuarded(server, [], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      MCOIN_SANDBOX_URL: options.sandboxUrl,
      ...options.env,
      // Loopback only, whatever the caller's environment says: the browser's name for it (`host`) is loopback too.
      MCOIN_LISTEN_HOST: "127.0.0.1",
    },
  });
  const url = `http://${options.host ?? "localhost"}:${port}`;
  const deadline = Date.now() + (options.timeoutMs ?? 30_000);
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the mall for ${url} exited (${child.exitCode})`);
    if (await answers(port)) return { url, port, pid, stop: () => stop() };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  stop();
  throw new Error(`the mall on ${url} did not start`);
}
