/**
 * What React's streaming server renderer costs for markup of home's size, apart from the mall: the
 * same tree (45 offer cards as app/components/offer-card.tsx draws them, some 700 elements, 38 KB of
 * HTML) rendered by `renderToPipeableStream` into a sink, as app/entry.server.tsx renders a page, and
 * by `renderToString`, which cannot serve a Remix page (it does not wait for the Suspense boundaries
 * that stream the page's data) but builds the same HTML as one string. The difference is the stream's
 * way of writing: every attribute's value and every text is encoded to bytes on its own
 * (`TextEncoder.encodeInto` into a 2 KB view), thousands of calls a page. Reported, no target: it is
 * the framework's share of home's server time (docs/decisions/051-server-time.md).
 *
 * It runs in a process of its own with NODE_ENV=production, as the mall's server does: React picks its
 * production or development build when first imported, and the benchmarks' own process is neither.
 */
import { spawnSync } from "node:child_process";
import { Writable } from "node:stream";
import { fileURLToPath } from "node:url";
import { createElement as h, type ReactElement } from "react";
import { renderToPipeableStream, renderToString } from "react-dom/server";
import type { BenchResult } from "./report";

const CARDS = 45;
const ROUNDS = 600;

function card(id: number): ReactElement {
  const text = (className: string, value: string) => h("span", { className }, value);
  return h(
    "li",
    { key: id },
    h(
      "a",
      { className: "offer-card", "data-offer-id": id, href: `/coupon_details/${id}`, "data-discover": "true" },
      h("span", { className: "offer-card__media" }, h("img", { alt: "", width: 104, height: 65, loading: "lazy", decoding: "async" }), text("offer-card__discount", "6.4折")),
      h(
        "span",
        { className: "offer-card__body" },
        h("span", { className: "offer-card__title", elementtiming: "offer-card" }, `湖景客房住宿一晚 ${id}`),
        h("span", { className: "offer-card__store" }, "南灣海景酒店 南灣", text("offer-card__distance", "140 m")),
        h("span", { className: "pay offer-card__pay" }, text("pay__mcoin", "10,800 mCoin")),
        h(
          "span",
          { className: "offer-card__prices" },
          h("span", { className: "money-value" }, text("money-value__label", "現金價"), " ", text("offer-card__price", "$1,080.00")),
          h("s", { className: "offer-card__original", "aria-label": "原價 $1,680.00" }, "$1,680.00"),
          text("offer-card__sold", "已售 759"),
        ),
      ),
    ),
  );
}

const page = () =>
  h(
    "html",
    null,
    h(
      "body",
      null,
      h(
        "ul",
        null,
        Array.from({ length: CARDS }, (_, index) => card(index + 1)),
      ),
    ),
  );

function streamed(): Promise<number> {
  return new Promise((resolve, reject) => {
    let bytes = 0;
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        bytes += chunk.length;
        done();
      },
    });
    sink.on("finish", () => resolve(bytes));
    const { pipe } = renderToPipeableStream(page(), { onAllReady: () => pipe(sink), onShellError: reject });
  });
}

const asString = async () => Buffer.byteLength(renderToString(page()));

/** CPU milliseconds a render, over ROUNDS renders after as many to warm up. */
async function cpuPerRender(render: () => Promise<number>): Promise<{ ms: number; bytes: number }> {
  for (let round = 0; round < ROUNDS; round++) await render();
  const before = process.cpuUsage();
  let bytes = 0;
  for (let round = 0; round < ROUNDS; round++) bytes = await render();
  const used = process.cpuUsage(before);
  return { ms: (used.user + used.system) / 1000 / ROUNDS, bytes };
}

interface Measured {
  stream: { ms: number; bytes: number };
  string: { ms: number; bytes: number };
}

async function measure(): Promise<Measured> {
  // Interleaved twice, the lower of each kept: a busy moment of the machine lands on one round only.
  const runs = [await cpuPerRender(streamed), await cpuPerRender(asString), await cpuPerRender(streamed), await cpuPerRender(asString)];
  const lower = (a: { ms: number; bytes: number }, b: { ms: number; bytes: number }) => (a.ms <= b.ms ? a : b);
  return { stream: lower(runs[0]!, runs[2]!), string: lower(runs[1]!, runs[3]!) };
}

export async function reactWriterBench(): Promise<BenchResult> {
  const child = spawnSync(process.execPath, ["bin/run-ts.mjs", fileURLToPath(import.meta.url), "--measure"], { env: { ...process.env, NODE_ENV: "production" }, encoding: "utf8" });
  if (child.status !== 0) throw new Error(`the React writer's measurement failed: ${child.stderr}`);
  const { stream, string } = JSON.parse(child.stdout) as Measured;
  return {
    name: `React's streaming renderer, ${CARDS} offer cards (reported)`,
    measured: `CPU a render of the same tree in React's production build (${stream.bytes} bytes of HTML streamed, ${string.bytes} as a string), the lower of two interleaved runs of ${ROUNDS}: renderToPipeableStream ${stream.ms.toFixed(3)} ms, renderToString ${string.ms.toFixed(3)} ms; the stream's writing ${(stream.ms - string.ms).toFixed(3)} ms a render`,
    value: stream.ms,
    display: `${stream.ms.toFixed(2)} ms`,
    baseline: { name: "renderToString", value: string.ms, display: `${string.ms.toFixed(2)} ms` },
    ratio: stream.ms / string.ms,
    target: "reported (no target): the framework's cost of streaming markup of home's size",
    pass: true,
  };
}

if (process.argv.includes("--measure")) process.stdout.write(JSON.stringify(await measure()));
