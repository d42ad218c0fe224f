// npm start: install what is missing, build what changed, then serve the sandbox gateway and the mall (production
// mode) until Ctrl-C, which stops both.
import { ensureDependencies, log, runOrExit, startChild, supervise, waitForUrl } from "./lib.mjs";

const port = Number(process.env.PORT ?? 3000);
const sandboxPort = Number(process.env.MCOIN_SANDBOX_PORT ?? 4010);

ensureDependencies();
// Each part of the build is made again only when a source changed since it was built (scripts/build.mjs).
runOrExit(process.execPath, ["scripts/build.mjs", "--if-changed"]);

const sandboxArgs = ["bin/mcoin.mjs", "sandbox", "--port", String(sandboxPort), "--mall-origin", `http://localhost:${port},http://127.0.0.1:${port}`];
if (process.env.MCOIN_SANDBOX_STATE) sandboxArgs.push("--state", process.env.MCOIN_SANDBOX_STATE);
const sandbox = startChild("sandbox", process.execPath, sandboxArgs);
const mall = startChild("mall", process.execPath, ["build/mall-server.js"], {
  NODE_ENV: "production",
  PORT: String(port),
  MCOIN_SANDBOX_URL: process.env.MCOIN_SANDBOX_URL ?? `http://127.0.0.1:${sandboxPort}`,
});
const { stop, stopping } = supervise([sandbox, mall]);
// Without the sandbox the mall keeps running and shows its error screen; it recovers once a sandbox
// answers on the same port again.
sandbox.on("exit", (code) => {
  if (!stopping()) log(`the sandbox gateway stopped (exit ${code}); start it again with: npx mcoin sandbox --port ${sandboxPort} --mall-origin http://localhost:${port}`);
});
mall.on("exit", (code) => {
  if (!stopping()) {
    log(`the mall stopped (exit ${code}); stopping the sandbox`);
    stop(code ?? 1);
  }
});

try {
  await Promise.all([waitForUrl(`http://127.0.0.1:${sandboxPort}/__sandbox/health`), waitForUrl(`http://127.0.0.1:${port}/robots.txt`)]);
  log(`mCoin Mall is ready: open http://localhost:${port}/ (sandbox gateway on http://localhost:${sandboxPort}). Ctrl-C stops both.`);
} catch (error) {
  log(String(error));
  stop(1);
}
