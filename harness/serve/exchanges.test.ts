import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { isControlPath } from "#harness/recording";
import { servedRecordings } from "./exchanges";

const exchange = (method: string, path: string) => ({
  name: `${method} ${path}`,
  kind: "api",
  request: { method, path, body: method === "GET" ? undefined : { point: 999_999 } },
  response: { status: 200, body: { ok: true } },
});

describe("the sandbox's own calls in a served recording", () => {
  it("are left out of what is served, and named", () => {
    const dir = mkdtempSync(join(tmpdir(), "mcoin-served-"));
    writeFileSync(join(dir, "01-reset.json"), JSON.stringify(exchange("POST", "/__sandbox/reset")));
    writeFileSync(join(dir, "02-time.json"), JSON.stringify(exchange("GET", "/api/system/time")));
    writeFileSync(join(dir, "03-balance.json"), JSON.stringify(exchange("PATCH", "/mall/__sandbox/members/mpay-1001")));
    const served = servedRecordings(dir);
    expect(served.exchanges.map((item) => item.path)).toEqual(["/api/system/time"]);
    expect(served.leftOut).toEqual(["01-reset.json", "03-balance.json"]);
  });

  it("are known under any prefix and through the URL's own normalisation, and the gateway's paths are not", () => {
    for (const path of ["/__sandbox/reset", "/api/__sandbox/faults", "/api/../__sandbox/reset", "/api/%2e%2e/__sandbox/reset", "/%5F%5Fsandbox/reset", "/oauth/authorize", "/__SANDBOX/log"]) {
      expect(isControlPath(path), path).toBe(true);
    }
    for (const path of ["/api/system/time", "/bservice/discount/gateway/getTaskDetail", "/__wallet/pay", "/api/mini/sandbox-notes", "/static/a.png"]) {
      expect(isControlPath(path), path).toBe(false);
    }
  });
});
