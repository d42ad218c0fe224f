import { describe, expect, it } from "vitest";
import { eventReader, eventText, readEventStream, type ServerSentEvent } from "./event-stream";

/** The events read from `chunks`, fed one after the other, and after which chunk each came. */
function read(...chunks: string[]): { events: ServerSentEvent[]; after: number[] } {
  const events: ServerSentEvent[] = [];
  const after: number[] = [];
  const reader = eventReader((event) => {
    events.push(event);
    after.push(chunks.length === 0 ? 0 : current);
  });
  let current = 0;
  for (const [index, chunk] of chunks.entries()) {
    current = index;
    reader.feed(chunk);
  }
  return { events, after };
}

describe("reading server-sent events", () => {
  it("splits events at blank lines, names them, joins data lines, keeps ids and skips comments", () => {
    const { events } = read(`: hello\n\nevent: exchange\nid: 3\ndata: {"a":\ndata: 1}\n\nevent: cleared\ndata: {}\n\nevent: exch`);
    expect(events).toEqual([
      { event: "exchange", id: "3", data: '{"a":\n1}' },
      { event: "cleared", data: "{}" },
    ]);
  });

  it("names an unnamed event `message`", () => {
    expect(read("data: x\n\n").events).toEqual([{ event: "message", data: "x" }]);
  });

  it("reads CRLF line ends and a field without a space after its colon", () => {
    expect(read("event:exchange\r\ndata:{}\r\n\r\n").events).toEqual([{ event: "exchange", data: "{}" }]);
  });

  it("waits for the LF of a CRLF cut between two chunks, rather than read two line ends", () => {
    const { events, after } = read("event: exchange\r", "\ndata: {}\r\n\r\n");
    expect(events).toEqual([{ event: "exchange", data: "{}" }]);
    expect(after).toEqual([1]);
  });

  it("keeps an event cut between two chunks until its blank line arrives", () => {
    const { events, after } = read('event: call\ndata: {"seq"', ":1}\n", "\n");
    expect(events).toEqual([{ event: "call", data: '{"seq":1}' }]);
    expect(after).toEqual([2]);
  });

  it("reads a response body to its end, a character cut between two chunks included", async () => {
    const bytes = new TextEncoder().encode("event: call\ndata: 字\n\n");
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(bytes.subarray(0, 19));
        controller.enqueue(bytes.subarray(19));
        controller.close();
      },
    });
    const events: ServerSentEvent[] = [];
    await readEventStream(body, (event) => events.push(event));
    expect(events).toEqual([{ event: "call", data: "字" }]);
  });
});

describe("writing server-sent events", () => {
  it("writes each event as the reader reads it back, with and without an id", () => {
    const written: ServerSentEvent[] = [
      { event: "exchange", id: "7", data: JSON.stringify({ seq: 7, path: "/api/system/time" }) },
      { event: "cleared", data: "{}" },
    ];
    expect(eventText(written[1])).toBe("event: cleared\ndata: {}\n\n");
    expect(read(written.map(eventText).join("")).events).toEqual(written);
  });
});
