/** Documents and data replies made for one visitor are kept by no cache (private-replies.server.ts). */
import { describe, expect, it } from "vitest";
import { sessionCookie } from "./cookies.server";
import { PRIVATE_CACHE_CONTROL, keepVisitorsOwnPrivate } from "./private-replies.server";

const headersFor = (cookie: string | null, reply: HeadersInit = {}) => {
  const request = new Request("http://localhost/index", { headers: cookie === null ? {} : { cookie } });
  const headers = new Headers(reply);
  keepVisitorsOwnPrivate(request, headers);
  return headers;
};

describe("keepVisitorsOwnPrivate", () => {
  it("marks a reply made with the visitor's session private, whatever it said", async () => {
    const session = await sessionCookie.serialize({ token: "t" });
    const cookie = session.split(";")[0];
    expect(headersFor(cookie).get("cache-control")).toBe(PRIVATE_CACHE_CONTROL);
    expect(headersFor(`mcoin_locale=ImVuIg%3D%3D; ${cookie}`, { "Cache-Control": "public, max-age=60" }).get("cache-control")).toBe(PRIVATE_CACHE_CONTROL);
    // Even one the server cannot read: it is still this visitor's, and the reply replaces it.
    expect(headersFor(`${sessionCookie.name}=forged`).get("cache-control")).toBe(PRIVATE_CACHE_CONTROL);
  });

  it("marks a reply that sets a cookie private", () => {
    expect(headersFor(null, { "Set-Cookie": `${sessionCookie.name}=x; Path=/` }).get("cache-control")).toBe(PRIVATE_CACHE_CONTROL);
  });

  it("leaves a visitor without a session what every visitor gets", () => {
    expect(headersFor(null).get("cache-control")).toBeNull();
    expect(headersFor("mcoin_locale=ImVuIg%3D%3D; mcoin_geo=22.19%2C113.54").get("cache-control")).toBeNull();
    expect(headersFor(null, { "Cache-Control": "public, max-age=60" }).get("cache-control")).toBe("public, max-age=60");
  });
});
