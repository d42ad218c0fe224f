import { describe, expect, it, vi } from "vitest";
import type { ClientLoaderFunctionArgs } from "@remix-run/react";
import { INTENT_KEPT_MS, aheadHref, askAhead, intentClientLoader } from "./intent-data";

const load = (url: string, serverLoader: () => Promise<unknown>) => intentClientLoader({ request: new Request(url), serverLoader, params: {} } as unknown as ClientLoaderFunctionArgs);
/** The fetcher's load asked ahead for `path` (components/list-link.tsx). */
const loadAhead = (path: string, serverLoader: () => Promise<unknown>) => load(`http://mall.test${aheadHref(path)}`, serverLoader);

describe("data asked for ahead of a tap", () => {
  it("is loaded once, by the first load after the touch, and handed to the next", async () => {
    const server = vi.fn(async () => ({ offer: 7 }));
    askAhead("/coupon_details/7");
    const ahead = loadAhead("/coupon_details/7", server);
    const tapped = load("http://mall.test/coupon_details/7", server);
    expect(await tapped).toEqual({ offer: 7 });
    // The fetcher's own answer is never shown: it holds nothing.
    expect(await ahead).toBeNull();
    expect(server).toHaveBeenCalledTimes(1);
    // Used: the next load is the server's again.
    await load("http://mall.test/coupon_details/7", server);
    expect(server).toHaveBeenCalledTimes(2);
  });

  it("is not kept for another address, nor past its time; a failure is the tap's too, and the load after asks again", async () => {
    const server = vi.fn(async () => "fresh");
    askAhead("/coupon_details/8");
    await load("http://mall.test/coupon_details/9", server);
    await load("http://mall.test/coupon_details/9", server);
    expect(server).toHaveBeenCalledTimes(2);

    askAhead("/coupon_details/10", { now: Date.now() - INTENT_KEPT_MS - 1 });
    await load("http://mall.test/coupon_details/10", server);
    await load("http://mall.test/coupon_details/10", server);
    expect(server).toHaveBeenCalledTimes(4);

    const failing = vi.fn(async () => Promise.reject(new Error("gateway down")));
    askAhead("/coupon_details/11");
    // The touch's own load never fails: the router would show its failure on the screen touched.
    await expect(loadAhead("/coupon_details/11", failing)).resolves.toBeNull();
    // The tap after the failed touch meets the same failure, without a second call.
    await expect(load("http://mall.test/coupon_details/11", failing)).rejects.toThrow("gateway down");
    expect(failing).toHaveBeenCalledTimes(1);
    await expect(load("http://mall.test/coupon_details/11", failing)).rejects.toThrow("gateway down");
    expect(failing).toHaveBeenCalledTimes(2);
  });

  it("is shared with a tap that comes before the fetcher's load; a fetcher without a live touch asks nothing", async () => {
    const server = vi.fn(async () => ({ offer: 12 }));
    askAhead("/coupon_details/12?from=home");
    expect(await load("http://mall.test/coupon_details/12?from=home", server)).toEqual({ offer: 12 });
    // The tap took the touch's load: the fetcher's, after it, asks nothing.
    expect(await loadAhead("/coupon_details/12?from=home", server)).toBeNull();
    expect(server).toHaveBeenCalledTimes(1);
    // A revalidation of the fetcher, after an action on the screen, asks nothing either.
    expect(await loadAhead("/coupon_details/12?from=home", server)).toBeNull();
    expect(server).toHaveBeenCalledTimes(1);
  });

  it("asked beside the module, is asked at the touch and handed to the first load, which asks the page only when the answer holds no data", async () => {
    const answers: Response[] = [Response.json({ offer: 13 }), new Response(null, { status: 204 })];
    const fetched = vi.fn(async (_url: string) => answers.shift()!);
    vi.stubGlobal("fetch", fetched);
    try {
      const server = vi.fn(async () => ({ offer: "the page's" }));
      askAhead("/coupon_details/13?from=home", { beside: true });
      // At the touch, before any load: the page's address, as routes/resources.ahead.ts takes it.
      expect(fetched).toHaveBeenCalledTimes(1);
      expect(fetched.mock.calls[0][0]).toBe(`/resources/ahead?${new URLSearchParams({ to: "/coupon_details/13?from=home" })}`);
      expect(await loadAhead("/coupon_details/13?from=home", server)).toBeNull();
      expect(await load("http://mall.test/coupon_details/13?from=home", server)).toEqual({ offer: 13 });
      expect(server).not.toHaveBeenCalled();

      // A 204 (no such offer, a member to sign in): the tap asks the page, once.
      askAhead("/coupon_details/14", { beside: true });
      expect(await load("http://mall.test/coupon_details/14", server)).toEqual({ offer: "the page's" });
      expect(server).toHaveBeenCalledTimes(1);
      // Not beside: nothing is fetched at the touch.
      askAhead("/coupon_details/15");
      expect(fetched).toHaveBeenCalledTimes(2);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it("asked beside the module, where the page would send the member elsewhere, sends the tap there, and the touch alone nowhere", async () => {
    const signIn = "https://gateway.test/oauth/authorize?state=classify";
    const fetched = vi.fn(async (_url: string) => new Response(null, { status: 202, headers: { "X-Remix-Redirect": signIn } }));
    vi.stubGlobal("fetch", fetched);
    try {
      const server = vi.fn(async () => ({ listing: "the page's" }));
      askAhead("/classifys/1-Food", { beside: true });
      // The fetcher's load, on the touch: nothing to follow, and nothing shown.
      expect(await loadAhead("/classifys/1-Food", server)).toBeNull();
      // The tap's: the page's own redirect, which the router follows; the page is not asked again.
      const sent = await load("http://mall.test/classifys/1-Food", server).then(
        () => null,
        (thrown: unknown) => thrown,
      );
      expect(sent).toBeInstanceOf(Response);
      expect((sent as Response).status).toBe(302);
      expect((sent as Response).headers.get("Location")).toBe(signIn);
      expect(server).not.toHaveBeenCalled();
      expect(fetched).toHaveBeenCalledTimes(1);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
