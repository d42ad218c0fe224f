/** The page's view of the gateway's clock: half the round trip, a monotonic clock, the best reading. */
import { describe, expect, it } from "vitest";
import { MAX_READING_AGE_MS, createServerClock } from "./server-clock";

/** A phone whose wall clock is an hour wrong and whose monotonic clock we move by hand. */
function phone(wallOffsetMs = 3_600_000) {
  let mono = 1_000;
  const GATEWAY_EPOCH = Date.UTC(2026, 10, 21, 12, 0, 0);
  return {
    gatewayAt: (monoAt: number) => GATEWAY_EPOCH + monoAt,
    sources: { wall: () => GATEWAY_EPOCH + mono + wallOffsetMs, monotonic: () => mono },
    advance(ms: number) {
      mono += ms;
    },
    get mono() {
      return mono;
    },
  };
}

describe("the server clock", () => {
  it("uses the phone's clock only until its first reading", () => {
    const device = phone();
    const clock = createServerClock(device.sources);
    expect(clock.synced).toBe(false);
    expect(clock.now()).toBe(device.sources.wall());
    expect(clock.uncertaintyMs).toBe(Number.POSITIVE_INFINITY);
  });

  it("takes a reading at the middle of its round trip, and runs on from it whatever the phone's wall clock says", () => {
    const device = phone();
    const clock = createServerClock(device.sources);
    const sentAt = device.mono;
    device.advance(200); // the gateway reads its clock halfway, 100 ms after sending
    const sysTime = device.gatewayAt(sentAt + 100);
    device.advance(0);
    clock.sync(sysTime, sentAt, device.mono);
    expect(clock.now()).toBe(device.gatewayAt(device.mono));
    expect(clock.uncertaintyMs).toBe(100);
    device.advance(3_000);
    expect(clock.now()).toBe(device.gatewayAt(device.mono));
    // The wall clock is an hour ahead: nothing of it shows.
    expect(device.sources.wall() - clock.now()).toBe(3_600_000);
  });

  it("keeps the reading with the shortest round trip, unless it is over a minute old", () => {
    const device = phone(0);
    const clock = createServerClock(device.sources);
    const read = (trip: number, skewMs: number) => {
      const sentAt = device.mono;
      device.advance(trip);
      clock.sync(device.gatewayAt(sentAt + trip / 2) + skewMs, sentAt, device.mono);
    };
    read(40, 0);
    read(400, 150); // slow and off: ignored
    expect(clock.uncertaintyMs).toBe(20);
    expect(clock.now()).toBe(device.gatewayAt(device.mono));
    device.advance(MAX_READING_AGE_MS + 1);
    read(400, 150); // the old reading has aged out
    expect(clock.uncertaintyMs).toBe(200);
    expect(clock.now()).toBe(device.gatewayAt(device.mono) + 150);
  });

  it("ignores readings that cannot be right", () => {
    const device = phone();
    const clock = createServerClock(device.sources);
    clock.sync(Number.NaN, device.mono, device.mono);
    clock.sync(123, device.mono + 10, device.mono); // received before it was sent
    expect(clock.synced).toBe(false);
    clock.sync(device.gatewayAt(device.mono));
    expect(clock.now()).toBe(device.gatewayAt(device.mono));
  });

  it("takes a reading without its round trip as an estimate, which any measured reading replaces", () => {
    const device = phone();
    const clock = createServerClock(device.sources);
    clock.sync(device.gatewayAt(device.mono) - 5_000);
    expect(clock.synced).toBe(true);
    expect(clock.uncertaintyMs).toBe(Number.POSITIVE_INFINITY);
    const sentAt = device.mono;
    device.advance(900);
    clock.sync(device.gatewayAt(sentAt + 450), sentAt, device.mono);
    expect(clock.now()).toBe(device.gatewayAt(device.mono));
    clock.sync(device.gatewayAt(device.mono) - 5_000);
    expect(clock.now()).toBe(device.gatewayAt(device.mono));
  });
});
