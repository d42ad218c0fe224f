// npm run dev: the sandbox gateway and the mall in development (Vite inside the mall's own server:
// changes reload, and the Content-Security-Policy is only reported), until Ctrl-C stops both.
import { bin, ensureDependencies, log, startChild, supervise, waitForUrl } from "./lib.mjs";

const port = Number(process.env.PORT ?? 3000);
const sandboxPort = Number(process.env.MCOIN_SANDBOX_PORT ?? 4010);

ensureDependencies();
const sandbox = startChild("sandbox", process.execPath, ["bin/mcoin.mjs", "sandbox", "--port", String(sandboxPort), "--mall-origin", `http://localhost:${port},http://127.0.0.1:${port}`]);
const mall = startChild("mall", bin("tsx"), ["server/index.ts"], {
  NODE_ENV: "development",
  PORT: String(port),
  MCOIN_SANDBOX_URL: process.env.MCOIN_SANDBOX_URL ?? `http://127.0.0.1:${sandboxPort}`,
});
const { stop, stopping } = supervise([sandbox, mall]);
for (const child of [sandbox, mall]) child.on("exit", (code) => stopping() || stop(code ?? 1));

try {
  await Promise.all([waitForUrl(`http://127.0.0.1:${sandboxPort}/__sandbox/health`), waitForUrl(`http://127.0.0.1:${port}/robots.txt`, 60_000)]);
  log(`mCoin Mall (development) is ready: open http://localhost:${port}/. Ctrl-C stops both.`);
} catch (error) {
  log(String(error));
  stop(1);
}
