/**
 * The per-request mall context: made once, by the first loader that asks, from the request Remix
 * hands the loaders (a data request's address is its page's); a token rotated a moment ago taken up;
 * the session's changes on the reply only when something changed it, once; and one sign-in nonce
 * however many loaders send the member to sign in.
 */
import { createRequestHandler, type AppLoadContext, type ServerBuild } from "@remix-run/node";
import { describe, expect, it } from "vitest";
import { mallContext, sessionCookieOf, type MallContext } from "./context.server";
import { signInRedirect } from "./member.server";
import { createMallServices } from "./services.server";
import { MallSession, freshSession } from "./session.server";
import { SIGN_IN_NONCE_PARAM } from "./session-entry.server";

/** The session cookie of a member holding `token`, as the browser sends it back. */
async function sessionCookieOfToken(token: string): Promise<string> {
  const session = new MallSession(await freshSession(), new Request("http://localhost/index"));
  session.set("token", token);
  return (await session.commit()).split(";")[0];
}

/** What the server gives each request (server/load-context.ts). */
const loadContext = (services = createMallServices()): AppLoadContext => ({ cspNonce: "n", clientAddress: "127.0.0.1", services });

describe("the mall context", () => {
  it("is made from the request Remix hands the loaders, once, and shared by every loader of the request", async () => {
    const made: MallContext[] = [];
    const loader = async (args: { request: Request; context: AppLoadContext }) => {
      made.push(await mallContext(args));
      return null;
    };
    const build = {
      mode: "production",
      entry: { module: { default: () => new Response("a page") } },
      routes: {
        root: { id: "root", path: "", module: { loader, default: () => null } },
        page: { id: "page", parentId: "root", path: "things/:id", module: { default: () => null, loader } },
      },
      assets: { entry: { module: "/entry.js", imports: [] }, routes: {}, url: "/manifest.js", version: "1" },
      publicPath: "/",
      assetsBuildDirectory: "build/client",
      future: { v3_singleFetch: true },
      isSpaMode: false,
    } as unknown as ServerBuild;
    const context = loadContext();
    await createRequestHandler(build, "production")(new Request("http://localhost/things/7.data?tab=used&_routes=root,page&index&index=2"), context);
    expect(made).toHaveLength(2);
    expect(made[0]).toBe(made[1]);
    expect(made[0].url.href).toBe("http://localhost/things/7?tab=used&index=2");
    expect(made[0].environment.name).toBe("sandbox");
  });

  it("takes the page's address without the marker of a load asked ahead (lib/intent-data.ts)", async () => {
    const mall = await mallContext({ request: new Request("http://localhost/classify/%E5%92%96%E5%95%A1?_ahead=1&sort=price"), context: loadContext() });
    expect(mall.url.pathname + mall.url.search).toBe("/classify/%E5%92%96%E5%95%A1?sort=price");
  });

  it("reads the session once, and leaves it unchanged unless something changes it", async () => {
    const cookie = await sessionCookieOfToken("sbx_token-a");
    const context = loadContext();
    const mall = await mallContext({ request: new Request("http://localhost/myOrder", { headers: { cookie } }), context });
    expect(mall.member?.token).toBe("sbx_token-a");
    expect(mall.session.isPending).toBe(false);
    expect(mall.session.takeFlash("hostConfig")).toBeUndefined();
    mall.session.unset("secretDoor");
    expect(await sessionCookieOf(context)).toBeNull();
    mall.session.set("clauseChecked", true);
    expect(await sessionCookieOf(context)).toMatch(/^__mcoin_session=/);
    // Committed once: the same changes are not set twice on one reply.
    expect(await sessionCookieOf(context)).toBeNull();
    expect(await sessionCookieOf(loadContext())).toBeNull();
  });

  it("takes up a token another request rotated a moment ago, and commits it", async () => {
    const services = createMallServices();
    await services.rotations.remember("sbx_token-old", "sbx_token-new");
    const request = new Request("http://localhost/index", { headers: { cookie: await sessionCookieOfToken("sbx_token-old") } });
    const mall = await mallContext({ request, context: loadContext(services) });
    expect(mall.member?.token).toBe("sbx_token-new");
    expect(mall.session.isPending).toBe(true);
  });

  it("gives every sign-in redirect of one request the nonce its session keeps, and the session with it", async () => {
    const mall = await mallContext({ request: new Request("http://localhost/myOrder"), context: loadContext() });
    const nonceOf = (response: Response) => new URL(new URL(response.headers.get("location")!).searchParams.get("redirect_uri")!).searchParams.get(SIGN_IN_NONCE_PARAM);
    const [first, second] = await Promise.all([signInRedirect(mall, { becauseNotLogin: false }), signInRedirect(mall, { becauseNotLogin: true })]);
    expect(nonceOf(first)).toBe(mall.session.get("signInNonce"));
    expect(nonceOf(second)).toBe(mall.session.get("signInNonce"));
    // A document's redirect is sent as it was made: it carries the session that holds the nonce.
    expect(first.headers.getSetCookie().some((line) => line.startsWith("__mcoin_session="))).toBe(true);
    expect(first.headers.get("cache-control")).toBe("private, no-store");
  });
});
