/**
 * Who may start a session, or replace one (docs/security.md, "Sessions and cookies").
 *
 * A session starts from the wallet's login parameters on home (a single-use `code`) or from a token
 * in the path (/mycoupons/{token}). Both URLs can also be put in a link on any page, and a link must
 * not sign the member in as someone else. The wallet launches the mall itself, with no page that
 * could have set a state cookie first, so the rule reads how the request came (Fetch Metadata):
 *
 * - **host**: a GET navigation no page started: `Sec-Fetch-Site: none`, as when the webview opens a
 *   URL the wallet gave it, or no Fetch Metadata at all (a webview too old to send it; a page cannot
 *   remove the header from a browser that sends it).
 * - **round trip**: the return from the sign-in page this mall sent this browser to, carrying back
 *   the nonce the mall kept in this browser's sealed session (whatever site the return comes from).
 * - **link**: anything else: another page's link, image or form, a HEAD, a POST. It never redeems a
 *   code nor stores a token: a member already signed in carries on as themselves, anyone else is sent
 *   through the mall's own sign-in.
 */
import { randomBytes, timingSafeEqual } from "node:crypto";

export type EntryKind = "host" | "round-trip" | "link";

/** The query parameter that carries the sign-in nonce back; the mall's own, never a login parameter. */
export const SIGN_IN_NONCE_PARAM = "mall_signin";

export function newSignInNonce(): string {
  return randomBytes(16).toString("base64url");
}

function sameNonce(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** `session`: the nonce the browser's session keeps (session.server.ts). */
export function entryKind(request: Request, session: { get(key: "signInNonce"): string | undefined }): EntryKind {
  if (request.method !== "GET") return "link";
  const returned = new URL(request.url).searchParams.get(SIGN_IN_NONCE_PARAM);
  const expected = session.get("signInNonce");
  if (returned && expected && sameNonce(returned, expected)) return "round-trip";
  const site = request.headers.get("sec-fetch-site");
  return site === null || site === "none" ? "host" : "link";
}
