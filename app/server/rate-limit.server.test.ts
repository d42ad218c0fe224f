/**
 * The routes that count their own requests (login entries, the task route, the picture route): a
 * client over its limit meets the refusal before the route does anything, a page sent to the error
 * route, a resource as a short 429; each route counts in its own bucket.
 */
import { describe, expect, it } from "vitest";
import { loader as home } from "../routes/index";
import { loader as tokenEntry } from "../routes/mycoupons";
import { loader as picture } from "../routes/resources.picture";
import { action as task } from "../routes/resources.task";
import { loader as start } from "../routes/start";
import { createMallServices, type RouteBucket } from "./services.server";
import { testArgs, testMallContext, testScope } from "./testing.server";

/** The arguments of a request to `address` whose client is over the limit of every bucket, recording which were counted. */
async function overTheLimit(address: string, init?: RequestInit) {
  const counted: RouteBucket[] = [];
  const services = createMallServices({
    rateLimit: async (bucket) => (counted.push(bucket), 42),
    transport: () => Promise.reject(new Error("no gateway call may be made")),
  });
  return { args: testArgs(testMallContext(await testScope(address, { services, init }))), counted };
}

async function refusal(pending: Promise<unknown>) {
  const thrown = await pending.then(
    () => null,
    (error: unknown) => error,
  );
  return thrown;
}

describe("a route over its own limit", () => {
  it("a login entry: the error route, before any code is exchanged", async () => {
    for (const [route, address] of [
      [home, "http://localhost/index?code=a"],
      [start, "http://localhost/?code=b"],
      [tokenEntry, "http://localhost/mycoupons/abcdefgh"],
    ] as const) {
      const { args, counted } = await overTheLimit(address);
      const thrown = (await refusal(route({ ...args, params: { token: "abcdefgh" } }))) as Response;
      expect(thrown.status, address).toBe(303);
      expect(thrown.headers.get("location")).toBe(`/error?code=RATE_LIMITED&from=${encodeURIComponent(new URL(address).pathname)}`);
      expect(thrown.headers.get("retry-after")).toBe("42");
      expect(counted).toEqual(["login"]);
    }
  });

  it("the picture and task routes: a short 429", async () => {
    const pictureRequest = await overTheLimit("http://localhost/resources/picture?src=http%3A%2F%2Flocalhost%3A4010%2Fx.png");
    const refusedPicture = (await refusal(picture(pictureRequest.args))) as Response;
    expect(refusedPicture.status).toBe(429);
    expect(await refusedPicture.json()).toEqual({ ok: false, code: "RATE_LIMITED" });
    expect(pictureRequest.counted).toEqual(["picture"]);

    const taskRequest = await overTheLimit("http://localhost/resources/task", { method: "POST", body: new URLSearchParams({ intent: "detail", token: "C1", no: "T1" }) });
    expect(((await refusal(task(taskRequest.args))) as Response).status).toBe(429);
    expect(taskRequest.counted).toEqual(["task"]);
  });

  it("home without a login code counts nothing", async () => {
    const { args, counted } = await overTheLimit("http://localhost/index");
    await refusal(home(args));
    expect(counted).toEqual([]);
  });
});
