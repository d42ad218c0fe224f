/**
 * Images the fixtures refer to (avatars, offers, store logos, zone and ad banners), from
 * fixtures/images/; and the pictures a served recording kept (harness/serve/pictures.ts), under
 * /static/recorded/.
 */
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { http, HttpResponse, type HttpHandler } from "msw";
import { RECORDED_PICTURES_PATH, type RecordedBook, type RecordedPictures } from "#harness/serve";

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

/**
 * The pictures of the served recordings, by the hash of their bytes: they never change, so any cache
 * keeps them for good. An SVG opened on its own runs nothing.
 */
export function recordedPicturesHandler(recorded: RecordedBook | undefined): HttpHandler {
  const folders = new Set<RecordedPictures>();
  for (const exchange of recorded?.exchanges ?? []) if (exchange.pictures) folders.add(exchange.pictures);
  return http.get(`*${RECORDED_PICTURES_PATH}:file`, async ({ params }) => {
    for (const folder of folders) {
      const picture = await folder.picture(String(params.file));
      if (!picture) continue;
      return new HttpResponse(new Uint8Array(picture.bytes), {
        headers: {
          "content-type": picture.type,
          "cache-control": "public, max-age=31536000, immutable",
          "x-content-type-options": "nosniff",
          "content-security-policy": "default-src 'none'; style-src 'unsafe-inline'; sandbox",
        },
      });
    }
    return new HttpResponse(null, { status: 404 });
  });
}
