/**
 * proxyBaseUrl without a socket (sandbox/stubs/proxy.ts): where the call goes, what goes with it, and
 * an environment that never answers given up on the sandbox's timer (held here). The wire itself is
 * proxy.integration.test.ts.
 */
import { describe, expect, it } from "vitest";
import { StubResponseSchema } from "#core/controls/stubs";
import { HeldTimer } from "../instruments/timer";
import { replyOf, type StubAnswer } from "./answer";
import { PROXY_HOPS_HEADER, proxyTarget } from "./proxy";

const answer = (response: unknown): StubAnswer => ({ id: "p", response: StubResponseSchema.parse(response) });
const request = (headers: Record<string, string> = {}) => ({
  method: "POST",
  url: new URL("http://sandbox.test/uat/orders/1?x=2"),
  headers: new Headers({ host: "sandbox.test", "content-length": "2", ...headers }),
  body: new TextEncoder().encode("{}"),
});

describe("proxyBaseUrl", () => {
  it("goes to the base URL with the path less the prefix and the query", () => {
    expect(proxyTarget("https://uat.example/api/", new URL("http://s.test/uat/orders/1?x=2"), "/uat").href).toBe("https://uat.example/api/orders/1?x=2");
    expect(proxyTarget("https://uat.example", new URL("http://s.test/orders"), undefined).href).toBe("https://uat.example/orders");
  });

  it("sends the body and the headers but the connection's own and those removed, with those added; passes the reply back", async () => {
    const sent: { url: string; init: RequestInit }[] = [];
    const send = (async (url: URL, init: RequestInit) => {
      sent.push({ url: url.href, init });
      return new Response("behind", { status: 418, statusText: "Teapot", headers: { "x-from": "uat", "content-length": "6" } });
    }) as typeof fetch;
    const reply = await replyOf(
      answer({
        proxyBaseUrl: "http://uat.test",
        proxyUrlPrefixToRemove: "/uat",
        removeProxyRequestHeaders: ["X-Secret"],
        additionalProxyRequestHeaders: { "X-Env": "{{request.method}}" },
        transformers: ["response-template"],
      }),
      request({ "x-secret": "s", "x-kept": "k" }),
      { timer: new HeldTimer(), now: Date.now, globalTemplating: false, fetch: send },
    );
    expect(sent[0].url).toBe("http://uat.test/orders/1?x=2");
    const headers = new Headers(sent[0].init.headers);
    expect([headers.get("x-kept"), headers.get("x-secret"), headers.get("host"), headers.get("x-env"), headers.get(PROXY_HOPS_HEADER)]).toEqual(["k", null, null, "POST", "1"]);
    expect(new TextDecoder().decode(sent[0].init.body as Uint8Array)).toBe("{}");
    expect(reply).toMatchObject({ kind: "reply", status: 418, statusMessage: "Teapot", asIs: true });
    if (reply.kind !== "reply") throw new Error("a reply");
    expect([reply.headers.get("x-from"), reply.headers.get("content-length"), new TextDecoder().decode(reply.body ?? undefined)]).toEqual(["uat", null, "behind"]);
  });

  it("gives up on an environment that never answers when the sandbox's timer says so, with WireMock's 500", async () => {
    const timer = new HeldTimer();
    const send = ((_url: URL, init: RequestInit) => new Promise((_resolve, reject) => init.signal?.addEventListener("abort", () => reject(init.signal?.reason as Error)))) as typeof fetch;
    const replying = replyOf(answer({ proxyBaseUrl: "http://uat.test" }), request(), { timer, now: Date.now, globalTemplating: false, fetch: send });
    expect(await timer.waiting()).toBe(60_000);
    timer.release();
    const reply = await replying;
    expect(reply).toMatchObject({ kind: "reply", status: 500 });
    if (reply.kind !== "reply") throw new Error("a reply");
    expect(new TextDecoder().decode(reply.body ?? undefined)).toBe("Network failure trying to make a proxied request from the sandbox to http://uat.test/uat/orders/1?x=2: no reply in 60 s");
  });

  it("refuses a call forwarded five times: a stub that proxies to its own sandbox", async () => {
    const reply = await replyOf(answer({ proxyBaseUrl: "http://uat.test" }), request({ [PROXY_HOPS_HEADER]: "5" }), { timer: new HeldTimer(), now: Date.now, globalTemplating: false, fetch: fetch });
    expect(reply).toMatchObject({ kind: "reply", status: 508 });
  });
});
