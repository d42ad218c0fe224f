/**
 * The document as the entry streams it: whole, byte for byte. Chinese text (three bytes a character)
 * lands on every byte offset of a long page, so one of its characters straddles each of the
 * renderer's 2 KB chunks; none may come out broken (no NUL, no replacement character), in text or in
 * an attribute.
 */
import { createRequestHandler, type ServerBuild } from "@remix-run/node";
import { Links, Meta, Outlet, Scripts } from "@remix-run/react";
import { describe, expect, it } from "vitest";
import * as entry from "./entry.server";
import { DocumentStream } from "./entry.server";
import { createMallServices } from "./server/services.server";

const PHRASE = "咖啡拿鐵買一送一";

function Root() {
  return (
    <html lang="zh-Hant">
      <head>
        <Meta />
        <Links />
      </head>
      <body>
        <Outlet />
        <Scripts />
      </body>
    </html>
  );
}

function Page() {
  // Offsets of every remainder: a character of three bytes meets every chunk boundary somewhere.
  return (
    <main>
      {Array.from({ length: 400 }, (_, index) => (
        <section key={index} aria-label={`${"x".repeat(index % 3)}${PHRASE}`}>
          {"y".repeat(index % 3)}
          {PHRASE}
        </section>
      ))}
    </main>
  );
}

const BUILD = {
  mode: "production",
  entry: { module: entry },
  routes: {
    root: { id: "root", path: "", module: { default: Root } },
    page: { id: "page", parentId: "root", path: "page", module: { default: Page } },
  },
  assets: {
    entry: { module: "/entry.js", imports: [] },
    routes: {
      root: { id: "root", path: "", module: "/root.js", hasLoader: false, hasAction: false, hasClientLoader: false, hasClientAction: false, hasErrorBoundary: false },
      page: { id: "page", parentId: "root", path: "page", module: "/page.js", hasLoader: false, hasAction: false, hasClientLoader: false, hasClientAction: false, hasErrorBoundary: false },
    },
    url: "/manifest.js",
    version: "1",
  },
  publicPath: "/",
  assetsBuildDirectory: "build/client",
  future: { v3_singleFetch: true },
  isSpaMode: false,
} as unknown as ServerBuild;

describe("the document the entry streams", () => {
  it("carries every character whole, wherever a chunk of the renderer ends", async () => {
    const response = await createRequestHandler(BUILD, "production")(new Request("http://localhost/page"), { cspNonce: "n", clientAddress: "127.0.0.1", services: createMallServices() });
    expect(response.status).toBe(200);
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect(bytes.length).toBeGreaterThan(3 * 2048);
    expect(bytes.indexOf(0)).toBe(-1);
    const html = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
    expect(html).not.toContain("\uFFFD");
    expect(html.split(PHRASE).length - 1).toBe(800);
  });

  it("sends the renderer's views together, as one chunk each time it flushes", async () => {
    const response = await createRequestHandler(BUILD, "production")(new Request("http://localhost/page"), { cspNonce: "n", clientAddress: "127.0.0.1", services: createMallServices() });
    const chunks: Uint8Array[] = [];
    for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) chunks.push(chunk);
    const bytes = chunks.reduce((sum, chunk) => sum + chunk.length, 0);
    // The page is some twenty of React's 2 KB views; its shell and the streamed data come in a few flushes.
    expect(bytes / 2048).toBeGreaterThan(10);
    expect(chunks.length).toBeLessThanOrEqual(4);
  });

  it("holds what is written until flushed, dropping a full view's unused bytes", async () => {
    const stream = new DocumentStream();
    const out: Buffer[] = [];
    stream.on("data", (chunk: Buffer) => out.push(chunk));
    const view = Buffer.alloc(2048, 0x61);
    view.fill(0, 2046);
    stream.write(view);
    stream.write(Buffer.from("b"));
    await new Promise((resolve) => setImmediate(resolve));
    expect(out).toHaveLength(0);
    stream.flush();
    stream.write(Buffer.from("c"));
    stream.end();
    await new Promise((resolve) => stream.on("end", resolve));
    expect(out.map((chunk) => chunk.toString())).toEqual([`${"a".repeat(2046)}b`, "c"]);
  });
});
