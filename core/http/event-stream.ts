/**
 * Server-sent events, the one reader and the one writer. The reader follows the traffic inspector's
 * stream for `mcoin sandbox log --follow` (cli/call-stream.ts) and for the inspector's page
 * (inspector/api.ts); the format's rules (events end at a blank line, `data:` lines join with
 * newlines, `:` starts a comment, CRLF and CR end lines, a line end may be cut between two chunks) are
 * eventsource-parser's, the reference parser, not ours. The writer is a stream on the Fetch API: what
 * `open` sends, a comment every KEEP_ALIVE_MS so proxies and clients keep an idle stream open, and
 * everything stopped when the client goes; the sandbox's call log (sandbox/handlers/controls/instrument-controls.ts) and
 * the inspector (harness/inspector/http.ts) write theirs with it.
 */
import { createParser } from "eventsource-parser";

/** One event: its name (`message` when the stream names none), its data and its id. */
export interface ServerSentEvent {
  event: string;
  data: string;
  id?: string;
}

/** Reads a stream fed a chunk at a time; `onEvent` hears each event once its blank line has come. */
export interface EventReader {
  feed(text: string): void;
}

export function eventReader(onEvent: (event: ServerSentEvent) => void): EventReader {
  const parser = createParser({ onEvent: (message) => onEvent({ event: message.event ?? "message", data: message.data, ...(message.id !== undefined ? { id: message.id } : {}) }) });
  return { feed: (text) => parser.feed(text) };
}

/** Reads a response's body as events until it ends (or its reader is cancelled). */
export async function readEventStream(body: ReadableStream<Uint8Array>, onEvent: (event: ServerSentEvent) => void): Promise<void> {
  const reader = eventReader(onEvent);
  const decoder = new TextDecoder();
  const chunks = body.getReader();
  for (;;) {
    const { done, value } = await chunks.read();
    if (done) break;
    reader.feed(decoder.decode(value, { stream: true }));
  }
}

/** One event as the stream carries it: its name, its id when it has one, its data on one line (JSON never breaks a line). */
export function eventText(event: ServerSentEvent): string {
  return `event: ${event.event}\n${event.id !== undefined ? `id: ${event.id}\n` : ""}data: ${event.data}\n\n`;
}

/** How often an idle stream says it is alive. */
const KEEP_ALIVE_MS = 15_000;

/** `open` starts sending and returns how to stop; it is stopped when `aborted` fires or the reader cancels. */
export function eventStream(open: (send: (text: string) => void) => () => void, aborted: AbortSignal): Response {
  const encoder = new TextEncoder();
  let stop = () => {};
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      const send = (text: string) => {
        try {
          controller.enqueue(encoder.encode(text));
        } catch {
          stop();
        }
      };
      const close = open(send);
      const alive = setInterval(() => send(": alive\n\n"), KEEP_ALIVE_MS);
      stop = () => {
        close();
        clearInterval(alive);
      };
      aborted.addEventListener("abort", () => {
        stop();
        try {
          controller.close();
        } catch {
          // already closed
        }
      });
    },
    cancel() {
      stop();
    },
  });
  return new Response(body, { headers: { "content-type": "text/event-stream", "cache-control": "no-store", "x-accel-buffering": "no" } });
}
