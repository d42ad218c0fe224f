/**
 * Server-sent events as this project reads them: the traffic inspector's stream followed by
 * `mcoin sandbox log --follow` (cli/call-stream.ts) and by the inspector's page (inspector/api.ts).
 * The format's rules (events end at a blank line, `data:` lines join with newlines, `:` starts a
 * comment, CRLF and CR end lines, a line end may be cut between two chunks) are eventsource-parser's,
 * the reference parser, not ours.
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
