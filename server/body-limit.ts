/**
 * Request bodies, limited before anything reads them: what the mall's forms post (URL-encoded
 * fields, a few kilobytes) and a refund's photo on its own route, nothing else. A body must
 * declare its length, and a longer one, another content type or a compressed body is refused at
 * once (411, 413, 415) and the connection closed without reading it, so a handful of huge uploads
 * can neither hold the server's memory nor stall other members' pages. Nothing is read here: Remix
 * reads the body itself (@remix-run/express), and Node's HTTP parser ends it at the declared length.
 * The fields of a form are counted where the form is read (app/server/forms.server.ts).
 *
 * A browser always declares the length of what it posts (a form, a fetch with a body); only a
 * streamed upload is sent in chunks, and the mall takes none.
 */
import type { RequestHandler } from "express";
import { PHOTO_TYPES, REFUND_PHOTO_MAX_BYTES } from "#core/api/photo-limits";
import { BodyBudget } from "#core/node/body-budget";

/** The largest form of the mall (an address, a refund's remarks) is a few kilobytes. */
export const MAX_BODY_BYTES = 32 * 1024;

/**
 * The one route that takes something else than a form: a refund's photo, as the picture's own bytes
 * (app/routes/resources.refund-photo.ts), up to the gateway's size for one.
 */
export const PHOTO_PATH = "/resources/refund-photo";

/**
 * What all the requests not yet answered may hold of bodies at once (core/node/body-budget.ts): 256
 * of the largest forms. A body's declared length is claimed when it is admitted, since Remix reads
 * it whole before the request is answered.
 */
export const BODY_BUDGET_BYTES = 256 * MAX_BODY_BYTES;

const FORM = "application/x-www-form-urlencoded";

export function limitBodies(budget = new BodyBudget(BODY_BUDGET_BYTES)): RequestHandler {
  return (req, res, next) => {
    const refuse = (status: number, text: string, headers: Record<string, string> = {}) => {
      // Whatever the client still sends is not read: the connection closes after this reply.
      res.status(status).set({ "Content-Type": "text/plain; charset=utf-8", "X-Content-Type-Options": "nosniff", Connection: "close", ...headers });
      res.send(text);
    };
    const length = req.headers["content-length"];
    const chunked = req.headers["transfer-encoding"] !== undefined;
    if (!chunked && Number(length ?? 0) === 0) return next();
    const photo = req.path === PHOTO_PATH;
    const accepted: string[] = photo ? PHOTO_TYPES : [FORM];
    if (!req.is(accepted)) return refuse(415, "Unsupported Media Type", { Accept: accepted.join(", ") });
    const encoding = (req.headers["content-encoding"] ?? "identity").toLowerCase();
    if (encoding !== "identity") return refuse(415, "Unsupported Media Type");
    if (chunked) return refuse(411, "Length Required");
    if (!/^\d{1,9}$/.test(length ?? "") || Number(length) > (photo ? REFUND_PHOTO_MAX_BYTES : MAX_BODY_BYTES)) return refuse(413, "Payload Too Large");
    // Past the process's cap on held bodies (many slow posts at once), refused until some end.
    if (!budget.claimFor(res).add(Number(length))) return refuse(503, "Service Unavailable", { "Retry-After": "1" });
    next();
  };
}
