import { describe, expect, it } from "vitest";
import remixConfig from "../remix.config.js";
import { MALL_ROUTES } from "../app/route-tree";
import { routeOf } from "./route-of";

interface Registered {
  id: string;
  path?: string;
  index?: boolean;
  caseSensitive?: boolean;
}

/** The routes remix.config.js registers, read by handing its `routes` a defineRoutes that records them. */
function registeredRoutes(): Registered[] {
  const registered: Registered[] = [];
  const defineRoutes = (callback: (route: (path: string | undefined, file: string, options: Registered) => void) => void) => {
    callback((path, _file, options) => registered.push({ ...options, path }));
    return {};
  };
  remixConfig.routes?.(defineRoutes as never);
  return registered;
}

const shape = ({ id, path, index, caseSensitive }: Registered) => ({ id, path: path ?? null, index: index === true, caseSensitive: caseSensitive === true });

describe("routeOf", () => {
  it("knows the routes remix.config.js registers, as it registers them", () => {
    const [root] = MALL_ROUTES;
    expect((root.children ?? []).map((route) => shape(route as Registered))).toEqual(registeredRoutes().map(shape));
  });

  it("is the route Remix answers a target with", () => {
    const cases: [string, string][] = [
      ["/", "start"],
      ["/_root.data?code=x", "start"],
      ["/index?code=x", "index"],
      ["/index/", "index"],
      ["/index.data", "index"],
      ["/./index", "index"],
      ["/%69ndex", "index"],
      ["/INDEX", "notFound"],
      ["/resources/picture?src=a", "resourcePicture"],
      ["/Resources/PICTURE//", "resourcePicture"],
      ["/resources/picture/.data", "resourcePicture"],
      ["/x/../resources/picture", "resourcePicture"],
      ["/resources/%2e/picture", "resourcePicture"],
      ["/resources\\picture", "resourcePicture"],
      ["/resources/%70icture", "resourcePicture"],
      ["/resources//picture", "notFound"],
      ["/resources%2Fpicture", "notFound"],
      ["/resources/picture.data.data", "notFound"],
      ["/mycoupons/abcdefgh", "mycoupons"],
      ["/classify/a%2Fb", "classify"],
      ["/seckill/", "seckill"],
    ];
    for (const [target, id] of cases) expect(routeOf(target).id, target).toBe(id);
  });

  it("tells a single-fetch data request, and reads the query as a loader does", () => {
    expect(routeOf("/index.data?code=x")).toMatchObject({ data: true, pathname: "/index" });
    expect(routeOf("/index?code=x").data).toBe(false);
    expect(routeOf(`/index?${"a=1&".repeat(1000)}%63ode=x`).searchParams.has("code")).toBe(true);
  });
});
