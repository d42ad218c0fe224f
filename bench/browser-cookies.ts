/**
 * Puts a member's cookies in a launched browser's own jar over the DevTools protocol
 * (`Storage.setCookies`), as a returning member's webview has them. A Cookie header added to every
 * request (Lighthouse's extraHeaders) would reach the server but not the page: `document.cookie` would
 * be empty, and the page would act as on a first visit (asking the host for the member's location
 * and reloading its data).
 */
import { WebSocket } from "undici";

export async function setBrowserCookies(debuggingPort: number, url: string, cookieHeader: string): Promise<void> {
  const version = (await (await fetch(`http://127.0.0.1:${debuggingPort}/json/version`)).json()) as { webSocketDebuggerUrl: string };
  const cookies = cookieHeader
    .split(/;\s*/)
    .filter((pair) => pair.includes("="))
    .map((pair) => ({ name: pair.slice(0, pair.indexOf("=")), value: pair.slice(pair.indexOf("=") + 1), url }));
  const socket = new WebSocket(version.webSocketDebuggerUrl);
  try {
    await new Promise<void>((resolve, reject) => {
      socket.addEventListener("open", () => resolve(), { once: true });
      socket.addEventListener("error", () => reject(new Error("the browser's DevTools socket did not open")), { once: true });
    });
    const reply = new Promise<{ error?: { message: string } }>((resolve) => {
      socket.addEventListener("message", (event) => {
        const message = JSON.parse(String(event.data)) as { id?: number; error?: { message: string } };
        if (message.id === 1) resolve(message);
      });
    });
    socket.send(JSON.stringify({ id: 1, method: "Storage.setCookies", params: { cookies } }));
    const { error } = await reply;
    if (error) throw new Error(`Storage.setCookies: ${error.message}`);
  } finally {
    socket.close();
  }
}
