/**
 * The controls of the running process (sandbox/instruments/): reset, the clock, injected faults,
 * stubs, the mall's error reports, the call log (read, streamed, verified) and the added latency.
 */
import { http, HttpResponse, type HttpHandler } from "msw";
import * as controls from "#core/controls/declarations";
import { faultFrom } from "#core/controls/faults";
import { eventStream, eventText } from "#core/http/event-stream";
import type { CallLog } from "../../instruments/call-log";
import type { SandboxClock } from "../../instruments/clock";
import type { ErrorReports } from "../../instruments/error-reports";
import { MAX_FAULTS, type FaultQueue } from "../../instruments/fault-queue";
import type { Latency } from "../../instruments/latency";
import { mappingsIn, problemText } from "../../stubs/admin-input";
import type { StubBook } from "../../stubs/book";
import { verifyCalls } from "../../verify";
import { refuse, serveControl } from "./serve-control";

export interface InstrumentControlParts {
  /** Back to the fixtures, the instruments as they started. */
  reset(): void;
  clock: SandboxClock;
  faults: FaultQueue;
  stubs: StubBook;
  errors: ErrorReports;
  calls: CallLog;
  latency: Latency;
}

/** The call log as server-sent events: one `call` event per gateway call, when it is answered. */
function callStream(calls: CallLog, aborted: AbortSignal): Response {
  return eventStream((send) => {
    send(": the sandbox's gateway calls, each once answered\n\n");
    return calls.onAnswered((call) => send(eventText({ event: "call", id: String(call.seq), data: JSON.stringify(controls.LoggedCallSchema.parse(call)) })));
  }, aborted);
}

export function instrumentControls({ reset, clock, faults, stubs, errors, calls, latency }: InstrumentControlParts): HttpHandler[] {
  return [
    serveControl(controls.reset, () => {
      reset();
      return { ok: true as const };
    }),

    serveControl(controls.clock, () => clock.info()),
    serveControl(controls.setClock, ({ input }) => {
      clock.set(input.now, input.frozen);
      return clock.info();
    }),

    serveControl(controls.faults, () => ({ faults: faults.list() })),
    serveControl(controls.addFault, ({ input }) => {
      const fault = faults.add(faultFrom(input));
      return fault ? { ok: true as const, fault } : refuse(400, `${MAX_FAULTS} faults are already waiting; DELETE /__sandbox/faults first`);
    }),
    serveControl(controls.clearFaults, () => {
      faults.clear();
      return { ok: true as const };
    }),

    // Each gateway call once answered, pushed as a server-sent event (`mcoin sandbox log --follow`);
    // behind the controls' guard, so it needs the control token whenever the other controls do.
    http.get("*/__sandbox/log/stream", ({ request }) => callStream(calls, request.signal)),

    // Stubs in WireMock's mapping format; those from --stubs files stay unless `all=true`.
    serveControl(controls.stubs, () => ({ stubs: stubs.list() })),
    // Read here rather than by the declaration, so a refusal names every problem of the body, not the first.
    http.post(`*${controls.addStubs.path}`, async ({ request }) => {
      const read = await mappingsIn(request);
      if (!read.ok) return refuse(400, read.problems.map(problemText).join("; "), { problems: read.problems });
      return HttpResponse.json(controls.addStubs.reply.parse({ ok: true, added: stubs.add(read.value, "POST /__sandbox/stubs") }));
    }),
    serveControl(controls.clearStubs, ({ input }) => ({ ok: true as const, removed: stubs.clear({ all: input.all === "true" }) })),

    // The mall's error reports (MCOIN_ERROR_REPORT_URL on the sandbox): collected, listed, cleared.
    serveControl(controls.reportError, ({ input }) => {
      errors.collect(input);
      return { status: 201, reply: { ok: true as const } };
    }),
    serveControl(controls.errors, () => ({ errors: errors.list() })),
    serveControl(controls.clearErrors, () => {
      errors.clear();
      return { ok: true as const };
    }),

    serveControl(controls.log, ({ input }) => {
      const logged = calls.since(input.since);
      return { calls: logged.filter((call) => (!input.unmatched || call.nearMiss) && (input.requestId === undefined || call.requestId === input.requestId)) };
    }),
    // Verification of the call log (sandbox/verify.ts): 200 when it holds, 409 with the closest calls when not.
    serveControl(controls.verify, ({ input }) => {
      const verification = verifyCalls(calls.since(), input);
      return { status: verification.ok ? 200 : 409, reply: verification };
    }),
    serveControl(controls.clearLog, () => {
      calls.clear();
      return { ok: true as const };
    }),

    serveControl(controls.latency, () => ({ latencyMs: latency.ms })),
    serveControl(controls.setLatency, ({ input }) => {
      latency.ms = input.ms;
      return { latencyMs: latency.ms };
    }),
  ];
}
