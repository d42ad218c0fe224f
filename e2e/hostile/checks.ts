/**
 * What every reply to a hostile request must satisfy: no 5xx, no markup reflected unescaped into an
 * HTML page, no redirect off the site, bad cookies replaced; and which well-formed requests change
 * state by design, so the attack sends them only in a form that cannot act.
 */
import { readFileSync } from "node:fs";
import type { IncomingHttpHeaders } from "node:http";
import { resolve } from "node:path";
import type { Reply } from "./http";
import { REFLECTED_MARKUP } from "./values";

/** The site's origins: the mall's hosts on the mall's port and on the sign-in page's (the sandbox's). */
export interface Site {
  mallOrigins: ReadonlySet<string>;
  signInOrigins: ReadonlySet<string>;
  /** What a relative Location resolves against. */
  base: string;
}

export function siteOf(hosts: readonly string[], mallPort: number, signInPort: number, base: string): Site {
  return {
    mallOrigins: new Set(hosts.map((host) => `http://${host}:${mallPort}`)),
    signInOrigins: new Set(hosts.map((host) => `http://${host}:${signInPort}`)),
    base,
  };
}

/**
 * The site as a request named it: a Host of the configured names with another port (or none) makes
 * that origin the mall's for the reply, and its sign-in page the one on the same host name. Only
 * the Host counts; forwarding headers the mall does not trust never do.
 */
export function siteFor(site: Site, host: string | undefined, hostNames: readonly string[], signInPort: number): Site {
  const match = /^([^:]+|\[[^\]]+\])(?::(\d{1,5}))?$/.exec(host ?? "");
  if (!match || !hostNames.includes(match[1].toLowerCase())) return site;
  let origin: string;
  try {
    origin = new URL(`http://${host}`).origin;
  } catch {
    return site;
  }
  const hostname = new URL(origin).hostname;
  return {
    ...site,
    mallOrigins: new Set([...site.mallOrigins, origin]),
    signInOrigins: new Set([...site.signInOrigins, `http://${hostname.includes(":") ? `[${hostname}]` : hostname}:${signInPort}`]),
  };
}

const contentType = (headers: IncomingHttpHeaders) => String(headers["content-type"] ?? "").toLowerCase();

/** Where a reply sends the browser: its Location, or a single-fetch redirect in a data reply. */
export function redirectTargets(reply: Reply): string[] {
  const targets: string[] = [];
  if (typeof reply.headers.location === "string") targets.push(reply.headers.location);
  if (typeof reply.headers["x-remix-redirect"] === "string") targets.push(reply.headers["x-remix-redirect"]);
  if (contentType(reply.headers).startsWith("text/x-script") && reply.body.includes("SingleFetchRedirect")) {
    // turbo-stream: ... "redirect","<target>" ...
    for (const match of reply.body.matchAll(/"redirect","((?:[^"\\]|\\.)*)"/g)) targets.push(JSON.parse(`"${match[1]}"`) as string);
  }
  return targets;
}

/** Problems with a redirect target: off the site, or to the sign-in page with a return off the site. */
export function offSite(target: string, site: Site): string | null {
  let url: URL;
  try {
    url = new URL(target, site.base);
  } catch {
    return `redirects to an unparsable location ${JSON.stringify(target.slice(0, 120))}`;
  }
  if (site.mallOrigins.has(url.origin)) return null;
  if (!site.signInOrigins.has(url.origin)) return `redirects off the site, to ${url.origin}`;
  const back = url.searchParams.get("redirect_uri");
  if (back !== null) {
    let backOrigin: string;
    try {
      backOrigin = new URL(back).origin;
    } catch {
      return `sends the sign-in page an unparsable return ${JSON.stringify(back.slice(0, 120))}`;
    }
    if (!site.mallOrigins.has(backOrigin)) return `sends the sign-in page a return off the site, to ${backOrigin}`;
  }
  return null;
}

/** The cookie names a reply sets (or clears). */
export function cookiesSet(headers: IncomingHttpHeaders): string[] {
  return (headers["set-cookie"] ?? []).map((line) => line.slice(0, line.indexOf("=")).trim());
}

/** The language of an HTML page (`<html lang=…>`), or null. */
export function pageLanguage(reply: Reply): string | null {
  return /<html[^>]*\blang="([^"]*)"/.exec(reply.body)?.[1] ?? null;
}

export interface Expectations {
  /** Statuses this request must get (beyond "not a 5xx"). */
  status?: readonly number[];
  /** The connection may close before a status (an oversized body the server stops reading). */
  mayClose?: boolean;
  /** Mall cookies the request carries with a value the mall did not write. */
  badCookies?: readonly string[];
  /** The path requested (a data request, path.data, carries the cookie repairs as a page does). */
  path?: string;
}

/** What was checked of a reply, so a summary can show that no check passed for want of cases. */
export type Checked = "page" | "marker on the page" | "redirect" | "cookie repair";

/** Every problem of one reply (empty when it passes), and what was checked. */
export function judge(reply: Reply, expectations: Expectations, site: Site): { problems: string[]; checked: Checked[] } {
  const problems: string[] = [];
  const checked: Checked[] = [];
  if (reply.status === 0) {
    if (!expectations.mayClose) problems.push(`no reply (${reply.error ?? "connection closed"})`);
    return { problems, checked };
  }
  if (reply.status >= 500) problems.push(`HTTP ${reply.status}`);
  if (expectations.status && !expectations.status.includes(reply.status)) problems.push(`HTTP ${reply.status}, expected ${expectations.status.join(" or ")}`);
  const type = contentType(reply.headers);
  if (type.includes("html")) {
    checked.push("page");
    // The markers arrived, escaped (as text, in an attribute or in the page's data): the check saw them.
    if (/mcoinxss/i.test(reply.body)) checked.push("marker on the page");
    if (REFLECTED_MARKUP.test(reply.body)) {
      const at = reply.body.search(REFLECTED_MARKUP);
      problems.push(`reflects markup unescaped: …${reply.body.slice(Math.max(0, at - 60), at + 60)}…`);
    }
  }
  if (reply.body.length > 0 && reply.headers["x-content-type-options"] !== "nosniff") problems.push("a body without X-Content-Type-Options: nosniff");
  for (const target of redirectTargets(reply)) {
    checked.push("redirect");
    const problem = offSite(target, site);
    if (problem) problems.push(problem);
  }
  // A page or data reply replaces the bad cookies (app/server/cookies.server.ts, cookieRepairs).
  const page = type.startsWith("text/html") || (expectations.path?.split("?")[0].endsWith(".data") ?? false);
  if (expectations.badCookies && page && reply.status < 500) {
    checked.push("cookie repair");
    const set = cookiesSet(reply.headers);
    const missing = expectations.badCookies.filter((name) => !set.includes(name));
    if (missing.length > 0) problems.push(`keeps the bad cookie${missing.length > 1 ? "s" : ""} ${missing.join(", ")} (no Set-Cookie)`);
  }
  return { problems, checked };
}

const fixture = (file: string) => JSON.parse(readFileSync(resolve("fixtures", file), "utf8")) as Record<string, unknown>;
export const CLAUSE_ID = String(fixture("clause.json").clauseid);
const TASK_NOS = new Set((fixture("tasks.json").tasks as { taskNo: string }[]).map((task) => task.taskNo));

/**
 * Why a form changes the sandbox's business data by design when the mall's own page posts it, or
 * null. These are not hostile, however they look (a member may search for `<script>`; the mall cannot
 * tell a task center's ciphertext from any other visible-ASCII token): the attack sends them from
 * another site (403) instead, and reports how many it did. Fields read as the actions read them:
 * URL-encoded, the last of a repeated name winning.
 */
export function changesStateByDesign(body: string, member: boolean): string | null {
  const form = Object.fromEntries(new URLSearchParams(body));
  const keyword = form.keyword?.trim() ?? "";
  if (member && form.intent === "agree" && form.clauseid === CLAUSE_ID) return "agreeing to the current terms";
  // What a member can type: a control character inside a keyword cannot be, and must not be kept.
  if (member && form.intent === "search" && keyword.length >= 1 && keyword.length <= 60 && !/\p{Cc}/u.test(keyword)) return "a member's search (it joins their recent searches)";
  if (member && form.intent === "clear-history") return "clearing a member's recent searches";
  if (member && form.intent === "return" && form.refreshToken === "1") return "refreshing the member's token (it rotates)";
  if ((form.intent === "detail" || form.intent === "notify") && TASK_NOS.has(form.no ?? "") && /^[\x21-\x7e]{1,512}$/.test(form.token ?? "")) {
    return "reading a task's detail (it starts the task run)";
  }
  return null;
}
