import { describe, expect, it } from "vitest";
import { DEFAULT_MALL_PORT } from "#core/environments";
import { listenAddress } from "./listen-address";

describe("the mall's listen address", () => {
  it("is PORT on every interface unless MCOIN_LISTEN_HOST names one", () => {
    expect(listenAddress({})).toEqual({ port: DEFAULT_MALL_PORT, host: undefined });
    expect(listenAddress({ PORT: "5123", MCOIN_LISTEN_HOST: "" })).toEqual({ port: 5123, host: undefined });
    expect(listenAddress({ PORT: "5123", MCOIN_LISTEN_HOST: "127.0.0.1" })).toEqual({ port: 5123, host: "127.0.0.1" });
  });
});
