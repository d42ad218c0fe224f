/**
 * The stubs the repository ships (fixtures/stubs/) hold no host: their pictures follow whichever
 * sandbox serves them (`{{request.baseUrl}}`, docs/stubs.md, "Responses and templating").
 */
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { inProcess } from "../testing";

const STUBS_DIR = fileURLToPath(new URL("../../fixtures/stubs", import.meta.url));

describe("fixtures/stubs/offer-1-sold-out.json", () => {
  it("answers offer 1 sold out, its pictures at the address it was asked at", async () => {
    const { sandbox } = inProcess({ stubsDir: STUBS_DIR });
    for (const base of ["http://127.0.0.1:4999", "http://localhost:5123"]) {
      const reply = (await (await sandbox.handle(new Request(`${base}/api/business/productdetail?id=1`))).json()) as {
        data: { stock: number; image: string; images: string[]; stores: { logo: string }[] };
      };
      expect(reply.data.stock).toBe(0);
      const pictures = [reply.data.image, ...reply.data.images, ...reply.data.stores.map((store) => store.logo)];
      expect(pictures).toHaveLength(7);
      for (const picture of pictures) expect(picture).toMatch(new RegExp(`^${base}/static/(offers|stores)/[a-z0-9-]+\\.webp$`));
    }
  });
});
