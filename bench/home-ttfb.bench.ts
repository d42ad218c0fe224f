/**
 * Home's time to first byte when every gateway call takes 100 ms: the production build served
 * against a sandbox with --latency 100, a signed-in member, median of several requests. Beside it,
 * in the same run, the same gateway calls made one after another. Target: under 200 ms, which only
 * holds when the loader's calls run in parallel.
 */
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { createServer } from "node:net";
import { fileURLToPath } from "node:url";
import { request } from "undici";
import { adverts, classifyList, mcoinRecommend, recommendList } from "../app/lib/api/catalog-endpoints";
import { createApiClient } from "../app/lib/api/client";
import { basicInformation, memberLogin, systemTime } from "../app/lib/api/endpoints";
import { createUndiciTransport } from "../app/lib/api/undici-transport";
import { startSandboxServer } from "../sandbox/server";
import type { BenchResult } from "./report";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const LATENCY_MS = 100;
const SAMPLES = 15;
const LOCATION = "22.19350,113.53970";

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
    server.once("error", reject);
  });
}

async function waitFor(url: string) {
  for (let i = 0; i < 100; i++) {
    try {
      await request(url);
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  throw new Error(`${url} did not come up`);
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

export async function homeTtfbBench(): Promise<BenchResult> {
  if (!existsSync(`${ROOT}/build/server/index.js`)) throw new Error("build the mall first: npm run build");
  const port = await freePort();
  const sandbox = await startSandboxServer({ port: 0, host: "127.0.0.1", latencyMs: LATENCY_MS, mallOrigins: [`http://localhost:${port}`] });
  const app = spawn(process.execPath, [`${ROOT}/build/mall-server.js`], {
    cwd: ROOT,
    env: { ...process.env, NODE_ENV: "production", PORT: String(port), MCOIN_SANDBOX_URL: sandbox.url },
    stdio: "ignore",
  });
  try {
    const base = `http://localhost:${port}`;
    await waitFor(`${base}/robots.txt`);

    // Sign a member in as the wallet would: a login code on the URL, the session in a cookie.
    const form = new URLSearchParams({ openId: "mpay-1001", redirect_uri: `${base}/index`, state: "" });
    const authorize = await request(`${sandbox.url}/oauth/authorize`, { method: "POST", body: form.toString(), headers: { "content-type": "application/x-www-form-urlencoded" } });
    const landing = String(authorize.headers.location);
    await authorize.body.dump();
    const login = await request(landing);
    const setCookie = ([] as string[]).concat(login.headers["set-cookie"] ?? []);
    await login.body.dump();
    const cookie = [...setCookie.map((value) => value.split(";")[0]), `mcoin_geo=${encodeURIComponent(LOCATION)}`].join("; ");
    // The first page after login checks the terms; later pages do not.
    await (await request(`${base}/index`, { headers: { cookie } })).body.dump();

    const ttfb: number[] = [];
    for (let i = 0; i < SAMPLES + 3; i++) {
      const started = performance.now();
      const response = await request(`${base}/index`, { headers: { cookie } });
      const first = performance.now() - started;
      if (response.statusCode !== 200) throw new Error(`home answered ${response.statusCode}`);
      await response.body.dump();
      if (i >= 3) ttfb.push(first);
    }

    // The same gateway calls, one after another.
    const transport = createUndiciTransport();
    const anonymous = createApiClient({ baseUrl: sandbox.url, transport, locale: "zh" });
    const token = (await anonymous.call(memberLogin, { openId: "mpay-1001" })).data.token;
    const api = createApiClient({ baseUrl: sandbox.url, transport, locale: "zh", token });
    const near = { lat: 22.1935, lng: 113.5397 };
    const sequential: number[] = [];
    for (let i = 0; i < 5; i++) {
      const started = performance.now();
      await api.call(basicInformation);
      await api.call(recommendList, { tab: "nearby", page: 1, size: 10, ...near });
      await api.call(mcoinRecommend, near);
      await api.call(classifyList);
      await api.call(adverts, { position: "home" });
      await api.call(systemTime);
      sequential.push(performance.now() - started);
    }

    const home = median(ttfb);
    return {
      name: `home's time to first byte, gateway +${LATENCY_MS} ms a call`,
      measured: `median of ${SAMPLES}: ${home.toFixed(0)} ms; the same 6 calls in a row: ${median(sequential).toFixed(0)} ms`,
      value: home,
      display: `${home.toFixed(0)} ms`,
      target: "< 200 ms (calls in parallel)",
      pass: home < 200,
    };
  } finally {
    app.kill("SIGTERM");
    await sandbox.close();
  }
}
