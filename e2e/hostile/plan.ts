/**
 * The hostile requests, built from the route table (app/route-table.js), so a new route is attacked
 * as soon as it is declared: every route and its single-fetch data path (`path.data`), by every
 * method; hostile bodies for every route with an action; bad values of every cookie of the mall; bad
 * Host and forwarding headers; and request targets and framing that are not HTTP as browsers speak it.
 */
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { gzipSync, deflateSync } from "node:zlib";
import { OTHER_ROUTES, SCREEN_ROUTES } from "../../app/route-table.js";
import { changesStateByDesign, type Expectations } from "./checks";
import type { RawRequest } from "./http";
import { NASTY, encodeFields, encodeLoose, encodeQuery, formArb, headerSafe, markup, pathSafe, queryArb, sample, valueArb } from "./values";

export type Category = "routes" | "reflection" | "targets" | "methods" | "bodies" | "cookies" | "host" | "framing";

export interface Attack {
  category: Category;
  label: string;
  /** Sent with the signed-in member's session. */
  member: boolean;
  /** An HTTP request, or (framing) bytes on a fresh connection. */
  request?: RawRequest;
  bytes?: string | Buffer;
  expect: Expectations;
  /** Key of a request without the bad cookie: this one must be answered the same way. */
  baseline?: string;
  /** Why a well-formed form went from another site rather than the mall's own (it changes state). */
  downgraded?: string;
}

export interface PlanContext {
  port: number;
  /** The mall's Host header and origin, as the browser suite uses them. */
  host: string;
  origin: string;
  /** The member's `__mcoin_session` cookie, as the browser holds it. */
  session: string;
  /** A gateway token of another member. */
  otherToken: string;
  /** A session cookie sealed with a secret that is not the mall's. */
  foreignSeal: string;
}

const ROUTES = [...SCREEN_ROUTES, ...OTHER_ROUTES];
/** Generated parameter values per route (each with a generated query), page and data path alike. */
const VALUES_PER_ROUTE = 4;
/** Generated forms per route with an action, on top of the hand-written bodies. */
const FORMS_PER_ACTION = 120;
const MUTATING = new Set(["POST", "PUT", "PATCH", "DELETE"]);
const FORM = "application/x-www-form-urlencoded";

/** Routes whose module exports an action (its own, or the one of the screen it re-exports): they get the whole battery of bodies. */
export const ACTION_ROUTES = ROUTES.filter((route) =>
  /export\s+(?:async\s+function|const|function)\s+action\b|export\s*\{[^}]*\baction\b[^}]*\}\s*from/.test(readFileSync(resolve("app", route.file), "utf8")),
);

/** A pattern with each parameter replaced by `value` (encoded, or as it is when `raw` and possible); null drops optional ones. */
export function fill(pattern: string, value: string | null, raw = false): string {
  const path = pattern.replace(/\/:\w+(\?)?/g, (_, optional: string | undefined) => {
    if (value === null) return optional ? "" : "/1";
    return `/${raw && pathSafe(value) ? value : encodeLoose(value)}`;
  });
  return path || "/";
}

/** Remix's single-fetch data path of a page path. */
export const dataPath = (path: string) => (path === "/" ? "/_root.data" : `${path}.data`);

/** Not the mall's own origin, in the ways a browser or a forger says so. */
const FOREIGN: readonly ((ctx: PlanContext) => Record<string, string>)[] = [
  () => ({ origin: "https://evil.example" }),
  () => ({ origin: "null" }),
  () => ({ "sec-fetch-site": "cross-site" }),
  () => ({ "sec-fetch-site": "same-site" }),
  () => ({ referer: "https://evil.example/mall" }),
  (ctx) => ({ origin: `http://localhost:${ctx.port + 1}` }),
  (ctx) => ({ origin: `${ctx.origin}.evil.example` }),
  (ctx) => ({ origin: ctx.origin.toUpperCase() }),
  (ctx) => ({ origin: `${ctx.origin}/` }),
];

const NONSENSE_METHODS = ["PROPFIND", "M-SEARCH", "PURGE", "MKCOL", "LINK", "REPORT", "FOO", "SEARCH"];

interface Send {
  method: string;
  path: string;
  member: boolean;
  /** own: the mall's Origin; a foreign one; none: no Origin, Fetch Metadata or Referer (not a browser). */
  from?: "own" | "none" | Record<string, string>;
  headers?: Record<string, string | number>;
  body?: string | Buffer;
  cookies?: Record<string, string>;
}

function cookieHeader(ctx: PlanContext, member: boolean, cookies: Record<string, string> = {}): string | undefined {
  const parts = member ? [`__mcoin_session=${ctx.session}`] : [];
  for (const [name, value] of Object.entries(cookies)) parts.push(`${name}=${value}`);
  return parts.length > 0 ? parts.join("; ") : undefined;
}

/**
 * One request. A form the mall's own page could post to change state by design goes from another
 * site instead (and must get 403), so the attack never makes a legitimate change.
 */
function send(ctx: PlanContext, options: Send): { request: RawRequest; downgraded?: string; foreign: boolean } {
  let from = options.from ?? "none";
  let downgraded: string | undefined;
  if (MUTATING.has(options.method) && (from === "own" || from === "none")) {
    const reason = typeof options.body === "string" || options.body === undefined ? changesStateByDesign(String(options.body ?? ""), options.member) : null;
    if (reason) {
      downgraded = reason;
      from = FOREIGN[0](ctx);
    }
  }
  const headers: Record<string, string | number> = { host: ctx.host };
  if (from === "own") headers.origin = ctx.origin;
  else if (from !== "none") Object.assign(headers, from);
  const cookie = cookieHeader(ctx, options.member, options.cookies);
  if (cookie) headers.cookie = cookie;
  if (options.body !== undefined && !Object.keys(options.headers ?? {}).some((name) => name.toLowerCase() === "content-type")) headers["content-type"] = FORM;
  Object.assign(headers, options.headers);
  return { request: { method: options.method, path: options.path, headers, body: options.body }, downgraded, foreign: typeof from === "object" };
}

function attack(category: Category, label: string, ctx: PlanContext, options: Send, expect: Expectations = {}): Attack {
  const { request, downgraded, foreign } = send(ctx, options);
  const status = foreign && MUTATING.has(options.method) ? [403] : expect.status;
  return { category, label, member: options.member, request, downgraded, expect: { ...expect, status, path: options.path } };
}

const who = (member: boolean) => (member ? "member" : "visitor");
const userAgents = sample(valueArb, 40, 1).map((value) => headerSafe(`Mozilla/5.0 (iPhone) MPay/${value} language/${value}`));

/** GET and HEAD of every route and its data path, parameters and queries hostile. */
export function routeAttacks(ctx: PlanContext): Attack[] {
  const attacks: Attack[] = [];
  ROUTES.forEach((route, r) => {
    const values = sample(valueArb, VALUES_PER_ROUTE, 100 + r);
    const queries = sample(queryArb, 2 * VALUES_PER_ROUTE, 200 + r);
    for (const data of [false, true]) {
      const at = (path: string) => (data ? dataPath(path) : path);
      values.forEach((value, i) => {
        const member = (i + Number(data)) % 2 === 0;
        const query = queries[i + VALUES_PER_ROUTE * Number(data)];
        const path = `${at(fill(route.path, value, i === 1))}?${encodeQuery(query.fields, query.encoding)}`;
        const headers: Record<string, string> = i === 2 ? { "user-agent": userAgents[(r * 2 + Number(data)) % userAgents.length] } : {};
        attacks.push(attack("routes", `GET ${route.name}${data ? ".data" : ""} (${who(member)})`, ctx, { method: "GET", path, member, headers }));
      });
      if (/:\w+\?/.test(route.path))
        attacks.push(attack("routes", `GET ${route.name}${data ? ".data" : ""} without its optional parameter`, ctx, { method: "GET", path: at(fill(route.path, null)), member: !data }));
      attacks.push(attack("routes", `HEAD ${route.name}${data ? ".data" : ""}`, ctx, { method: "HEAD", path: at(fill(route.path, values[0])), member: data }));
    }
    if (route.path.includes(":")) {
      // The spec's own values in the path, unencoded where node:http lets them through.
      for (const [i, value] of [...markup(r + 1), "%E0%A4%A", "..%2f..%2f", "\\evil.example"].entries()) {
        attacks.push(attack("routes", `GET ${route.name} with ${JSON.stringify(value.slice(0, 20))}`, ctx, { method: "GET", path: fill(route.path, value, i % 2 === 0), member: i % 2 === 1 }));
      }
    }
  });
  return attacks;
}

/** Query parameters whose values a page may show (or put in a link, a title, its data). */
const SHOWN_PARAMS = ["keyword", "title", "from", "reason", "code", "ms", "tab", "order", "sort", "district", "category", "mcoin", "price", "list", "entry", "lng", "state", "oauthParams"];

/** Every markup payload in every parameter of every page, signed in and not: none may come back unescaped. */
export function reflectionAttacks(ctx: PlanContext): Attack[] {
  const attacks: Attack[] = [];
  ROUTES.forEach((route, r) => {
    markup(100 + r).forEach((payload, i) => {
      // `code` starts a sign-in (a redirect, nothing shown): only every other request carries it.
      const params = SHOWN_PARAMS.filter((name) => name !== "code" || i % 2 === 0)
        .map((name) => `${name}=${encodeLoose(payload)}`)
        .join("&");
      const member = (r + i) % 2 === 0;
      attacks.push(
        attack("reflection", `GET ${route.name} with ${JSON.stringify(payload.slice(0, 24))} everywhere (${who(member)})`, ctx, {
          method: "GET",
          path: `${fill(route.path, payload, i % 2 === 1)}?${params}`,
          member,
        }),
      );
    });
  });
  return attacks;
}

/** Request targets a browser never sends: other sites' URLs, dot segments, traversal, odd data paths. */
export function targetAttacks(ctx: PlanContext): Attack[] {
  const targets = [
    "//evil.example/index",
    "///evil.example",
    "/\\evil.example",
    "/..//evil.example",
    "/%2e%2e//evil.example",
    "/index/..//evil.example",
    "/%2F%2Fevil.example",
    "/%5Cevil.example",
    "http://evil.example/index",
    `http://${ctx.host}/index`,
    "https://evil.example/",
    "*",
    "/index%00",
    "/index%2f..%2fsearch",
    "/INDEX",
    "/Search",
    "/index/",
    "/index;x=1",
    "/assets/..%2f..%2fpackage.json",
    // The build's compressed forms are looked up by the decoded path (server/app.ts, staticAssets).
    "/assets/%E0%A4%A.js",
    "/assets/%00.js",
    "/assets/nope.js.br",
    "/robots.txt/..%2f..%2fpackage.json",
    "/favicon.png?<mcoinxss-9>",
    "/task-widget.js.data",
    "/.data",
    "/index..data",
    "/index.data/",
    "/index.data.data",
    "/_root.data?_routes=root,routes/nope",
    "/search.data?_routes=%00",
    "/search.data?_routes=root&_routes=routes/search",
    // Other spellings of rate-limited routes that are in normal form: the route answers them.
    "/resources/picture/.data?src=x",
    "/Resources/Picture/?src=x",
    "/resources/Task",
    "/index/?code=x",
    "/index.data?code=x",
    "/error?from=//evil.example",
    "/error?from=/\\evil.example",
    "/error?from=https://evil.example&code=<mcoinxss-8>",
    "/error?reason=<mcoinxss-7>&ms=1e309",
    `/${"a/".repeat(500)}`,
    `/classify/${"%F0%9F%A7%A8".repeat(300)}`,
    `/search?${"a=1&".repeat(2000)}`,
    `/index?code=${"c".repeat(6000)}`,
    // The picture route fetches what it is asked for, from the gateway's hosts only.
    "/resources/picture?src=http://169.254.169.254/latest/meta-data/",
    "/resources/picture?src=file:///etc/passwd",
    "/resources/picture?src=javascript:alert(1)",
    "/resources/picture?src=//evil.example/x.png",
    "/resources/picture?src=<mcoinxss-6>",
    `/resources/picture?src=http://${ctx.host}/index`,
    "/resources/picture?src=http%3A%2F%2F127.0.0.1%3A1%2Fx.png",
    "/resources/picture?src=http://[::1]:22/",
    `/resources/picture?src=${"a".repeat(5000)}`,
    "/resources/picture?src=x&src=y",
    // Its widths are a ladder: any other is refused before anything is brought.
    "/resources/picture?src=x&w=-1",
    "/resources/picture?src=x&w=1e9",
    "/resources/picture?src=x&w=240&w=96",
    "/resources/picture?src=x&w=<mcoinxss-6>",
    // The data asked beside a screen's code: a page of the mall's, of the routes asked this way, only.
    "/resources/ahead?to=//evil.example/coupon_details/1",
    "/resources/ahead?to=https://evil.example/coupon_details/1",
    "/resources/ahead?to=/\\evil.example/coupon_details/1",
    "/resources/ahead?to=/coupon_details/<mcoinxss-6>",
    "/resources/ahead?to=/coupon_details/1/../../order_details/1",
    "/resources/ahead?to=/resources/ahead?to=/coupon_details/1",
    "/resources/ahead?to=/coupon_details/1&to=/order_details/1",
    `/resources/ahead?to=/coupon_details/${"9".repeat(5000)}`,
    "/resources/ahead?to=/classify/<mcoinxss-6>",
    "/resources/ahead?to=/search?keyword=<mcoinxss-6>",
    "/resources/ahead?to=/store_details/-1",
    "/resources/ahead?to=/seckill/<mcoinxss-6>",
    "/resources/ahead?to=/asiaMiles_details/1e9",
    `/classify/${"x".repeat(20_000)}`,
    "/mycoupons/" + encodeURIComponent(ctx.otherToken),
    "/mycoupons/mpay-1001",
    "/index?code=&state=/mycoupon",
    "/?code=1&state=%2F%2Fevil.example",
    "/index?code=x&state=https://evil.example",
    "/index?oauthParams=taskCenterToken:<mcoinxss-6>;taskCenterNo:%00",
  ];
  // Another spelling of a path (dot segments, a needless escape, an empty segment), and Remix's data
  // request of before single fetch: refused before any route sees them (server/request-gate.ts).
  const respelled = [
    "/index/../search",
    "/./index",
    "/index//",
    "/assets/../../package.json",
    "/assets/%2e%2e/%2e%2e/package.json",
    "/index?_data=root",
    "/search?_data=routes%2Fsearch",
    "/resources/./picture?src=x",
    "/./resources/picture?src=x",
    "/x/../resources/picture?src=x",
    "/resources/%70icture?src=x",
    "/resources/%2e/picture?src=x",
    "/resources\\picture?src=x",
    "/./index?code=x",
    "/%69ndex?code=x",
    "/x/../mycoupons/mpay-1001",
    "/resources/./task",
    "/resources/%74ask",
    "/resources/time?%5Fdata=resourceTime",
  ];
  return [
    ...targets.flatMap((path, i) => [false, true].map((member) => attack("targets", `GET ${path.slice(0, 60)} (${who(member)})`, ctx, { method: "GET", path, member: member !== (i % 2 === 0) }))),
    ...respelled.map((path, i) => attack("targets", `GET ${path.slice(0, 60)} (another spelling)`, ctx, { method: "GET", path, member: i % 2 === 0 }, { status: [400] })),
  ];
}

/** Every method on every route: the mall's own origin (the action really runs), another origin (403), preflights, methods the mall does not speak. */
export function methodAttacks(ctx: PlanContext): Attack[] {
  const attacks: Attack[] = [];
  ROUTES.forEach((route, r) => {
    const [value] = sample(valueArb, 1, 300 + r);
    const forms = sample(formArb, 6, 400 + r).map(({ fields, encoding }) => encodeFields(fields, encoding));
    const path = fill(route.path, value);
    const post = "index" in route && route.index ? `${path}?index` : path;
    const foreign = (k: number) => FOREIGN[(r + k) % FOREIGN.length](ctx);
    const name = route.name;
    attacks.push(
      attack("methods", `POST ${name} (member, own origin)`, ctx, { method: "POST", path: post, member: true, from: "own", body: forms[0] }),
      attack("methods", `POST ${name} (visitor, own origin)`, ctx, { method: "POST", path: post, member: false, from: "own", body: forms[1] }),
      attack("methods", `POST ${name}.data (member, own origin)`, ctx, { method: "POST", path: dataPath(path), member: true, from: "own", body: forms[2] }),
      attack("methods", `PUT ${name} (member, own origin)`, ctx, { method: "PUT", path, member: true, from: "own", body: forms[3] }),
      attack("methods", `PATCH ${name}.data (visitor, no origin)`, ctx, { method: "PATCH", path: dataPath(path), member: false, from: "none", body: forms[4] }),
      attack("methods", `DELETE ${name} (member, own origin)`, ctx, { method: "DELETE", path, member: true, from: "own" }),
      attack("methods", `DELETE ${name} (visitor, own origin, body)`, ctx, { method: "DELETE", path, member: false, from: "own", body: forms[5] }),
      attack("methods", `POST ${name} (member, another origin)`, ctx, { method: "POST", path: post, member: true, from: foreign(0), body: forms[0] }),
      attack("methods", `PUT ${name}.data (member, another origin)`, ctx, { method: "PUT", path: dataPath(path), member: true, from: foreign(1), body: forms[3] }),
      attack("methods", `DELETE ${name} (member, another origin)`, ctx, { method: "DELETE", path, member: true, from: foreign(2) }),
      attack("methods", `OPTIONS ${name}`, ctx, { method: "OPTIONS", path, member: false, headers: { origin: "https://evil.example", "access-control-request-method": "DELETE" } }, { status: [204] }),
      attack("methods", `TRACE ${name}`, ctx, { method: "TRACE", path, member: true, headers: { "max-forwards": 0 } }, { status: [405] }),
      // llhttp itself refuses methods it does not know (400); the mall refuses the ones it does (405).
      attack("methods", `${NONSENSE_METHODS[r % NONSENSE_METHODS.length]} ${name}`, ctx, { method: NONSENSE_METHODS[r % NONSENSE_METHODS.length], path, member: r % 2 === 0 }, { status: [400, 405] }),
    );
  });
  return attacks;
}

interface BodyKind {
  name: string;
  body: string | Buffer;
  headers?: Record<string, string | number>;
  method?: string;
  status?: number[];
  mayClose?: boolean;
}

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();

/** Bodies as the brief lists them; refusals by the body limit are exact, the rest reach the action. */
function bodyKinds(ctx: PlanContext, n: number): BodyKind[] {
  const [xss, attr, single, script] = markup(1000 + n);
  const junkForm = `intent=search&keyword=${encodeURIComponent(xss)}&clauseid=7`;
  const multipart = [
    "--mcoin",
    'Content-Disposition: form-data; name="intent"',
    "",
    "agree",
    "--mcoin",
    'Content-Disposition: form-data; name="file"; filename="../../x.html"',
    "Content-Type: text/html",
    "",
    xss,
    "--mcoin--",
    "",
  ].join("\r\n");
  return [
    { name: "JSON", body: JSON.stringify({ intent: "agree", clauseid: 7, keyword: xss }), headers: { "content-type": "application/json" }, status: [415] },
    { name: "deeply nested JSON", body: `${"[".repeat(15_000)}${"]".repeat(15_000)}`, headers: { "content-type": "application/json" }, status: [415], mayClose: true },
    { name: "huge JSON", body: JSON.stringify({ keyword: "x".repeat(400_000) }), headers: { "content-type": "application/json" }, status: [415], mayClose: true },
    { name: "JSON declared as a form", body: '{"intent":"agree","clauseid":"7","__proto__":{"intent":"agree"}}' },
    { name: "multipart", body: multipart, headers: { "content-type": "multipart/form-data; boundary=mcoin" }, status: [415] },
    { name: "text/plain", body: junkForm, headers: { "content-type": "text/plain" }, status: [415] },
    { name: "no content type", body: junkForm, headers: { "content-type": "" }, status: [415] },
    { name: "gzip-declared form", body: gzipSync(junkForm), headers: { "content-encoding": "gzip" }, status: [415] },
    { name: "deflate-declared form", body: deflateSync(junkForm), headers: { "content-encoding": "deflate" }, status: [415] },
    { name: "'GZIP, identity' form", body: junkForm, headers: { "content-encoding": "GZIP, identity" }, status: [415] },
    { name: "form in UTF-16", body: Buffer.from(junkForm, "utf16le"), headers: { "content-type": `${FORM}; charset=utf-16le` } },
    { name: "form with odd parameters", body: junkForm, headers: { "content-type": `${FORM.toUpperCase()};;; charset="<mcoinxss-${n}>"` } },
    { name: "100 KB form", body: `intent=search&keyword=${"a".repeat(100_000)}`, status: [413], mayClose: true },
    { name: "10 MB declared, 12 bytes sent", body: "intent=agree", headers: { "content-length": 10_000_000 }, status: [413], mayClose: true },
    // A body that does not declare its length is not read (server/body-limit.ts).
    { name: "64 KB chunked", body: `keyword=${"b".repeat(64_000)}`, headers: { "transfer-encoding": "chunked" }, status: [411], mayClose: true },
    // Refused by the action that reads the form (app/server/forms.server.ts), after the sign-in a member's action asks of a visitor.
    { name: "65 fields", body: Array.from({ length: 65 }, (_, i) => `f${i}=1`).join("&"), status: [400, 302] },
    { name: "5,000 empty fields", body: "&".repeat(5_000), status: [400, 302] },
    { name: "64 fields of traps", body: Array.from({ length: 64 }, (_, i) => `${["__proto__", "constructor", "intent", "clauseid"][i % 4]}=${encodeLoose(NASTY[(i * 7) % NASTY.length])}`).join("&") },
    { name: "a 31 KB field", body: `intent=refuse&clauseid=${"7".repeat(31_000)}` },
    { name: "invalid percent-encoding", body: "intent=%E0%A4%A&keyword=%&clauseid=%zz&token=%C0%AE%C0%AE&no=%FF&refreshToken=%uD800" },
    { name: "NUL bytes", body: "intent=agree\u0000&clauseid=7\u0000&keyword=a\u0000b&no=T1\u0000&token=C1%00&refreshToken=1%00" },
    { name: "a keyword with NUL inside", body: "intent=search&keyword=cof%00fee" },
    { name: "a keyword with a line break inside", body: `intent=search&keyword=${encodeURIComponent(`coffee\r\nSet-Cookie: mcoin_pwned=1 ${xss}`)}` },
    { name: "a keyword of DEL, C1 and a tab", body: "intent=search&keyword=%7F%C2%85a%09b" },
    { name: "CR/LF", body: "intent=return\r\n&refreshToken=1\r\n&keyword=a%0d%0aSet-Cookie:%20mcoin_pwned=1&token=a\r\nb&no=T1%0a" },
    { name: "markup in every field", body: form({ intent: xss, keyword: attr, clauseid: single, token: script, no: xss, refreshToken: attr, checkValue: xss }) },
    { name: "markup where a value is expected", body: form({ intent: "search", keyword: "", clauseid: xss, refreshToken: xss }) },
    { name: "other members' ids", body: form({ intent: "agree", clauseid: "mpay-1001", openId: "mpay-1003", token: "mpay-1004", no: "mpay-1002" }) },
    { name: "another member's token", body: form({ intent: "detail", token: ctx.otherToken, no: "mpay-1001", refreshToken: "0" }) },
    { name: "negative and huge numbers", body: form({ intent: "notify", token: "C1", no: "T-NONE", checkValue: "-1", clauseid: "-7" }) },
    { name: "NaN and Infinity", body: form({ intent: "notify", token: "C1", no: "T-NONE", checkValue: "NaN", clauseid: "Infinity", refreshToken: "NaN" }) },
    { name: "floats", body: form({ intent: "agree", clauseid: "7.0", checkValue: "15.5", refreshToken: "1.0" }) },
    { name: "numbers in other notations", body: form({ intent: "agree", clauseid: "0x7", refreshToken: "01", checkValue: "1e3" }) },
    { name: "1e309", body: form({ intent: "notify", token: "C1", no: "T-NONE", checkValue: "1e309", clauseid: "1e309" }) },
    { name: "repeated fields", body: "intent=agree&intent=refuse&clauseid=7&clauseid=8&refreshToken=1&refreshToken=2" },
    { name: "array syntax", body: "intent[]=agree&clauseid[]=7&intent[0]=search&keyword[]=a&keyword[1]=b" },
    { name: "__proto__ and constructor keys", body: "__proto__=agree&__proto__[intent]=agree&constructor[prototype][intent]=agree&intent=__proto__&clauseid=constructor" },
    { name: "prototype names as values", body: form({ intent: "toString", clauseid: "__proto__", refreshToken: "constructor", keyword: "hasOwnProperty" }) },
    { name: "empty body", body: "", headers: { "content-length": 0 } },
    { name: "only separators", body: "&&&==&=&%&=%=" },
    { name: "names without values", body: "intent&clauseid&refreshToken&keyword" },
    { name: "a body on GET", body: junkForm, method: "GET" },
  ];
}

/** The route that takes a picture's bytes, not a form (server/body-limit.ts `PHOTO_PATH`). */
const PICTURE_ROUTE = "resourceRefundPhoto";

/**
 * The bodies for the picture route: every form body is refused for its type (415) before its size or
 * framing is looked at; pictures that are not what they say, too large, framed wrong or without their
 * key are refused too (a visitor is sent to sign in first).
 */
function pictureKinds(ctx: PlanContext, n: number): BodyKind[] {
  const jpeg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64, 1)]);
  const picture = (type: string, extra: Record<string, string | number> = {}) => ({ "content-type": type, "idempotency-key": `hostile-photo-key-${n}-0001`, ...extra });
  const [xss] = markup(2000 + n);
  return [
    ...bodyKinds(ctx, n).map((kind): BodyKind => (kind.method === "GET" || kind.name === "empty body" ? kind : { ...kind, status: [415] })),
    { name: "markup as a JPEG", body: xss, headers: picture("image/jpeg"), status: [400, 302] },
    { name: "a PNG that is a JPEG", body: jpeg, headers: picture("image/png"), status: [400, 302] },
    { name: "an SVG", body: `<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>`, headers: picture("image/svg+xml"), status: [415] },
    { name: "HTML", body: xss, headers: picture("text/html"), status: [415] },
    { name: "a JPEG over the size", body: Buffer.concat([jpeg, Buffer.alloc(420 * 1024)]), headers: picture("image/jpeg"), status: [413], mayClose: true },
    { name: "a JPEG declared 10 MB", body: jpeg, headers: picture("image/jpeg", { "content-length": 10_000_000 }), status: [413], mayClose: true },
    { name: "a JPEG sent in chunks", body: jpeg, headers: picture("image/jpeg", { "transfer-encoding": "chunked" }), status: [411], mayClose: true },
    { name: "a gzip JPEG", body: gzipSync(jpeg), headers: picture("image/jpeg", { "content-encoding": "gzip" }), status: [415] },
    { name: "a JPEG without its key", body: jpeg, headers: { "content-type": "image/jpeg" }, status: [400, 302] },
    { name: "a JPEG with a key of markup", body: jpeg, headers: picture("image/jpeg", { "idempotency-key": encodeURIComponent(xss).slice(0, 60) }), status: [400, 302] },
  ];
}

/**
 * Hostile bodies for every route with an action (or those of `routes`), as the member and as a
 * visitor, from the mall's own origin. A route gets the same bodies whichever others are asked with it.
 */
export function bodyAttacks(ctx: PlanContext, routes: readonly (typeof ACTION_ROUTES)[number][] = ACTION_ROUTES): Attack[] {
  const attacks: Attack[] = [];
  ACTION_ROUTES.forEach((route, r) => {
    if (!routes.includes(route)) return;
    const path = fill(route.path, "1");
    for (const member of [true, false]) {
      for (const kind of (route.name === PICTURE_ROUTE ? pictureKinds : bodyKinds)(ctx, r * 2 + Number(member))) {
        attacks.push(
          attack(
            "bodies",
            `${kind.method ?? "POST"} ${route.name} ${kind.name} (${who(member)})`,
            ctx,
            { method: kind.method ?? "POST", path, member, from: "own", body: kind.body, headers: kind.headers },
            { status: kind.status, mayClose: kind.mayClose },
          ),
        );
      }
    }
    sample(formArb, FORMS_PER_ACTION, 500 + r).forEach(({ fields, encoding }, i) => {
      const member = i % 2 === 0;
      attacks.push(
        attack("bodies", `POST ${route.name}${i % 4 === 1 ? ".data" : ""} generated form #${i} (${who(member)})`, ctx, {
          method: "POST",
          path: i % 4 === 1 ? dataPath(path) : path,
          member,
          from: "own",
          body: encodeFields(fields, encoding),
        }),
      );
    });
  });
  return attacks;
}

/** A value as Remix's createCookie writes it (base64 of the JSON). */
const remixCookieJson = (json: string) => encodeURIComponent(Buffer.from(json).toString("base64"));
export const remixCookieValue = (value: unknown) => remixCookieJson(JSON.stringify(value));

const COOKIE_TARGETS = ["/index", "/classify/coffee", "/search.data", "/store_details/7.data", "/mCoin_zone/1", "/checkIn"];

/** Requests without any bad cookie, that the cookie attacks are compared with. */
export function cookieBaselines(ctx: PlanContext): Attack[] {
  return COOKIE_TARGETS.flatMap((path) =>
    [true, false].map((member) => ({ ...attack("cookies", `baseline ${path} (${who(member)})`, ctx, { method: "GET", path, member }), baseline: `${path}|${member}` })),
  );
}

/** Each cookie of the mall with values it did not write: each must read as absent and be replaced. */
export function cookieAttacks(ctx: PlanContext): Attack[] {
  const generated = (salt: number) => sample(valueArb, 8, salt).map((value) => headerSafe(value).replace(/;/g, "%3B"));
  const seal = decodeURIComponent(ctx.session);
  const sealed = Buffer.from(seal, "base64").toString("utf8");
  const tamper = (text: string, at: number) => text.slice(0, at) + (text[at] === "A" ? "B" : "A") + text.slice(at + 1);
  const bad: Record<string, string[]> = {
    __mcoin_session: [
      "",
      "x",
      "Fe26.2**garbage",
      remixCookieValue("Fe26.2**a*b*c*d*e*f*g"),
      ctx.foreignSeal,
      remixCookieValue(tamper(JSON.parse(sealed) as string, 60)),
      ctx.session.slice(0, -12),
      `${ctx.session}x`,
      remixCookieValue(["not", "a", "seal"]),
      remixCookieValue({ token: "forged", openId: "mpay-1001" }),
      encodeURIComponent(sealed),
      "%E0%A4%A",
      ...generated(600),
    ],
    mcoin_locale: [
      remixCookieValue("fr"),
      "en",
      remixCookieValue("EN"),
      remixCookieValue("zh-Hant"),
      remixCookieValue(["en"]),
      remixCookieJson('{"__proto__":"en"}'),
      remixCookieValue(markup(5)[0]),
      "!!!",
      "%E0%A4%A",
      remixCookieValue(""),
      ...generated(601),
    ],
    mcoin_geo: [
      "91,0",
      "0,181",
      "NaN,NaN",
      "1e1,1",
      "22.1",
      "22.1,113.5,0",
      "%E0%A4%A",
      "DENIED",
      "denied%00",
      encodeURIComponent(markup(6)[0]),
      "%2022.1,113.5",
      "Infinity,-Infinity",
      `${"1".repeat(400)},1`,
      ...generated(602).filter((value) => !/^-?\d+(\.\d+)?(%2C|,)-?\d+(\.\d+)?$/i.test(value) && value !== "denied"),
    ],
    mcoin_relogin: ["0", "2", "1", remixCookieValue(1), remixCookieValue(true), remixCookieValue("11"), "%E0%A4%A", ...generated(603)],
  };
  const attacks: Attack[] = [];
  let n = 0;
  for (const [name, values] of Object.entries(bad)) {
    for (const value of values) {
      const path = COOKIE_TARGETS[n % COOKIE_TARGETS.length];
      // The session cookie is the member's; the others ride along with it or not.
      const member = name !== "__mcoin_session" && n % 2 === 0;
      n += 1;
      const request = attack(
        "cookies",
        `${name}=${JSON.stringify(value.slice(0, 40))} on ${path} (${who(member)})`,
        ctx,
        { method: "GET", path, member, cookies: { [name]: value } },
        { badCookies: [name] },
      );
      attacks.push({ ...request, baseline: `${path}|${member}` });
    }
  }
  // All at once, twice over, and a Cookie header a browser would not send.
  const everyBad = { __mcoin_session: "x", mcoin_locale: "x", mcoin_geo: "x", mcoin_relogin: "x" };
  attacks.push(
    { ...attack("cookies", "every cookie bad", ctx, { method: "GET", path: "/index", member: false, cookies: everyBad }, { badCookies: Object.keys(everyBad) }), baseline: "/index|false" },
    {
      ...attack("cookies", "every cookie bad (data)", ctx, { method: "GET", path: "/search.data", member: false, cookies: everyBad }, { badCookies: Object.keys(everyBad) }),
      baseline: "/search.data|false",
    },
    attack("cookies", "a bad session before the member's own", ctx, { method: "GET", path: "/index", member: false, headers: { cookie: `__mcoin_session=x; __mcoin_session=${ctx.session}` } }),
    attack("cookies", "the member's session before a bad one", ctx, { method: "GET", path: "/index", member: false, headers: { cookie: `__mcoin_session=${ctx.session}; __mcoin_session=x` } }),
    attack("cookies", "two locales", ctx, { method: "GET", path: "/search", member: false, headers: { cookie: `mcoin_locale=${remixCookieValue("en")}; mcoin_locale=${remixCookieValue("fr")}` } }),
    attack("cookies", "300 cookies", ctx, { method: "GET", path: "/search", member: false, headers: { cookie: Array.from({ length: 300 }, (_, i) => `c${i}=${i}`).join("; ") } }),
    attack("cookies", "a cookie header of separators", ctx, { method: "GET", path: "/search.data", member: false, headers: { cookie: ";;; = ;=;mcoin_geo;mcoin_locale=;=x" } }),
    attack("cookies", "a cookie named __proto__", ctx, { method: "GET", path: "/index", member: true, cookies: { ["__proto__"]: "1", constructor: "x", toString: "y" } }),
  );
  return attacks;
}

/** The configured hosts and hosts that are not (400), and forwarding headers the mall does not trust. */
export function hostAttacks(ctx: PlanContext): Attack[] {
  const port = ctx.port;
  const good = [`localhost:${port}`, `127.0.0.1:${port}`, `LocalHost:${port}`, "localhost", "127.0.0.1", `localhost:${port + 7}`];
  const refused = [
    // An IPv6 address with a port: Remix's request would lose the port (server/request-gate.ts).
    `[::1]:${port}`,
    "evil.example",
    `evil.example:${port}`,
    "localhost.evil.example",
    `localhost.evil.example:${port}`,
    "evil-localhost",
    "127.0.0.2",
    "127.1",
    "0x7f.0.0.1",
    "2130706433",
    "[::2]",
    "::1",
    `[::ffff:127.0.0.1]:${port}`,
    "localhost.",
    `${"a".repeat(300)}.example`,
    "evil.example, localhost",
    "localhost/evil",
    "localhost\\evil",
    "localhost#evil",
    "localhost?x",
    `localhost:${port}@evil.example`,
    `evil.example@localhost:${port}`,
    "localhost:evil",
    `localhost:${port}.evil.example`,
    `localhost:${port}:${port}`,
    "localhost:0x10",
    "localhost:-1",
    "localhost: 1",
    "loca\u00adlhost",
    "<mcoinxss-4>",
  ];
  const attacks: Attack[] = [];
  for (const [list, status] of [
    [good, undefined],
    [refused, [400]],
  ] as const) {
    for (const host of list) {
      const origin = `http://${host}`;
      attacks.push(
        attack(
          "host",
          `GET /index, Host ${JSON.stringify(host.slice(0, 40))}`,
          ctx,
          { method: "GET", path: "/index", member: false, headers: { host: headerSafe(host) } },
          { status: status ?? [200, 302] },
        ),
        attack(
          "host",
          `GET /search.data, Host ${JSON.stringify(host.slice(0, 40))}`,
          ctx,
          { method: "GET", path: "/search.data?keyword=%3Cmcoinxss-3%3E", member: true, headers: { host: headerSafe(host) } },
          { status: status ?? [200] },
        ),
        attack(
          "host",
          `POST /resources/agreement, Host ${JSON.stringify(host.slice(0, 40))}`,
          ctx,
          { method: "POST", path: "/resources/agreement", member: true, headers: { host: headerSafe(host), origin: headerSafe(origin) }, body: "intent=refuse&clauseid=8" },
          { status },
        ),
      );
    }
  }
  const forwarded: Record<string, string | number>[] = [
    { "x-forwarded-host": "evil.example" },
    { "x-forwarded-host": `localhost:${port + 9}` },
    { "x-forwarded-host": `evil.example:${port}` },
    { "x-forwarded-proto": "https" },
    { "x-forwarded-proto": "javascript" },
    { forwarded: "host=evil.example;proto=https;for=1.2.3.4" },
    { "x-forwarded-for": "1.2.3.4, <mcoinxss-2>" },
    { "x-original-url": "/resources/agreement", "x-rewrite-url": "/resources/agreement" },
    { "x-http-method-override": "DELETE", "x-method-override": "PUT" },
    { "x-forwarded-prefix": "//evil.example" },
    { referer: "javascript:alert(1)//<mcoinxss-1>" },
    { "accept-language": "<mcoinxss-2>, en;q=NaN, *;q=1e309" },
    { "sec-fetch-site": "none", "sec-fetch-dest": "<mcoinxss-3>", "sec-fetch-mode": "navigate" },
    { accept: "text/x-script, */*;q=0" },
    { "if-none-match": `"${"x".repeat(2000)}"`, "if-modified-since": "<mcoinxss-5>" },
    { range: "bytes=0-0,1-1,2-2,3-3,-1,999999999999999999-" },
    { "content-type": "application/json", "content-length": 0 },
    { "user-agent": headerSafe(`MPay/${"9.".repeat(500)}9 language/${"zz-".repeat(100)}`) },
  ];
  forwarded.forEach((headers, i) => {
    attacks.push(
      attack("host", `GET /index with ${Object.keys(headers).join(", ")}`, ctx, { method: "GET", path: i % 3 === 0 ? "/index?code=x" : "/index", member: i % 2 === 0, headers }),
      attack("host", `GET /robots.txt with ${Object.keys(headers).join(", ")}`, ctx, { method: "GET", path: "/robots.txt", member: false, headers }),
      attack("host", `POST /resources/agreement with ${Object.keys(headers).join(", ")}`, ctx, {
        method: "POST",
        path: "/resources/agreement",
        member: true,
        from: "own",
        headers,
        body: "intent=refuse&clauseid=8",
      }),
    );
  });
  return attacks;
}

/** Bytes on the wire: framing that is not HTTP as browsers speak it. */
export function framingAttacks(ctx: PlanContext): Attack[] {
  const host = `Host: ${ctx.host}\r\n`;
  const close = "Connection: close\r\n";
  const raw: [string, string | Buffer, number[]?][] = [
    ["absolute-form to another site", `GET http://evil.example/index HTTP/1.1\r\n${host}${close}\r\n`, [400]],
    ["asterisk-form GET", `GET * HTTP/1.1\r\n${host}${close}\r\n`, [400]],
    ["asterisk-form OPTIONS", `OPTIONS * HTTP/1.1\r\n${host}${close}\r\n`, [204]],
    ["a target without a slash", `GET index HTTP/1.1\r\n${host}${close}\r\n`],
    ["NUL in the target", `GET /in\u0000dex HTTP/1.1\r\n${host}${close}\r\n`],
    ["CR in a header value", `GET /index HTTP/1.1\r\n${host}X-A: a\rSet-Cookie: x=1\r\n${close}\r\n`],
    ["a folded header", `GET /index HTTP/1.1\r\n${host}X-A: a\r\n b\r\n${close}\r\n`],
    ["bare LF line ends", `GET /index HTTP/1.1\n${host.replace("\r\n", "\n")}${close.replace("\r\n", "\n")}\n`],
    ["two Host headers", `GET /index HTTP/1.1\r\n${host}Host: evil.example\r\n${close}\r\n`],
    ["no Host (HTTP/1.1)", `GET /index HTTP/1.1\r\n${close}\r\n`, [400]],
    ["no Host (HTTP/1.0)", `GET /index HTTP/1.0\r\n\r\n`, [400]],
    ["an empty Host", `GET /index HTTP/1.1\r\nHost: \r\n${close}\r\n`, [400]],
    ["a blank Host", `GET /index HTTP/1.1\r\nHost:    \r\n${close}\r\n`, [400]],
    ["HTTP/0.9", "GET /index\r\n\r\n"],
    ["HTTP/2 preface", "PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n"],
    ["HTTP/9.9", `GET /index HTTP/9.9\r\n${host}${close}\r\n`],
    [
      "Content-Length and Transfer-Encoding",
      `POST /search HTTP/1.1\r\n${host}Content-Type: ${FORM}\r\nContent-Length: 4\r\nTransfer-Encoding: chunked\r\n${close}\r\n0\r\n\r\nGET /index HTTP/1.1\r\n${host}\r\n`,
    ],
    ["two Content-Lengths", `POST /search HTTP/1.1\r\n${host}Content-Type: ${FORM}\r\nContent-Length: 3\r\nContent-Length: 30\r\n${close}\r\na=1`],
    ["a bad chunk size", `POST /search HTTP/1.1\r\n${host}Content-Type: ${FORM}\r\nTransfer-Encoding: chunked\r\n${close}\r\nzz\r\na=1\r\n0\r\n\r\n`],
    ["a chunk extension flood", `POST /search HTTP/1.1\r\n${host}Content-Type: ${FORM}\r\nTransfer-Encoding: chunked\r\n${close}\r\n3;${"x=1;".repeat(3000)}\r\na=1\r\n0\r\n\r\n`],
    ["a 32 KB header", `GET /index HTTP/1.1\r\n${host}X-Big: ${"x".repeat(32_000)}\r\n${close}\r\n`],
    ["CONNECT", `CONNECT localhost:${ctx.port} HTTP/1.1\r\n${host}${close}\r\n`],
    ["a header name with a space", `GET /index HTTP/1.1\r\n${host}X A: 1\r\n${close}\r\n`],
    ["Latin-1 in the target", Buffer.concat([Buffer.from("GET /classify/"), Buffer.from([0xe9, 0xff, 0x80]), Buffer.from(` HTTP/1.1\r\n${host}${close}\r\n`)])],
    ["invalid UTF-8 in a cookie", Buffer.concat([Buffer.from(`GET /index HTTP/1.1\r\n${host}Cookie: mcoin_geo=`), Buffer.from([0xc3, 0x28, 0xa0, 0xa1]), Buffer.from(`\r\n${close}\r\n`)])],
  ];
  return raw.map(([name, bytes, status]) => ({ category: "framing", label: name, member: false, bytes, expect: { mayClose: !status, status } }));
}
