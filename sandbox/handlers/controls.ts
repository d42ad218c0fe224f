/**
 * Test controls under /__sandbox/: reset, the clock, injected faults, the call log, and member
 * tweaks for scenarios. They answer plain JSON (not the mCoin envelope) and are never logged.
 */
import { http, HttpResponse, type HttpHandler } from "msw";
import { z } from "zod";
import { FAULT_KINDS, type FaultKind, type SandboxState } from "../state";
import type { SandboxSettings } from "../index";

const FaultSchema = z.object({
  path: z.string().min(1).max(256),
  kind: z.enum(FAULT_KINDS as [FaultKind, ...FaultKind[]]),
  times: z.number().int().min(1).max(10_000).default(1),
  delayMs: z.number().int().min(0).max(120_000).default(0),
});

const ClockSchema = z.object({
  now: z.union([z.number(), z.string().min(1), z.null()]),
  frozen: z.boolean().default(false),
});

const MemberPatchSchema = z.object({
  point: z.number().int().nonnegative().optional(),
  amount: z.number().nonnegative().optional(),
  count: z.number().int().nonnegative().optional(),
  clauseStatus: z.number().int().optional(),
  graySeckill: z.boolean().optional(),
});

async function readJson(request: Request): Promise<unknown> {
  const text = await request.text();
  if (text === "") return {};
  try {
    return JSON.parse(text);
  } catch {
    return Symbol.for("invalid");
  }
}

function invalid(message: string) {
  return HttpResponse.json({ ok: false, error: message }, { status: 400 });
}

function parse<T>(schema: z.ZodType<T>, raw: unknown): { data: T } | { error: Response } {
  const result = schema.safeParse(raw);
  if (result.success) return { data: result.data };
  const issue = result.error.issues[0];
  return { error: invalid(`${issue?.path.join(".") || "body"}: ${issue?.message ?? "invalid"}`) };
}

export function controlHandlers(state: SandboxState, settings: SandboxSettings): HttpHandler[] {
  return [
    http.get("*/__sandbox/health", () => HttpResponse.json({ ok: true, name: "mcoin-sandbox", now: state.now() })),

    http.post("*/__sandbox/reset", () => {
      state.reset();
      settings.latencyMs = settings.initialLatencyMs;
      return HttpResponse.json({ ok: true });
    }),

    http.get("*/__sandbox/clock", () => HttpResponse.json(state.clockInfo())),
    http.post("*/__sandbox/clock", async ({ request }) => {
      const parsed = parse(ClockSchema, await readJson(request));
      if ("error" in parsed) return parsed.error;
      const { now, frozen } = parsed.data;
      const at = now === null ? null : typeof now === "number" ? now : Date.parse(now);
      if (at !== null && !Number.isFinite(at)) return invalid("now: not a date");
      state.setClock(at, frozen);
      return HttpResponse.json(state.clockInfo());
    }),

    http.get("*/__sandbox/faults", () => HttpResponse.json({ faults: state.listFaults() })),
    http.post("*/__sandbox/faults", async ({ request }) => {
      const parsed = parse(FaultSchema, await readJson(request));
      if ("error" in parsed) return parsed.error;
      const { path, kind, times, delayMs } = parsed.data;
      return HttpResponse.json({ ok: true, fault: state.addFault({ path, kind, remaining: times, delayMs }) });
    }),
    http.delete("*/__sandbox/faults", () => {
      state.clearFaults();
      return HttpResponse.json({ ok: true });
    }),

    http.get("*/__sandbox/log", ({ request }) => {
      const since = Number(new URL(request.url).searchParams.get("since") ?? 0);
      return HttpResponse.json({ calls: state.log(Number.isFinite(since) ? since : 0) });
    }),
    http.delete("*/__sandbox/log", () => {
      state.clearLog();
      return HttpResponse.json({ ok: true });
    }),

    http.get("*/__sandbox/latency", () => HttpResponse.json({ latencyMs: settings.latencyMs })),
    http.post("*/__sandbox/latency", async ({ request }) => {
      const parsed = parse(z.object({ ms: z.number().int().min(0).max(60_000) }), await readJson(request));
      if ("error" in parsed) return parsed.error;
      settings.latencyMs = parsed.data.ms;
      return HttpResponse.json({ latencyMs: settings.latencyMs });
    }),

    http.get("*/__sandbox/members", () =>
      HttpResponse.json({
        members: Object.values(state.data.members).map(({ openId, nickname, point, count, clauseStatus }) => ({
          openId,
          nickname,
          point,
          count,
          clauseStatus,
        })),
      }),
    ),
    http.patch("*/__sandbox/members/:openId", async ({ request, params }) => {
      const member = state.member(String(params.openId));
      if (!member) return HttpResponse.json({ ok: false, error: "no such member" }, { status: 404 });
      const parsed = parse(MemberPatchSchema, await readJson(request));
      if ("error" in parsed) return parsed.error;
      Object.assign(member, parsed.data);
      state.changed();
      return HttpResponse.json({ ok: true });
    }),

    http.get("*/__sandbox/state", () => HttpResponse.json(state.data)),
  ];
}
