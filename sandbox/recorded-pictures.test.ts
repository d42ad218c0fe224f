/**
 * A served recording shows the recorded pictures (harness/serve/pictures.ts): the recorder's keep
 * (harness/record/pictures.ts) fetches them from one sandbox, another serves the folder, and its
 * recorded replies, plain and secure, point at its own /static/recorded/ on the origin each request
 * came to, where the pictures are, as images that never change.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setupServer } from "msw/node";
import { afterEach, beforeEach, expect, it } from "vitest";
import { createFetchTransport } from "#core/api/transport";
import { TASK_DETAIL_URL } from "#core/api/task-center";
import { createGatewayClient } from "#core/node/gateway/client";
import { gatewaySettings } from "#core/node/gateway/settings";
import { PictureKeep } from "#harness/record";
import { recordedExchanges } from "#harness/serve";
import { createSandbox } from "./index";

const RECORDED = "http://127.0.0.1:4010";
const OFFER = `${RECORDED}/static/offers/01-african-chicken-set-for-two.svg`;
const STORE = `${RECORDED}/static/stores/baia-portuguese-kitchen.svg`;

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "mcoin-recorded-pictures-"));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** A folder as the recorder leaves it: a plain and a secure reply pointing at the recorded sandbox's pictures, and those pictures kept. */
async function recordedFolder(): Promise<void> {
  const recorded = createSandbox();
  const plain = { code: 200, msg: "success", data: { image: OFFER, images: [OFFER], store: { logo: STORE }, url: `${RECORDED}/landing` } };
  const secure = { result: { code: "000000", subCode: "0000", message: "ok" }, data: { task_no: "T7", task_type: 0, threshold_type: 0, user_exec_status: 0, threshold_value: 15, icon: STORE } };
  writeFileSync(join(dir, "001-get-api-offer.json"), JSON.stringify({ name: "GET /api/offer", kind: "api", request: { method: "GET", path: "/api/offer" }, response: { status: 200, body: plain } }));
  writeFileSync(
    join(dir, "002-post-task.json"),
    JSON.stringify({
      name: `POST ${TASK_DETAIL_URL}`,
      kind: "secure",
      request: { method: "POST", path: TASK_DETAIL_URL, body: { system_name: "taskCenter", data_source: "H5", task_no: "T7", cust_id_ciphertext: "<cust>" }, headers: { Token: "<cust>" }, auth: true },
      response: { status: 200, body: secure },
    }),
  );
  const keep = new PictureKeep({ dir, problem: (line) => expect.unreachable(line), fetch: (input) => recorded.handle(new Request(input as string)) });
  keep.keepFrom(plain);
  keep.keepFrom(secure);
  await keep.settled();
  expect(keep.size.pictures).toBe(2);
}

it("points a plain recorded reply at the kept pictures on the origin the request came to, and serves them as immutable images", async () => {
  await recordedFolder();
  const served = createSandbox({ recordings: { exchanges: recordedExchanges(dir), strict: true } });
  const reply = (await (await served.handle(new Request("http://127.0.0.1:4999/api/offer"))).json()) as { data: { image: string; images: string[]; store: { logo: string }; url: string } };
  expect(reply.data.image).toMatch(/^http:\/\/127\.0\.0\.1:4999\/static\/recorded\/[0-9a-f]{64}\.svg$/);
  expect(reply.data.images).toEqual([reply.data.image]);
  expect(reply.data.store.logo).toMatch(/^http:\/\/127\.0\.0\.1:4999\/static\/recorded\/[0-9a-f]{64}\.svg$/);
  // Not a picture: left as recorded.
  expect(reply.data.url).toBe(`${RECORDED}/landing`);

  const picture = await served.handle(new Request(reply.data.image));
  expect(picture.status).toBe(200);
  expect(picture.headers.get("content-type")).toBe("image/svg+xml");
  expect(picture.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
  expect(picture.headers.get("x-content-type-options")).toBe("nosniff");
  expect(picture.headers.get("content-security-policy")).toContain("sandbox");
  expect(Buffer.from(await picture.arrayBuffer())).toEqual(readFileSync(join("fixtures/images/offers/01-african-chicken-set-for-two.svg")));
  // Another name, even a real picture's of the fixtures: not the recording's.
  expect((await served.handle(new Request("http://127.0.0.1:4999/static/recorded/01-african-chicken-set-for-two.svg"))).status).toBe(404);
  expect((await served.handle(new Request(`http://127.0.0.1:4999/static/recorded/${"0".repeat(64)}.svg`))).status).toBe(404);
});

it("points a secure recorded reply at the kept pictures too", async () => {
  await recordedFolder();
  const BASE = "http://gateway.test";
  const served = createSandbox({ recordings: { exchanges: recordedExchanges(dir), strict: true } });
  const server = setupServer(...served.handlers);
  server.listen({ onUnhandledRequest: "error" });
  try {
    const settings = gatewaySettings({ environment: "sandbox", vars: {}, sandboxUrl: BASE, sandboxKeys: () => served.state.gatewayKeys });
    const client = createGatewayClient(settings, { transport: createFetchTransport() });
    const reply = await client.call<{ data: { icon: string } }>(TASK_DETAIL_URL, { system_name: "taskCenter", data_source: "H5", task_no: "T7", cust_id_ciphertext: "C1" }, { token: "C1" });
    expect(reply.data.icon).toMatch(/^http:\/\/gateway\.test\/static\/recorded\/[0-9a-f]{64}\.svg$/);
    expect((await fetch(reply.data.icon)).headers.get("content-type")).toBe("image/svg+xml");
  } finally {
    server.close();
  }
});
