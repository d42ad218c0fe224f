/**
 * Follows the gateway calls a running sandbox (or `mcoin record`) answers, through the traffic
 * inspector's stream (GET /__sandbox/inspect/api/stream, server-sent events; core/controls/inspect.ts,
 * read by core/http/event-stream.ts): `mcoin sandbox log --follow`.
 */
import { CONTROL_TOKEN_HEADER } from "#core/controls/client";
import { readEventStream } from "#core/http/event-stream";
import { ExchangeDetailSchema, ExchangeSummarySchema, INSPECT_API, type ExchangeDetail, type ExchangeSummary } from "#core/controls/inspect";
import { fetchOf, sandboxUrl } from "./context";
import { CliError } from "./errors";
import type { CliIo } from "./io";
import type { ControlTarget } from "./sandbox-control";

const headersOf = (target: ControlTarget): Record<string, string> => (target.controlToken ? { [CONTROL_TOKEN_HEADER]: target.controlToken } : {});

/** One exchange's detail from the inspector (the near miss's closest endpoints), or undefined when it left the ring. */
export async function exchangeDetail(io: CliIo, target: ControlTarget, seq: number): Promise<ExchangeDetail | undefined> {
  const base = sandboxUrl(io, target.baseUrl);
  const response = await fetchOf(io)(`${base}${INSPECT_API.exchanges}/${seq}`, { headers: headersOf(target) }).catch(() => undefined);
  if (!response?.ok) return undefined;
  const parsed = ExchangeDetailSchema.safeParse(await response.json().catch(() => undefined));
  return parsed.success ? parsed.data : undefined;
}

/** Calls `onCall` for each call the server answers, until `signal` aborts or the server stops. */
export async function followCalls(io: CliIo, target: ControlTarget, onCall: (call: ExchangeSummary) => void, signal?: AbortSignal, onOpen?: () => void): Promise<void> {
  const base = sandboxUrl(io, target.baseUrl);
  let response: Response;
  try {
    // Only what is answered from now on: the ring's earlier exchanges are `mcoin sandbox log`'s.
    response = await fetchOf(io)(`${base}${INSPECT_API.stream}?since=${Number.MAX_SAFE_INTEGER}`, { headers: headersOf(target), signal });
  } catch (error) {
    if (signal?.aborted) return;
    throw new CliError("NETWORK", `could not reach the sandbox at ${base}: ${(error as Error).message}`, {
      suggestion: `is the sandbox running? npx mcoin sandbox. To reach one elsewhere: ${target.baseUrl ? "--base-url URL" : "--base-url URL, or set MCOIN_SANDBOX_URL"}`,
    });
  }
  if (!response.ok || !response.body) {
    const said = await response.text().catch(() => "");
    throw new CliError(`HTTP_${response.status}`, `the sandbox refused the inspector's stream (HTTP ${response.status}): ${said.slice(0, 200)}`, {
      suggestion: response.status === 401 ? "it needs its control token: pass --control-token" : undefined,
    });
  }
  onOpen?.();
  try {
    await readEventStream(response.body, ({ event, data }) => {
      if (event !== "exchange") return;
      const parsed = ExchangeSummarySchema.safeParse(JSON.parse(data));
      if (parsed.success) onCall(parsed.data);
    });
  } catch (error) {
    if (!signal?.aborted) throw error;
  }
}
