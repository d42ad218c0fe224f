/**
 * The per-request context: made once, the page's address as Remix hands it to the loaders, a token
 * rotated a moment ago taken up, the session pending only when something changed it, and one sign-in
 * nonce however many loaders send the member to sign in.
 */
import { createRequestHandler, type ServerBuild } from "@remix-run/node";
import { afterEach, describe, expect, it } from "vitest";
import { createAppLoadContext, pageUrl } from "./context.server";
import { signInRedirect } from "./member.server";
import { MallSession, freshSession } from "./session.server";
import { SIGN_IN_NONCE_PARAM } from "./session-entry.server";
import { forgetRotations, rememberRotation } from "./token-rotation.server";

afterEach(forgetRotations);

/** The session cookie of a member holding `token`, as the browser sends it back. */
async function sessionCookieOf(token: string): Promise<string> {
  const session = new MallSession(await freshSession(), new Request("http://localhost/index"));
  session.set("token", token);
  return (await session.commit()).split(";")[0];
}

describe("the page a request is for", () => {
  it("is the one Remix hands the loaders, a single-fetch data request's included", async () => {
    const seen: [string, string][] = [];
    const build = {
      mode: "production",
      entry: { module: { default: () => new Response("a page") } },
      routes: {
        root: { id: "root", path: "", module: { loader: () => null, default: () => null } },
        page: {
          id: "page",
          parentId: "root",
          path: "things/:id",
          module: { default: () => null, loader: ({ request }: { request: Request }) => (seen.push([request.url, pageUrl(raw).href]), null) },
        },
      },
      assets: { entry: { module: "/entry.js", imports: [] }, routes: {}, url: "/manifest.js", version: "1" },
      publicPath: "/",
      assetsBuildDirectory: "build/client",
      future: { v3_singleFetch: true },
      isSpaMode: false,
    } as unknown as ServerBuild;
    let raw = new Request("http://localhost/things/7.data?tab=used&_routes=page&index&index=2");
    await createRequestHandler(build, "production")(raw);
    raw = new Request("http://localhost/things/8?_routes=page&index=");
    await createRequestHandler(build, "production")(raw);
    expect(seen).toHaveLength(2);
    for (const [loaders, context] of seen) expect(context).toBe(loaders);
    expect(seen[0][0]).toBe("http://localhost/things/7?tab=used&index=2");
    expect(pageUrl(new Request("http://localhost/_root.data")).pathname).toBe("/");
    expect(pageUrl(new Request("http://localhost/index?code=x")).href).toBe("http://localhost/index?code=x");
  });
});

describe("the load context", () => {
  it("reads the session once, and leaves it unchanged unless something changes it", async () => {
    const cookie = await sessionCookieOf("sbx_token-a");
    const context = await createAppLoadContext(new Request("http://localhost/myOrder.data", { headers: { cookie } }), { cspNonce: "n" });
    expect(context.member?.token).toBe("sbx_token-a");
    expect(context.url.pathname).toBe("/myOrder");
    expect(context.environment.name).toBe("sandbox");
    expect(context.session.isPending).toBe(false);
    expect(context.session.takeFlash("hostConfig")).toBeUndefined();
    context.session.unset("secretDoor");
    expect(context.session.isPending).toBe(false);
    context.session.set("clauseChecked", true);
    expect(context.session.isPending).toBe(true);
  });

  it("takes up a token another request rotated a moment ago, and commits it", async () => {
    rememberRotation("sbx_token-old", "sbx_token-new");
    const context = await createAppLoadContext(new Request("http://localhost/index", { headers: { cookie: await sessionCookieOf("sbx_token-old") } }), { cspNonce: "n" });
    expect(context.member?.token).toBe("sbx_token-new");
    expect(context.session.isPending).toBe(true);
  });

  it("gives every sign-in redirect of one request the nonce its session keeps", async () => {
    const context = await createAppLoadContext(new Request("http://localhost/myOrder"), { cspNonce: "n" });
    const nonceOf = (response: Response) => new URL(new URL(response.headers.get("location")!).searchParams.get("redirect_uri")!).searchParams.get(SIGN_IN_NONCE_PARAM);
    const [first, second] = await Promise.all([signInRedirect(context, { becauseNotLogin: false }), signInRedirect(context, { becauseNotLogin: true })]);
    expect(nonceOf(first)).toBe(context.session.get("signInNonce"));
    expect(nonceOf(second)).toBe(context.session.get("signInNonce"));
    expect(context.session.isPending).toBe(true);
  });
});
