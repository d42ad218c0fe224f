import { describe, expect, it } from "vitest";
import { HOST_LOCATION_PERMISSION_KEY, HOST_LOG_KEY, HOST_SCAN_KEY, MACAU_LOCATION, SIMULATED_EVENT, createSimulatedHost } from "./simulated-host";
import { NO_NETWORK } from "./types";

function memoryStorage() {
  const data = new Map<string, string>();
  return {
    getItem: (key: string) => data.get(key) ?? null,
    setItem: (key: string, value: string) => void data.set(key, value),
    removeItem: (key: string) => void data.delete(key),
  };
}

describe("the simulated host", () => {
  it("logs every call where a later page load can read it", async () => {
    const storage = memoryStorage();
    const host = createSimulatedHost({ storage, now: () => 1 });
    await host.configure({ appId: "x" });
    await host.setStatusBarColor("#fff");
    await host.trackEvent({ name: "page_view", page: "index" });
    const again = createSimulatedHost({ storage });
    expect(again.calls().map((call) => call.method)).toEqual(["configure", "setStatusBarColor", "trackEvent"]);
    expect(JSON.parse(storage.getItem(HOST_LOG_KEY) ?? "[]")[0]).toEqual({ method: "configure", args: [{ appId: "x" }], at: 1 });
  });

  it("tells the page when it closes the web view or goes back", async () => {
    const events: string[] = [];
    const host = createSimulatedHost({ onEvent: (event) => events.push(event.type) });
    await host.closeWindow();
    await host.goBack();
    expect(events).toEqual(["closed", "went-back"]);
  });

  it("is in Macau, unless the member refused location", async () => {
    const storage = memoryStorage();
    const host = createSimulatedHost({ storage });
    await expect(host.getLocation()).resolves.toEqual(MACAU_LOCATION);
    storage.setItem(HOST_LOCATION_PERMISSION_KEY, "denied");
    await expect(host.getLocation()).rejects.toMatchObject({ code: "DENIED" });
  });

  it("reports device info as H5 in MPay", async () => {
    const info = await createSimulatedHost({ screen: { width: 390, height: 844 } }).getSystemInfo();
    expect(info).toMatchObject({ terminalType: "H5", app: "MPay", screenWidth: 390, screenHeight: 844 });
  });

  it("refuses payment without a cashier rather than pretending", async () => {
    await expect(createSimulatedHost().choosePayment({ paymentId: "p1", amount: 10 })).rejects.toMatchObject({ code: "UNSUPPORTED" });
  });

  it("scans what it is told to read; without a scanner, a closed scanner or a refused camera it says so", async () => {
    const storage = memoryStorage();
    const host = createSimulatedHost({ storage });
    await expect(host.scanQRCode()).rejects.toMatchObject({ code: "UNSUPPORTED" });
    storage.setItem(HOST_SCAN_KEY, JSON.stringify({ text: "GIFT-CONGEE" }));
    await expect(host.scanQRCode()).resolves.toBe("GIFT-CONGEE");
    storage.setItem(HOST_SCAN_KEY, JSON.stringify({ cancel: true }));
    await expect(host.scanQRCode()).rejects.toMatchObject({ code: "CANCELLED" });
    storage.setItem(HOST_SCAN_KEY, JSON.stringify({ deny: true }));
    await expect(host.scanQRCode()).rejects.toMatchObject({ code: "DENIED" });
    storage.setItem(HOST_SCAN_KEY, "not json");
    await expect(host.scanQRCode()).rejects.toMatchObject({ code: "UNSUPPORTED" });
    expect(host.calls().filter((call) => call.method === "scanQRCode")).toHaveLength(5);
  });

  it("has no network while the browser is offline or the dev panel played the network going", async () => {
    const window = new EventTarget();
    const page = { window, document: new EventTarget(), visible: () => true, online: () => false };
    const host = createSimulatedHost({ page });
    await expect(host.getNetworkType()).resolves.toBe(NO_NETWORK);
    await expect(host.getSystemInfo()).resolves.toMatchObject({ networkType: NO_NETWORK });
    window.dispatchEvent(new Event("online"));
    await expect(host.getNetworkType()).resolves.toBe("wifi");
    window.dispatchEvent(new CustomEvent(SIMULATED_EVENT, { detail: { type: "network", online: false, networkType: "none" } }));
    await expect(host.getNetworkType()).resolves.toBe(NO_NETWORK);
    await expect(createSimulatedHost().getNetworkType()).resolves.toBe("wifi");
  });
});
