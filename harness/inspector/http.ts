/**
 * The inspector over HTTP, under /__sandbox/inspect (core/controls/inspect.ts declares it): the page
 * (its shell and its two built files) and the API the page reads. Written on the Fetch API alone, so
 * the sandbox (sandbox/index.ts) and `mcoin record` (./recorder-inspector.ts) serve the same routes.
 *
 * The page and its files are open: without the control token the page can only ask for it. Every
 * API route first passes `guard`, the same check the sandbox's controls make (sandbox/control-guard.ts):
 * the control token when the server has one, a loopback Host when it has none, and no other origin.
 * Saving, replaying and HAR need the recorder's code (./actions.ts); a server without them says so (501).
 */
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { FAULTS, type FaultKind } from "#core/controls/faults";
import {
  FaultRequestSchema,
  INSPECT_API,
  INSPECT_PATH,
  ReplayRequestSchema,
  SaveRequestSchema,
  type ExchangeList,
  type ExchangeSummary,
  type InspectInfo,
  type ReplayReply,
  type SaveReply,
} from "#core/controls/inspect";
import { parseBoundedJson } from "#core/http/bounded-json";
import { eventStream, eventText } from "#core/http/event-stream";
import { INSPECTOR_ASSETS_DIR } from "./assets";
import type { ExchangeRing, KeptExchange } from "./ring";

/** What only the recorder's code can do with kept exchanges (./actions.ts). */
/** What only the CLI can do with kept exchanges; `mount` is the server's (a sandbox tenant's path), so a replay goes back to the same tenant. */
export interface InspectorActions {
  save(kept: readonly KeptExchange[], name: string, mount?: string): Promise<Omit<SaveReply, "refused"> & { refused: SaveReply["refused"] }>;
  replay(kept: KeptExchange, mount?: string): Promise<ReplayReply>;
  har(kept: readonly KeptExchange[]): Promise<unknown>;
}

export interface InspectorServer {
  ring: ExchangeRing;
  source: InspectInfo["source"];
  /** Where the calls go: the recorder's target; empty for the sandbox itself (the address it was reached at). */
  target: string;
  /** Why an API request is refused, or null when it may go on. */
  guard(request: Request): Promise<Response | null>;
  /** Adds a fault (undefined: this server cannot, a recorder in front of a real environment). */
  addFault?(fault: { path: string; kind: FaultKind; times: number }): Promise<Response | null>;
  actions?: InspectorActions;
  /** The path the server is mounted under: a sandbox tenant's `/tenants/NAME` (sandbox/tenants.ts); '' at the root. */
  mount?: string;
}

const json = (value: unknown, status = 200) => Response.json(value, { status, headers: { "cache-control": "no-store" } });
const refuse = (status: number, error: string) => json({ ok: false, error }, status);

/** The page's own rules: its scripts and styles from here, its calls to here, nothing framed. */
const PAGE_CSP = "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/** The page's shell, its files under `mount` (a sandbox tenant's path, or ''). */
export const inspectorShell = (mount: string) => `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Traffic inspector · mCoin</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="${mount}${INSPECT_PATH}/assets/inspector.css">
<script type="module" src="${mount}${INSPECT_PATH}/assets/inspector.js"></script>
</head>
<body>
<div id="root"></div>
<noscript>The traffic inspector needs JavaScript. The same stream in a terminal: npx mcoin sandbox log --follow</noscript>
</body>
</html>
`;

const NOT_BUILT = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Traffic inspector · not built</title></head>
<body><h1>The traffic inspector is not built</h1><p>Build it with <code>npm run build</code> (or <code>node scripts/build.mjs inspector</code>), then reload.</p></body></html>
`;

const ASSET_TYPES: Record<string, string> = { "inspector.js": "text/javascript; charset=utf-8", "inspector.css": "text/css; charset=utf-8" };

const pageHeaders = {
  "content-type": "text/html; charset=utf-8",
  "content-security-policy": PAGE_CSP,
  "x-content-type-options": "nosniff",
  "referrer-policy": "no-referrer",
  "cache-control": "no-store",
};

/** The page and its files, or undefined when the path is not one of them. */
async function page(pathname: string, mount: string): Promise<Response | undefined> {
  if (pathname === INSPECT_PATH || pathname === `${INSPECT_PATH}/`) {
    const built = await readFile(join(INSPECTOR_ASSETS_DIR, "inspector.js")).then(
      () => true,
      () => false,
    );
    return new Response(built ? inspectorShell(mount) : NOT_BUILT, { status: built ? 200 : 503, headers: pageHeaders });
  }
  const asset = /^\/__sandbox\/inspect\/assets\/([a-z.]+)$/.exec(pathname)?.[1];
  if (asset === undefined) return undefined;
  const type = ASSET_TYPES[asset];
  if (!type) return new Response(null, { status: 404 });
  try {
    return new Response(await readFile(join(INSPECTOR_ASSETS_DIR, asset)), { headers: { "content-type": type, "x-content-type-options": "nosniff", "cache-control": "no-cache" } });
  } catch {
    return new Response(null, { status: 404 });
  }
}

/** Whether a path is the inspector's: the sandbox answers these before its other controls. */
export const isInspectorPath = (pathname: string) => pathname === INSPECT_PATH || pathname.startsWith(`${INSPECT_PATH}/`);

/** The list's filters, each optional; `text` looks in both bodies, decrypted for secure calls. */
export interface ListFilter {
  path?: string;
  name?: string;
  member?: string;
  /** The mall request the calls were made for (X-Request-Id): one page load's, matched whole. */
  requestId?: string;
  status?: "2xx" | "3xx" | "4xx" | "5xx" | "cut";
  fault?: boolean;
  text?: string;
}

export function filterOf(search: URLSearchParams): ListFilter {
  const status = search.get("status");
  return {
    ...(search.get("path") ? { path: search.get("path") as string } : {}),
    ...(search.get("name") ? { name: search.get("name") as string } : {}),
    ...(search.get("member") ? { member: search.get("member") as string } : {}),
    ...(search.get("requestId")?.trim() ? { requestId: (search.get("requestId") as string).trim() } : {}),
    ...(status === "2xx" || status === "3xx" || status === "4xx" || status === "5xx" || status === "cut" ? { status } : {}),
    ...(search.get("fault") === "1" || search.get("fault") === "true" ? { fault: true } : {}),
    ...(search.get("text") ? { text: (search.get("text") as string).toLowerCase() } : {}),
  };
}

/** The text the search looks in: both bodies as sent, and for secure calls as decrypted. */
function searchable(kept: KeptExchange): string {
  const { detail } = kept;
  const parts = [detail.request.body?.text ?? "", detail.reply.body?.text ?? ""];
  if (detail.envelope) parts.push(JSON.stringify(detail.envelope.request.opened ?? ""), JSON.stringify(detail.envelope.reply.opened ?? ""));
  return parts.join("\n").toLowerCase();
}

export function matches(kept: KeptExchange, filter: ListFilter): boolean {
  const { summary } = kept;
  if (filter.path && !summary.path.toLowerCase().includes(filter.path.toLowerCase())) return false;
  if (filter.name && summary.name !== filter.name) return false;
  if (filter.member && summary.member !== filter.member) return false;
  if (filter.requestId && summary.requestId !== filter.requestId) return false;
  if (filter.status && (filter.status === "cut" ? summary.status !== 0 : summary.status === 0 || `${Math.floor(summary.status / 100)}xx` !== filter.status)) return false;
  if (filter.fault && !summary.markers.fault) return false;
  if (filter.text && !searchable(kept).includes(filter.text)) return false;
  return true;
}

function stream(ring: ExchangeRing, since: number, aborted: AbortSignal): Response {
  const event = (summary: ExchangeSummary) => eventText({ event: "exchange", id: String(summary.seq), data: JSON.stringify(summary) });
  return eventStream((send) => {
    send(`: the inspector's exchanges, each once answered (capacity ${ring.capacity})\n\n`);
    for (const summary of ring.since(since)) send(event(summary));
    return ring.listen((change) => send(change.type === "exchange" ? event(change.summary) : eventText({ event: "cleared", data: "{}" })));
  }, aborted);
}

async function jsonBody(request: Request): Promise<{ ok: true; value: unknown } | { ok: false; response: Response }> {
  const parsed = parseBoundedJson(await request.text());
  return parsed.ok ? { ok: true, value: parsed.value } : { ok: false, response: refuse(400, "the body is not JSON") };
}

const noActions = () => refuse(501, "saving, replaying and HAR need the mcoin CLI: run the sandbox with npx mcoin sandbox");

const firstIssue = (error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] }) => {
  const issue = error.issues[0];
  return `${issue?.path.map(String).join(".") || "body"}: ${issue?.message ?? "invalid"}`;
};

/** Seqs from `?seq=1,2,3`; every kept exchange when none are named. */
function selected(ring: ExchangeRing, search: URLSearchParams): KeptExchange[] | Response {
  const given = search.get("seq");
  if (!given) return ring.list().reverse();
  const seqs = given.split(",").map((part) => Number(part.trim()));
  if (seqs.some((seq) => !Number.isInteger(seq) || seq <= 0) || seqs.length > 500) return refuse(400, "seq: whole numbers separated by commas, at most 500");
  return seqs.flatMap((seq) => ring.get(seq) ?? []);
}

/**
 * Answers a request to the inspector's paths; undefined for any other path. An action that cannot be
 * done (a folder that already holds files) is a 409 saying why, never a 500.
 */
export async function inspectorAnswer(server: InspectorServer, request: Request): Promise<Response | undefined> {
  try {
    return await answer(server, request);
  } catch (error) {
    return refuse(409, (error as Error).message);
  }
}

async function answer(server: InspectorServer, request: Request): Promise<Response | undefined> {
  const url = new URL(request.url);
  if (!isInspectorPath(url.pathname)) return undefined;
  if (request.method === "GET" || request.method === "HEAD") {
    const served = await page(url.pathname, server.mount ?? "");
    if (served) return served;
  }
  const refusal = await server.guard(request);
  if (refusal) return refusal;
  const { ring } = server;
  const route = `${request.method} ${url.pathname}`;

  if (route === `GET ${INSPECT_API.info}`) {
    const info: InspectInfo = {
      source: server.source,
      target: server.target || `${url.origin}${server.mount ?? ""}`,
      capacity: ring.capacity,
      bodyLimit: ring.bodyLimit,
      faults: server.addFault !== undefined,
      faultKinds: Object.entries(FAULTS).map(([kind, { summary }]) => ({ kind, summary })),
    };
    return json(info);
  }
  if (route === `GET ${INSPECT_API.exchanges}`) {
    const filter = filterOf(url.searchParams);
    const list: ExchangeList = { exchanges: ring.list().flatMap((kept) => (matches(kept, filter) ? [kept.summary] : [])), capacity: ring.capacity, dropped: ring.dropped };
    return json(list);
  }
  if (route === `DELETE ${INSPECT_API.exchanges}`) {
    ring.clear();
    return json({ ok: true });
  }
  const one = new RegExp(`^GET ${INSPECT_API.exchanges}/(\\d{1,12})$`).exec(route);
  if (one) {
    const kept = ring.get(Number(one[1]));
    return kept ? json(kept.detail) : refuse(404, `exchange #${one[1]} is not in the inspector (it keeps the last ${ring.capacity})`);
  }
  if (route === `GET ${INSPECT_API.stream}`) {
    const since = Number(url.searchParams.get("since") ?? request.headers.get("last-event-id") ?? 0);
    return stream(ring, Number.isInteger(since) && since >= 0 ? since : 0, request.signal);
  }
  if (route === `POST ${INSPECT_API.fault}`) {
    if (!server.addFault) return refuse(501, `faults are the sandbox's: this ${server.source} sends to ${server.target}, which takes none`);
    const body = await jsonBody(request);
    if (!body.ok) return body.response;
    const fault = FaultRequestSchema.safeParse(body.value);
    if (!fault.success) return refuse(400, firstIssue(fault.error));
    return (await server.addFault(fault.data)) ?? json({ ok: true, fault: fault.data });
  }
  if (route === `GET ${INSPECT_API.har}`) {
    const chosen = selected(ring, url.searchParams);
    if (chosen instanceof Response) return chosen;
    if (!server.actions) return noActions();
    return new Response(JSON.stringify(await server.actions.har(chosen), null, 2), {
      headers: { "content-type": "application/json", "content-disposition": 'attachment; filename="inspector.har"', "cache-control": "no-store" },
    });
  }
  if (route === `POST ${INSPECT_API.replay}`) {
    const body = await jsonBody(request);
    if (!body.ok) return body.response;
    const asked = ReplayRequestSchema.safeParse(body.value);
    if (!asked.success) return refuse(400, firstIssue(asked.error));
    const kept = ring.get(asked.data.seq);
    if (!kept) return refuse(404, `exchange #${asked.data.seq} is not in the inspector any more`);
    return server.actions ? json(await server.actions.replay(kept, server.mount)) : noActions();
  }
  if (route === `POST ${INSPECT_API.save}`) {
    const body = await jsonBody(request);
    if (!body.ok) return body.response;
    const asked = SaveRequestSchema.safeParse(body.value);
    if (!asked.success) return refuse(400, firstIssue(asked.error));
    const kept = asked.data.seqs.flatMap((seq) => ring.get(seq) ?? []);
    const gone = asked.data.seqs.filter((seq) => !ring.get(seq)).map((seq) => ({ seq, reason: "no longer in the inspector" }));
    if (kept.length === 0) return refuse(404, "none of those exchanges is in the inspector any more");
    if (!server.actions) return noActions();
    const saved = await server.actions.save(kept, asked.data.name, server.mount);
    return json({ ...saved, refused: [...gone, ...saved.refused] });
  }
  return refuse(404, `no inspector route ${request.method} ${url.pathname}`);
}
