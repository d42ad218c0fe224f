/**
 * A server-sent event stream on the Fetch API: what `open` sends, a comment every KEEP_ALIVE_MS so
 * proxies and clients keep an idle stream open, and everything stopped when the client goes. The call
 * log's stream (sandbox/handlers/controls/instrument-controls.ts) and the inspector's
 * (sandbox/inspector/http.ts) are two.
 */

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
