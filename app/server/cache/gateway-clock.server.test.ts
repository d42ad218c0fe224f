/**
 * The gateway's clock as the server carries it (read through gateway.server.ts `gatewayTime`): read once, taken at
 * the middle of the round trip, carried on the monotonic clock for MCOIN_CLOCK_KEEP_S (60 s by
 * default), shared by requests while a reading is in flight, and never kept when the read failed.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import type { ApiClient, ApiReply } from "#core/api/client";
import { ApiError } from "#core/api/errors";
import { MemberApi } from "../gateway.server";
import { createMallServices } from "../services.server";
import { testScope } from "../testing.server";

let base = 0;
/** One server: its requests share its reading of each gateway's clock. */
const services = createMallServices();

/** A context whose gateway answers `systemTime` with `answer`; `apiBase` picks the gateway. */
async function contextWith(answer: () => Promise<ApiReply<unknown>>, apiBase: string) {
  const scope = await testScope("http://localhost/flashSale", { token: "sbx_a", services, environment: { apiBase } });
  const call = vi.fn(answer);
  const api = new MemberApi(scope, { clientFor: () => ({ call }) as unknown as ApiClient });
  return { context: { api }, call };
}

const time = (sysTime: number): ApiReply<unknown> => ({ data: { sysTime }, headers: new Headers() });

afterEach(() => vi.useRealTimers());

describe("the gateway's clock on the server", () => {
  it("reads the gateway once and carries its time on the monotonic clock, then reads again after a minute", async () => {
    vi.useFakeTimers({ toFake: ["performance", "Date"] });
    const apiBase = `http://gateway-clock-${++base}.test`;
    const gateway = 1_800_000_000_000;
    // The round trip takes 40 ms; the gateway read its clock at the middle of it.
    const first = await contextWith(async () => {
      vi.advanceTimersByTime(40);
      return time(gateway);
    }, apiBase);
    expect(await first.context.api.gatewayTime()).toBe(gateway + 20);
    vi.advanceTimersByTime(30_000);
    const second = await contextWith(async () => time(0), apiBase);
    expect(await second.context.api.gatewayTime()).toBe(gateway + 20 + 30_000);
    expect(second.call).not.toHaveBeenCalled();
    vi.advanceTimersByTime(30_000);
    const third = await contextWith(async () => time(gateway + 5_000_000), apiBase);
    expect(await third.context.api.gatewayTime()).toBe(gateway + 5_000_000);
    expect(third.call).toHaveBeenCalledTimes(1);
  });

  it("asks the gateway again when asked for a fresh reading, and carries that one for the others", async () => {
    vi.useFakeTimers({ toFake: ["performance", "Date"] });
    const apiBase = `http://gateway-clock-${++base}.test`;
    const gateway = 1_800_000_000_000;
    const first = await contextWith(async () => time(gateway), apiBase);
    expect(await first.context.api.gatewayTime()).toBe(gateway);
    vi.advanceTimersByTime(10_000);
    // The gateway's clock was moved meanwhile: a fresh reading sees it, a kept one would not.
    const back = await contextWith(async () => time(gateway + 3_600_000), apiBase);
    expect(await back.context.api.raw.gatewayTime({ fresh: true })).toBe(gateway + 3_600_000);
    expect(back.call).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1_000);
    const later = await contextWith(async () => time(0), apiBase);
    expect(await later.context.api.gatewayTime()).toBe(gateway + 3_600_000 + 1_000);
    expect(later.call).not.toHaveBeenCalled();
  });

  it("shares a reading in flight among the requests that ask meanwhile", async () => {
    const apiBase = `http://gateway-clock-${++base}.test`;
    let answer!: (reply: ApiReply<unknown>) => void;
    const { context, call } = await contextWith(() => new Promise((resolve) => (answer = resolve)), apiBase);
    const both = Promise.all([context.api.gatewayTime(), context.api.gatewayTime()]);
    answer(time(1_800_000_000_000));
    const [a, b] = await both;
    expect(Math.abs(a - 1_800_000_000_000)).toBeLessThan(1_000);
    expect(Math.abs(b - a)).toBeLessThan(1_000);
    expect(call).toHaveBeenCalledTimes(1);
  });

  it("keeps each gateway's clock apart and never keeps a failed read", async () => {
    const apiBase = `http://gateway-clock-${++base}.test`;
    let fail = true;
    const { context, call } = await contextWith(async () => {
      if (fail) throw new ApiError("SERVER_ERROR", "HTTP 500", { endpoint: "systemTime", status: 500 });
      return time(1_800_000_000_000);
    }, apiBase);
    await expect(context.api.gatewayTime()).rejects.toBeInstanceOf(Response); // the error route
    // The resource routes answer a failure themselves: they get the ApiError.
    await expect(context.api.raw.gatewayTime()).rejects.toBeInstanceOf(ApiError);
    fail = false;
    expect(Math.abs((await context.api.gatewayTime()) - 1_800_000_000_000)).toBeLessThan(1_000);
    expect(call).toHaveBeenCalledTimes(3);
    const other = await contextWith(async () => time(1_700_000_000_000), `${apiBase}.other`);
    expect(Math.abs((await other.context.api.gatewayTime()) - 1_700_000_000_000)).toBeLessThan(1_000);
    expect(other.call).toHaveBeenCalledTimes(1);
  });
});
