/**
 * How a declared control (core/controls/declarations.ts) is served: path parameters and input (a
 * JSON body, or the query of a GET or DELETE) parsed with its declaration, a refusal for what does
 * not fit, and the answer checked against the declaration (the sandbox must never answer outside it).
 * Controls answer plain JSON, not the mCoin envelope.
 */
import { http, HttpResponse, type HttpHandler } from "msw";
import type { z } from "zod";
import type { Control, ControlReply } from "#core/controls/declarations";
import { JSON_TOO_DEEP_MESSAGE, parseBoundedJson } from "#core/http/bounded-json";
import { inflateBounded, isGzipped } from "../../gzip-body";

export function refuse(status: number, message: string, extra: Record<string, unknown> = {}, headers?: Record<string, string>) {
  return HttpResponse.json({ ok: false, error: message, ...extra }, { status, headers });
}

/** The first problem a schema finds, as a 400 naming the field. */
function invalid(error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] }, where: string): Response {
  const issue = error.issues[0];
  return refuse(400, `${issue?.path.length ? issue.path.map(String).join(".") : where}: ${issue?.message ?? "invalid"}`);
}

/** What a control's handler may answer: its reply (200), its reply with another status, or a refusal. */
type Answer<C extends Control> = ControlReply<C> | { status: number; reply: ControlReply<C> } | Response;

/** An msw handler for a declared control. */
export function serveControl<C extends Control>(
  control: C,
  answer: (args: { params: z.output<C["params"]>; input: z.output<C["input"]>; request: Request }) => Answer<C> | Promise<Answer<C>>,
): HttpHandler {
  const method = control.method.toLowerCase() as "get" | "post" | "put" | "patch" | "delete";
  return http[method](`*${control.path}`, async ({ request, params: rawParams }) => {
    const params = control.params.safeParse(rawParams);
    // A path parameter that does not parse names nothing there is.
    if (!params.success) return refuse(404, control.notFound ?? "no such thing");
    let raw: unknown = Object.fromEntries(new URL(request.url).searchParams);
    if (control.method !== "GET" && control.method !== "DELETE") {
      let text: string;
      if (control.gzipBody && isGzipped(request.headers.get("content-encoding"))) {
        const inflated = await inflateBounded(new Uint8Array(await request.arrayBuffer()));
        if (!inflated.ok) return refuse(inflated.status, inflated.reason);
        text = inflated.text;
      } else text = await request.text();
      const parsed = text === "" ? { ok: true as const, value: {} } : parseBoundedJson(text);
      if (!parsed.ok) return refuse(400, parsed.reason === "too-deep" ? `body: ${JSON_TOO_DEEP_MESSAGE}` : "body: not JSON");
      raw = parsed.value;
    }
    const input = control.input.safeParse(raw);
    if (!input.success) return invalid(input.error, "input");
    const result = await answer({ params: params.data as z.output<C["params"]>, input: input.data as z.output<C["input"]>, request });
    if (result instanceof Response) return result;
    const { status, reply } =
      result !== null && typeof result === "object" && "reply" in result && "status" in result ? (result as { status: number; reply: unknown }) : { status: 200, reply: result };
    return HttpResponse.json(control.reply.parse(reply) as object, { status });
  });
}
