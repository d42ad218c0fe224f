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
import { startRecorder, type RunningRecorder } from "./recorder";

let upstream: Server;
let recorder: RunningRecorder;
let dir: string;
let stderrSpy: { mockRestore(): void } | undefined;
afterEach(async () => {
  stderrSpy?.mockRestore();
  await recorder?.close();
  upstream?.close();
  rmSync(dir, { recursive: true, force: true });
});

it("keeps serving when an exchange cannot be written, and says so without the call's URL", async () => {
  upstream = createServer((_request, response) => response.end(JSON.stringify({ code: 200, msg: "success", data: {} })));
  await new Promise<void>((resolve) => upstream.listen(0, "127.0.0.1", resolve));
  const target = `http://127.0.0.1:${(upstream.address() as { port: number }).port}`;
  dir = mkdtempSync(join(tmpdir(), "mcoin-recorder-"));
  let stderr = "";
  stderrSpy = vi.spyOn(process.stderr, "write").mockImplementation((chunk: string | Uint8Array) => {
    stderr += String(chunk);
    return true;
  });
  recorder = await startRecorder({ apiBase: target, gatewayBase: target, privateKey: undefined, rules: [], out: join(dir, "rec"), harFile: undefined, port: 0, host: "127.0.0.1", quiet: true });
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
  recorder = await startRecorder({ apiBase: target, gatewayBase: target, privateKey: undefined, rules: [], out: join(dir, "rec"), harFile: undefined, port: 0, host: "127.0.0.1", quiet: true });
  const base = `http://127.0.0.1:${recorder.port}`;
  for (const path of ["/__sandbox/reset", "/oauth/authorize", "/api/system/time"]) expect((await fetch(`${base}${path}`, { method: "POST" })).status).toBe(200);
  await recorder.close();
  expect(seen).toEqual(["/__sandbox/reset", "/oauth/authorize", "/api/system/time"]);
  expect(readdirSync(join(dir, "rec"))).toEqual(["001-post-api-system-time.json"]);
});
