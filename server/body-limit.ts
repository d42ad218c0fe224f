/**
 * Request bodies, limited before anything parses them: what the mall's forms post (URL-encoded
 * fields, a few kilobytes) and nothing else. A larger body (declared or streamed), too many fields,
 * another content type or a compressed body is refused at once (413, 415) and the connection closed
 * without reading the rest, so a handful of huge uploads can neither hold the server's memory nor
 * stall other members' pages. The bytes read are handed to Remix as they are.
 */
import type { RequestHandler } from "express";
import getRawBody from "raw-body";

/** The largest form of the mall (an address, a refund's remarks) is a few kilobytes. */
export const MAX_BODY_BYTES = 32 * 1024;
/** The form with the most fields (the address form) has about a dozen. */
export const MAX_FORM_FIELDS = 64;

const FORM = "application/x-www-form-urlencoded";

export function limitBodies(): RequestHandler {
  return (req, res, next) => {
    const refuse = (status: number, text: string, headers: Record<string, string> = {}) => {
      // Whatever the client still sends is not read: the connection closes after this reply.
      res.status(status).set({ "Content-Type": "text/plain; charset=utf-8", "X-Content-Type-Options": "nosniff", Connection: "close", ...headers });
      res.send(text);
    };
    const length = req.headers["content-length"];
    const declaresBody = req.headers["transfer-encoding"] !== undefined || Number(length ?? 0) > 0;
    if (!declaresBody) return next();
    if (!req.is(FORM)) return refuse(415, "Unsupported Media Type", { Accept: FORM });
    const encoding = (req.headers["content-encoding"] ?? "identity").toLowerCase();
    if (encoding !== "identity") return refuse(415, "Unsupported Media Type");

    getRawBody(req, { length, limit: MAX_BODY_BYTES }, (error, body) => {
      if (error) {
        const status = (error as { status?: number }).status ?? 400;
        return refuse(status === 413 ? 413 : 400, status === 413 ? "Payload Too Large" : "Bad Request");
      }
      if (body.length > 0 && body.toString("latin1").split("&").length > MAX_FORM_FIELDS) return refuse(413, "Too many form fields");
      req.body = body;
      next();
    });
  };
}
