/**
 * /resources/offers, the further pages of home's list and of a listing: a search's query is the
 * registry's own (searchProduct), so what the gateway refuses the route refuses first (400), and the
 * page size is the mall's.
 */
import { describe, expect, it } from "vitest";
import { inProcess, IN_PROCESS_BASE } from "../../sandbox/testing";
import { createMallServices } from "../server/services.server";
import { testArgs, testMallContext, testScope } from "../server/testing.server";
import { OFFER_PAGE_SIZE } from "../lib/catalog/filters";
import { loader } from "./resources.offers";

const sandbox = inProcess();
const services = createMallServices({
  transport: async (request) => {
    const response = await sandbox.sandbox.handle(new Request(request.url, { method: request.method, headers: request.headers, body: request.body }));
    return { status: response.status, headers: response.headers, text: await response.text() };
  },
});

async function page(search: string) {
  const mall = testMallContext(await testScope(`http://localhost/resources/offers${search}`, { services, environment: { apiBase: IN_PROCESS_BASE } }));
  const response = (await loader(testArgs(mall))) as Response;
  return { status: response.status, body: (await response.json()) as { ok: boolean; page?: { list: unknown[]; page: number } } };
}

describe("/resources/offers", () => {
  it("answers a listing's next page with the search's own query, at the mall's page size", async () => {
    const { status, body } = await page("?list=search&keyword=&sort=price&page=1");
    expect(status).toBe(200);
    expect(body.ok).toBe(true);
    expect(body.page?.page).toBe(1);
    expect(body.page?.list.length).toBe(OFFER_PAGE_SIZE);
  });

  it("refuses what the registry's declaration refuses: a sort it does not know, a keyword with a control character, a district that is not one", async () => {
    for (const search of ["?list=search&sort=cheapest&page=2", "?list=search&keyword=a%00b&page=2", "?list=search&districtId=..%2Fx&page=2", "?list=home&tab=everything&page=2", "?list=all"]) {
      expect((await page(search)).status, search).toBe(400);
    }
  });
});
