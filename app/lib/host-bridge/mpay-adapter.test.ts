/** The MPay adapter: calls wait for the wallet's bridge to be ready (with a timeout), errors and events map to the mall's. */
import { afterEach, describe, expect, it, vi } from "vitest";
import { MPAY_READY_EVENT, createMPayBridge, type MPayJSBridge } from "./mpay-adapter";
import { NO_NETWORK, type HostEvent } from "./types";

afterEach(() => {
  vi.useRealTimers();
});

const wallet = (answer: (name: string, params: Record<string, unknown>) => Record<string, unknown>): MPayJSBridge & { calls: string[] } => {
  const calls: string[] = [];
  return {
    calls,
    call(name, params, callback) {
      calls.push(name);
      callback(answer(name, params));
    },
  };
};

describe("the MPay adapter", () => {
  const events = () => ({ events: new EventTarget() as unknown as Document });

  it("scans: the wallet's text; a closed scanner is CANCELLED, a refused camera DENIED, no text a failure", async () => {
    const scanned = wallet((name, params) => (name === "scan" && params.type === "qr" ? { qrCode: "GIFT-CONGEE" } : {}));
    await expect(createMPayBridge(scanned, events()).scanQRCode()).resolves.toBe("GIFT-CONGEE");
    expect(scanned.calls).toEqual(["scan"]);
    await expect(
      createMPayBridge(
        wallet(() => ({ code: "MCOIN-500" })),
        events(),
      ).scanQRCode(),
    ).resolves.toBe("MCOIN-500");
    await expect(
      createMPayBridge(
        wallet(() => ({ errorCode: 10, errorMessage: "user cancelled" })),
        events(),
      ).scanQRCode(),
    ).rejects.toMatchObject({ code: "CANCELLED" });
    await expect(
      createMPayBridge(
        wallet(() => ({ errorCode: 2001, errorMessage: "Cancelled by user" })),
        events(),
      ).scanQRCode(),
    ).rejects.toMatchObject({ code: "CANCELLED" });
    await expect(
      createMPayBridge(
        wallet(() => ({ errorCode: 11, errorMessage: "camera" })),
        events(),
      ).scanQRCode(),
    ).rejects.toMatchObject({ code: "DENIED" });
    await expect(
      createMPayBridge(
        wallet(() => ({})),
        events(),
      ).scanQRCode(),
    ).rejects.toMatchObject({ code: "FAILED" });
    await expect(
      createMPayBridge(
        wallet(() => ({ qrCode: "" })),
        events(),
      ).scanQRCode(),
    ).rejects.toMatchObject({ code: "FAILED" });
  });

  it("reads the network type in lower case, and any of the wallet's words for none as NO_NETWORK", async () => {
    const type = (answer: Record<string, unknown>) =>
      createMPayBridge(
        wallet(() => answer),
        events(),
      ).getNetworkType();
    await expect(type({ networkType: "WIFI" })).resolves.toBe("wifi");
    await expect(type({ networkType: "4G", networkAvailable: true })).resolves.toBe("4g");
    await expect(type({ networkType: "NOTREACHABLE" })).resolves.toBe(NO_NETWORK);
    await expect(type({ networkType: "none" })).resolves.toBe(NO_NETWORK);
    await expect(type({ networkType: "WIFI", networkAvailable: false })).resolves.toBe(NO_NETWORK);
    await expect(type({})).resolves.toBe("unknown");
  });

  it("waits for the bridge to become ready, then calls it", async () => {
    const events = new EventTarget();
    // Not there yet when the adapter is made: the wallet injects it later.
    let bridge: MPayJSBridge | undefined = undefined;
    const host = createMPayBridge(() => bridge, { events: events as unknown as Document, readyTimeoutMs: 1_000 });
    const located = host.getLocation();
    bridge = wallet(() => ({ latitude: 22.2, longitude: 113.5 }));
    events.dispatchEvent(new Event(MPAY_READY_EVENT));
    await expect(located).resolves.toEqual({ latitude: 22.2, longitude: 113.5 });
  });

  it("gives up after the timeout when the bridge never comes", async () => {
    vi.useFakeTimers();
    const host = createMPayBridge(() => undefined, { events: new EventTarget() as unknown as Document, readyTimeoutMs: 5_000 });
    const pending = host.getNetworkType();
    vi.advanceTimersByTime(5_001);
    await expect(pending).rejects.toMatchObject({ code: "UNSUPPORTED" });
  });

  it("maps the wallet's answers: paid, left, failed; a refused permission", async () => {
    const answers: Record<string, Record<string, unknown>> = { "9000": { resultStatus: "9000" }, "6001": { resultStatus: "6001" }, "4000": { resultStatus: "4000", memo: "no money" } };
    for (const [status, outcome] of [
      ["9000", { status: "paid" }],
      ["6001", { status: "cancelled" }],
      ["4000", { status: "failed", message: "no money" }],
    ] as const) {
      const host = createMPayBridge(
        wallet(() => answers[status]),
        { events: new EventTarget() as unknown as Document },
      );
      await expect(host.choosePayment({ paymentId: "MC1", amount: 1 })).resolves.toEqual(outcome);
    }
    const denied = createMPayBridge(
      wallet(() => ({ errorCode: 11, errorMessage: "no" })),
      { events: new EventTarget() as unknown as Document },
    );
    await expect(denied.getLocation()).rejects.toMatchObject({ code: "DENIED" });
  });

  it("reports the wallet's events: resume, back, network, and the page's visibility", () => {
    const events = new EventTarget();
    const page = new EventTarget();
    let visible = true;
    const host = createMPayBridge(
      wallet(() => ({})),
      { events: events as unknown as Document, page: { window: page as unknown as Window, visible: () => visible } },
    );
    const seen: HostEvent[] = [];
    const stop = host.on((event) => seen.push(event));
    events.dispatchEvent(new CustomEvent("resume", { detail: { awayMs: 60_000 } }));
    events.dispatchEvent(new Event("back"));
    events.dispatchEvent(new CustomEvent("networkChange", { detail: { isConnected: false, networkType: "none" } }));
    visible = false;
    events.dispatchEvent(new Event("visibilitychange"));
    page.dispatchEvent(new Event("online"));
    stop();
    events.dispatchEvent(new Event("back"));
    expect(seen).toEqual([
      { type: "resume", awayMs: 60_000 },
      { type: "back" },
      { type: "network", online: false, networkType: "none" },
      { type: "visibility", visible: false },
      { type: "network", online: true },
    ]);
  });
});
