/**
 * The recorder forwards a call before it records it: when recording then fails (its folder gone, the
 * disk full), the client keeps the answer it got, the engineer is told, and the recorder goes on
 * serving. The sandbox's controls and sign-in page pass through it unrecorded.
 */
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, expect, it, vi } from "vitest";
import { invalidRecordingFiles } from "../recording/testing";
import { Pseudonyms } from "#harness/redaction";
import { startRecorder, type RecorderLog, type RecorderOptions, type RunningRecorder } from "./recorder";

let upstream: Server;
let recorder: RunningRecorder;
let dir: string;
afterEach(async () => {
  await recorder?.close();
  upstream?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** A quiet recorder of `target` into dir/rec, without rules, its log `log`. */
const options = (target: string, log: RecorderLog): RecorderOptions => ({
  apiBase: target,
  gatewayBase: target,
  privateKey: undefined,
  sandboxKey: false,
  rules: [],
  pseudonyms: new Pseudonyms(Buffer.alloc(32, 1)),
  out: join(dir, "rec"),
  harFile: undefined,
  version: "0.0.0",
  port: 0,
  host: "127.0.0.1",
  quiet: true,
  log,
});

it("keeps serving when an exchange cannot be written, and says so without the call's URL", async () => {
  upstream = createServer((_request, response) => response.end(JSON.stringify({ code: 200, msg: "success", data: {} })));
  await new Promise<void>((resolve) => upstream.listen(0, "127.0.0.1", resolve));
  const target = `http://127.0.0.1:${(upstream.address() as { port: number }).port}`;
  dir = mkdtempSync(join(tmpdir(), "mcoin-recorder-"));
  let stderr = "";
  const log: RecorderLog = { info: () => undefined, problem: (lines) => (stderr += `${lines.join("\n")}\n`) };
  recorder = await startRecorder(options(target, log));
  const base = `http://127.0.0.1:${recorder.port}`;
  rmSync(join(dir, "rec"), { recursive: true, force: true });

  const first = await fetch(`${base}/api/system/time?session=secret-value-123`);
  expect(first.status).toBe(200);
  await vi.waitFor(() => expect(stderr).toContain("recorder: a GET call was forwarded but not recorded"));
  expect(stderr).not.toContain("secret-value-123");
  // Still serving.
  expect((await fetch(`${base}/api/system/time`)).status).toBe(200);
});

it("forwards the sandbox's controls and sign-in page without recording them: they are not the gateway's traffic", async () => {
  const seen: string[] = [];
  upstream = createServer((request, response) => {
    seen.push(request.url ?? "");
    response.end(JSON.stringify({ code: 200, msg: "success", data: {} }));
  });
  await new Promise<void>((resolve) => upstream.listen(0, "127.0.0.1", resolve));
  const target = `http://127.0.0.1:${(upstream.address() as { port: number }).port}`;
  dir = mkdtempSync(join(tmpdir(), "mcoin-recorder-"));
  recorder = await startRecorder(options(target, { info: () => undefined, problem: () => undefined }));
  const base = `http://127.0.0.1:${recorder.port}`;
  for (const path of ["/__sandbox/reset", "/oauth/authorize", "/api/system/time"]) expect((await fetch(`${base}${path}`, { method: "POST" })).status).toBe(200);
  await recorder.close();
  expect(seen).toEqual(["/__sandbox/reset", "/oauth/authorize", "/api/system/time"]);
  expect(readdirSync(join(dir, "rec"))).toEqual(["001-post-api-system-time.json"]);
  expect(invalidRecordingFiles(join(dir, "rec"))).toEqual([]);
});
