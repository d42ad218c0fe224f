import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { readRedaction } from "#harness/redaction";
import type { HarnessError } from "#harness/errors";
import { readRecordings as read } from "./files";
import { dottedToJsonPath, parseRecording } from "./format";

/** Recordings read as `mcoin replay` reads them: a HAR redacted by the recorder's own rules. */
const readRecordings = (path: string) => read(path, readRedaction);

const base = {
  name: "clock",
  kind: "api",
  request: { method: "GET", path: "/api/system/time" },
  response: { status: 200, body: { code: 200, data: { sysTime: 1 } } },
};

describe("the recording format", () => {
  it("reads a reply without a body (a redirect, as the sign-in page's form answers)", () => {
    expect(parseRecording({ ...base, request: { method: "POST", path: "/oauth/authorize" }, response: { status: 302 } }, "sign-in.json").response).toEqual({ status: 302 });
  });

  it("reads recordedAt, needs and ignore, with defaults for the rest", () => {
    const recording = parseRecording({ ...base, recordedAt: "2026-11-21", needs: { member: "mpay-1001", cust: "C1" }, ignore: ["$.data.sysTime"] }, "clock.json");
    expect(recording).toMatchObject({ replayable: true, recordedAt: "2026-11-21", needs: { member: "mpay-1001", cust: "C1" }, ignore: ["$.data.sysTime"] });
    expect(recording.request).toMatchObject({ query: {}, headers: {}, auth: false });
    expect(parseRecording({ ...base, recordedAt: "2026-11-21T10:00:00.123+08:00" }, "x").recordedAt).toBe("2026-11-21T10:00:00.123+08:00");
    expect(parseRecording(base, "x").recordedAt).toBeUndefined();
  });

  it("still reads an old file's dotted volatile list, as JSONPath", () => {
    expect(parseRecording({ ...base, volatile: ["data.sysTime", "data.list.*.at", "rows.0.x"] }, "old.json").ignore).toEqual(["$.data.sysTime", "$.data.list[*].at", "$.rows[0].x"]);
    expect(dottedToJsonPath("data.odd-key")).toBe("$.data['odd-key']");
  });

  it("names the field of a file that is not a recording, as a usage error", () => {
    const bad = (raw: unknown) => {
      try {
        parseRecording(raw, "bad.json");
      } catch (error) {
        return error as HarnessError;
      }
      throw new Error("no error");
    };
    expect(bad({ ...base, recordedAt: "last week" })).toMatchObject({ exitCode: 2, message: expect.stringContaining("bad.json is not a recording: recordedAt") });
    expect(bad({ ...base, ignore: ["data.sysTime"] }).message).toContain("ignore.0: a JSONPath starting with $");
    expect(bad({ ...base, needs: { member: "" } }).message).toContain("needs.member");
  });

  it("reads a folder's .json recordings and .har files in name order", () => {
    const dir = mkdtempSync(join(tmpdir(), "mcoin-recordings-"));
    writeFileSync(join(dir, "b.json"), JSON.stringify(base));
    writeFileSync(join(dir, "notes.txt"), "not a recording");
    const entry = {
      startedDateTime: "2026-11-21T10:00:00.000Z",
      request: { method: "GET", url: "http://127.0.0.1:4010/api/system/time", headers: [] },
      response: { status: 200, content: { mimeType: "application/json", text: '{"code":200,"data":{"sysTime":5}}' } },
    };
    writeFileSync(join(dir, "a.har"), JSON.stringify({ log: { version: "1.2", creator: { name: "mcoin" }, entries: [entry] } }));
    const read = readRecordings(dir);
    expect(read.map((file) => [file.file.slice(dir.length + 1), file.entry])).toEqual([
      ["a.har", 1],
      ["b.json", undefined],
    ]);
    expect(() => readRecordings(join(dir, "nothing-here"))).toThrow(/does not exist/);
  });
});
