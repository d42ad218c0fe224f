/** The scripted host's rules: fixed, by arguments, sequences, delays, timeouts, refused permissions, the cashier. */
import { describe, expect, it, vi } from "vitest";
import { ScenarioSchema } from "./scenario";
import { createScriptedHost, type WalletPayment } from "./scripted-host";
import type { TranscriptEntry } from "./transcript";

type CallEntry = Extract<TranscriptEntry, { kind: "call" }>;
const entry = (method: string): CallEntry => ({ kind: "call", seq: 1, at: 0, method, args: {} });

function host(scenario: Record<string, unknown>, pay = vi.fn(async (_payment: WalletPayment) => ({ ok: true, status: 200 }))) {
  const parsed = ScenarioSchema.parse({ name: "test", ...scenario });
  return { pay, host: createScriptedHost({ scenario: parsed, profile: { appVersion: "5.9.0", language: "en", platform: "android", screen: { width: 360, height: 780 } }, pay }) };
}

const call = async (scripted: ReturnType<typeof host>["host"], method: string, params: Record<string, unknown> = {}) => {
  const recorded = entry(method);
  const reply = await scripted.answer(method, params, recorded);
  return { reply, recorded };
};

describe("the scripted host", () => {
  it("answers with a plausible default without a rule", async () => {
    const { host: scripted } = host({});
    expect((await call(scripted, "getLocation")).reply).toEqual({ latitude: 22.1935, longitude: 113.5397 });
    expect((await call(scripted, "getSystemInfo")).reply).toMatchObject({ screenWidth: 360, platform: "android", terminalType: "H5", app: "MPay" });
    scripted.setOffline(true);
    expect((await call(scripted, "getNetworkType")).reply).toEqual({ networkType: "none" });
    expect((await call(scripted, "share", { title: "x" })).recorded).toMatchObject({ args: { title: "x" }, answer: {} });
  });

  it("a fixed answer, and one chosen by the call's arguments", async () => {
    const { host: scripted } = host({
      rules: {
        getLocation: { answer: { latitude: 22.15, longitude: 113.56 } },
        pushWindow: [{ when: { url: "userCenter" }, answer: { opened: true } }, { fail: { errorCode: 3, errorMessage: "no such page" } }],
      },
    });
    expect((await call(scripted, "getLocation")).reply).toEqual({ latitude: 22.15, longitude: 113.56 });
    expect((await call(scripted, "pushWindow", { url: "userCenter" })).reply).toEqual({ opened: true });
    const other = await call(scripted, "pushWindow", { url: "elsewhere" });
    expect(other.reply).toEqual({ errorCode: 3, errorMessage: "no such page" });
    expect(other.recorded.error).toEqual({ errorCode: 3, errorMessage: "no such page" });
  });

  it("a sequence: the first call fails, then it succeeds (the last answer repeats)", async () => {
    const { host: scripted } = host({ rules: { getLocation: { sequence: [{ fail: { errorCode: 11 } }, { answer: { latitude: 1, longitude: 2 } }] } } });
    expect((await call(scripted, "getLocation")).reply).toEqual({ errorCode: 11, errorMessage: "failed" });
    expect((await call(scripted, "getLocation")).reply).toEqual({ latitude: 1, longitude: 2 });
    expect((await call(scripted, "getLocation")).reply).toEqual({ latitude: 1, longitude: 2 });
  });

  it("a delay, and a timeout (no answer ever)", async () => {
    vi.useFakeTimers();
    try {
      const { host: scripted } = host({ rules: { getNetworkType: { answer: { networkType: "4g" }, delayMs: 2_000 }, scan: { timeout: true } } });
      let done = false;
      const pending = call(scripted, "getNetworkType").then((result) => {
        done = true;
        return result;
      });
      await vi.advanceTimersByTimeAsync(1_999);
      expect(done).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      expect((await pending).reply).toEqual({ networkType: "4g" });
      const never = await call(scripted, "scan");
      expect(never.reply).toEqual({ __timeout: true });
      expect(never.recorded.timedOut).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });

  it("a refused permission fails with the wallet's code 11 until allowed again", async () => {
    const { host: scripted } = host({});
    scripted.setDenied("getLocation", true);
    const refused = await call(scripted, "getLocation");
    expect(refused.reply).toEqual({ errorCode: 11, errorMessage: "permission denied" });
    expect(refused.recorded.note).toBe("permission refused");
    scripted.setDenied("getLocation", false);
    expect((await call(scripted, "getLocation")).reply).toMatchObject({ latitude: 22.1935 });
  });

  it("the cashier pays, fails, leaves, or pays with the confirmation delayed, through the wallet's back end", async () => {
    const outcomes = { pay: ["9000", "paid", 0], fail: ["4000", "failed", 0], delayed: ["9000", "paid", 3_000] } as const;
    for (const [outcome, [status, settled, delayMs]] of Object.entries(outcomes)) {
      const { host: scripted, pay } = host({ cashier: { outcome, confirmAfterMs: 3_000 } });
      const { reply } = await call(scripted, "tradePay", { paymentId: "MC1", amount: 46 });
      expect(reply.resultStatus, outcome).toBe(status);
      expect(pay).toHaveBeenCalledWith({ orderNo: "MC1", amountCents: 4600, outcome: settled, delayMs });
    }
    const { host: leaving, pay } = host({ cashier: { outcome: "cancel" } });
    expect((await call(leaving, "tradePay", { paymentId: "MC1", amount: 46 })).reply).toEqual({ resultStatus: "6001" });
    expect(pay).not.toHaveBeenCalled();
    const { host: refused } = host(
      {},
      vi.fn(async () => ({ ok: false, status: 409 })),
    );
    expect((await call(refused, "tradePay", { paymentId: "MC1", amount: 46 })).reply).toMatchObject({ resultStatus: "4000" });
  });
});
