/** Images the fixtures refer to (avatars, offers, store logos, zone and ad banners), from fixtures/images/. */
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { http, HttpResponse, type HttpHandler } from "msw";

const STATIC_TYPES = new Map([
  ["svg", "image/svg+xml"],
  ["png", "image/png"],
  ["jpg", "image/jpeg"],
  ["webp", "image/webp"],
]);

export function staticHandler(fixturesDir: string): HttpHandler {
  return http.get("*/static/:folder/:file", async ({ params }) => {
    const folder = String(params.folder);
    const file = String(params.file);
    const type = STATIC_TYPES.get(file.split(".").pop() ?? "");
    if (!/^[a-z0-9-]+$/i.test(folder) || !/^[a-z0-9._-]+$/i.test(file) || file.includes("..") || !type) {
      return new HttpResponse(null, { status: 404 });
    }
    try {
      const body = await readFile(join(fixturesDir, "images", folder, file));
      return new HttpResponse(body, { headers: { "content-type": type, "cache-control": "public, max-age=86400" } });
    } catch {
      return new HttpResponse(null, { status: 404 });
    }
  });
}
