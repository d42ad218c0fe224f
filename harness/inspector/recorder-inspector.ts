/**
 * The traffic inspector on `mcoin record` (harness/record, RecorderWatch): the recorder hands it each
 * exchange it forwards, which goes into the inspector's ring with the member its token was issued to,
 * the fault and the near miss a sandbox behind the recorder named; and the requests to the inspector's
 * own paths, answered on the recorder's node:http server.
 */
import { NearMissSchema } from "#core/controls/declarations";
import { FAULT_KINDS, type FaultKind } from "#core/controls/faults";
import type { RecorderWatch } from "#harness/record";
import type { InspectKeys } from "./analysis";
import { inspectorAnswer, isInspectorPath, type InspectorActions } from "./http";
import { answerOnNode } from "./node-http";
import { ExchangeRing } from "./ring";

export interface RecorderInspectorOptions {
  /** The ring's size and the body limit (--inspect-size, --inspect-body-bytes). */
  capacity?: number;
  bodyLimit?: number;
  /** The keys that open and check the envelope. */
  keys: InspectKeys;
  /** Where the recorder sends: the inspector names it. */
  target: string;
  /** Why a request to the inspector's API is refused, or null (sandbox/control-guard.ts's check, given by the caller). */
  guard(request: Request): Promise<Response | null>;
  /** What only the CLI does: save, replay, HAR (./actions.ts). */
  actions?: InspectorActions;
  /** How to add a fault, when the target is a sandbox. */
  addFault?: (fault: { path: string; kind: FaultKind; times: number }) => Promise<Response | null>;
}

export interface RecorderInspector extends RecorderWatch {
  /** What the inspector keeps. */
  ring: ExchangeRing;
}

export function recorderInspector(options: RecorderInspectorOptions): RecorderInspector {
  const ring = new ExchangeRing({ capacity: options.capacity, bodyLimit: options.bodyLimit, keys: options.keys });
  const server = {
    ring,
    source: "recorder" as const,
    target: options.target,
    guard: options.guard,
    ...(options.addFault ? { addFault: options.addFault } : {}),
    ...(options.actions ? { actions: options.actions } : {}),
  };
  return {
    ring,
    owns: isInspectorPath,
    answer(request, response) {
      answerOnNode(request, response, (incoming) => inspectorAnswer(server, incoming)).catch(() => {
        if (!response.headersSent) response.writeHead(400, { "content-type": "application/json" });
        response.end(JSON.stringify({ ok: false, error: "bad request" }));
      });
    },
    saw(exchange, member, host) {
      const nearMiss = exchange.responseHeaders["x-sandbox-near-miss"] ? NearMissSchema.safeParse(jsonField(exchange.responseBody, "nearMiss")).data : undefined;
      ring.add({
        at: exchange.startedAt.getTime(),
        clockNow: exchange.startedAt.getTime(),
        origin: `http://${host ?? "localhost"}`,
        method: exchange.method,
        path: exchange.path,
        query: exchange.query,
        requestHeaders: exchange.requestHeaders,
        requestBody: exchange.requestBody,
        status: exchange.status,
        ms: exchange.time,
        replyHeaders: exchange.responseHeaders,
        replyBody: exchange.responseBody,
        ...(member ? { member } : {}),
        markers: faultOf(exchange.responseHeaders["x-sandbox-fault"]),
        // A sandbox behind the recorder names what a call nearly matched (sandbox/near-miss.ts).
        ...(nearMiss ? { nearMiss } : {}),
      });
    },
  };
}

/** The fault a sandbox behind the recorder says shaped the reply (sandbox/front-door.ts, FAULT_HEADER). */
function faultOf(header: string | undefined): { fault?: FaultKind } {
  return header !== undefined && (FAULT_KINDS as readonly string[]).includes(header) ? { fault: header as FaultKind } : {};
}

/** A field of a JSON reply's top level, or undefined when the reply is not a JSON object. */
function jsonField(text: string, field: string): unknown {
  try {
    const value = JSON.parse(text) as unknown;
    return value !== null && typeof value === "object" ? (value as Record<string, unknown>)[field] : undefined;
  } catch {
    return undefined;
  }
}
