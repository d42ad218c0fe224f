/**
 * A picture of the catalog, brought from one of the environment's image hosts (pictures.server.ts):
 * GET `?src=<the picture's address>`, for anyone, as the pictures are. An address that is not a
 * picture host's is refused (404); a picture the host does not have, or that is not a picture, is not
 * found (404); a host that cannot be reached is a 502. The bytes are served as the picture they say
 * they are, and never as a document of the mall's: an SVG opened on its own gets a sandbox with no
 * scripts.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { gatewayEnvironment, imageOrigins } from "../server/config.server";
import { PictureError, bringPicture } from "../server/pictures.server";

const QuerySchema = z.object({ src: z.string().min(1).max(2048) });

const plain = (status: number) => new Response(null, { status, headers: { "Cache-Control": "no-store" } });

/** A web address on one of `origins`, or null. */
function pictureAddress(src: string, origins: readonly string[]): URL | null {
  let url: URL;
  try {
    url = new URL(src);
  } catch {
    return null;
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return null;
  if (url.username || url.password) return null;
  return origins.includes(url.origin) ? url : null;
}

export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const query = QuerySchema.safeParse({ src: url.searchParams.get("src") ?? undefined });
  if (!query.success || url.searchParams.getAll("src").length !== 1) return plain(400);
  const src = pictureAddress(query.data.src, imageOrigins(gatewayEnvironment(url)));
  if (!src) return plain(404);
  try {
    const picture = await bringPicture(src);
    return new Response(picture.bytes, {
      headers: {
        "Content-Type": picture.type,
        "Content-Length": String(picture.bytes.length),
        "Cache-Control": picture.maxAge > 0 ? `public, max-age=${picture.maxAge}` : "no-cache",
        // Opened as a document (an SVG), it runs nothing and reaches nothing.
        "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'; sandbox",
      },
    });
  } catch (error) {
    if (error instanceof PictureError) return plain(error.status);
    throw error;
  }
}
