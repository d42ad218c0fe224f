/**
 * A picture of the catalog, brought from one of the environment's image hosts (pictures.server.ts):
 * GET `?src=<the picture's address>`, for anyone, as the pictures are; with `&w=<pixels>`, the
 * picture at one of PICTURE_WIDTHS (lib/images/picture.ts; any other width is a 400). An address
 * that is not a picture host's is refused (404), one with a query is not brought (400); a picture the
 * host does not have, or that is not a picture, is not found (404); a host that cannot be reached is
 * a 502; a client past its pictures a minute is a 429 (app/server/rate-limit.server.ts). The bytes
 * are served as the picture they say they are, and never as a document of the mall's: an SVG opened
 * on its own gets a sandbox with no scripts.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { gatewayEnvironment, imageOrigins } from "../server/config.server";
import { MAX_ADDRESS_CHARS, PictureError, bringPicture, pictureAddress } from "../server/pictures.server";
import { pictureWidth } from "../server/picture-widths.server";
import { countAgainst } from "../server/rate-limit.server";

const QuerySchema = z.object({ src: z.string().min(1).max(MAX_ADDRESS_CHARS) });

const plain = (status: number) => new Response(null, { status, headers: { "Cache-Control": "no-store" } });

export async function loader(args: LoaderFunctionArgs) {
  const { request, context } = args;
  await countAgainst(args, "picture", "resource");
  const url = new URL(request.url);
  const query = QuerySchema.safeParse({ src: url.searchParams.get("src") ?? undefined });
  if (!query.success || url.searchParams.getAll("src").length !== 1) return plain(400);
  const widths = url.searchParams.getAll("w");
  const width = widths.length === 1 ? pictureWidth(widths[0]!) : undefined;
  if (widths.length > 1 || (widths.length === 1 && width === undefined)) return plain(400);
  try {
    const picture = await bringPicture(context.services.pictures, pictureAddress(query.data.src, imageOrigins(gatewayEnvironment(url))), Date.now(), width);
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
