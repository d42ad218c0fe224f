/**
 * Home's time to first byte when every gateway call takes 100 ms: the production build served
 * against a sandbox with --latency 100, a signed-in member, median of several requests. Beside it,
 * in the same run, the same gateway calls made one after another. Target: under 200 ms, which only
 * holds when the loader's calls run in parallel.
 */
import { request } from "undici";
import { adverts, classifyList, mcoinRecommend, recommendList } from "#core/api/catalog-endpoints";
import { createApiClient } from "#core/api/client";
import { basicInformation, memberLogin, systemTime } from "#core/api/endpoints";
import { createUndiciTransport } from "#core/node/undici-transport";
import { startSandboxServer } from "../sandbox/server";
import { freePort, signIn, startMall, type BenchMall } from "./mall";
import type { BenchResult } from "./report";

const LATENCY_MS = 100;
const SAMPLES = 15;
const LOCATION = "22.19350,113.53970";

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

export async function homeTtfbBench(): Promise<BenchResult> {
  const port = await freePort();
  const sandbox = await startSandboxServer({ port: 0, host: "127.0.0.1", latencyMs: LATENCY_MS, mallOrigins: [`http://localhost:${port}`] });
  let mall: BenchMall | null = null;
  try {
    mall = await startMall(port, sandbox.url);
    const base = mall.base;
    const cookie = await signIn(mall, sandbox.url, "mpay-1001", [`mcoin_geo=${encodeURIComponent(LOCATION)}`]);

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
    mall?.stop();
    await sandbox.close();
  }
}
