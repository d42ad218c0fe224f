import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { CliError } from "./errors";
import { readRecordings } from "./recording-files";
import { compareReplies, describeDifference, dottedToJsonPath, parseRecording, withoutIgnored } from "./recordings";

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
        return error as CliError;
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

describe("comparing replies", () => {
  it("names a type change apart from a changed value, and added and removed fields", () => {
    const differences = compareReplies({ data: { point: 12580, amount: 1, gone: true } }, { data: { point: "12580", amount: 2, fresh: null } });
    expect(differences).toEqual([
      { path: "data.point", kind: "type changed", expected: 12580, actual: "12580" },
      { path: "data.amount", kind: "changed", expected: 1, actual: 2 },
      { path: "data.gone", kind: "removed", expected: true },
      { path: "data.fresh", kind: "added", actual: null },
    ]);
    expect(differences.map(describeDifference)).toEqual([
      'data.point: type changed number → string (12580 → "12580")',
      "data.amount: changed 1 → 2",
      "data.gone: removed true",
      "data.fresh: added null",
    ]);
  });

  it("writes array positions as indexes", () => {
    expect(compareReplies({ list: [{ name: "a" }] }, { list: [{ name: "b" }, { name: "c" }] }).map(describeDifference)).toEqual(['list[0].name: changed "a" → "b"', 'list[1]: added {"name":"c"}']);
  });

  it("lets a placeholder match any non-empty text, and nothing else", () => {
    expect(compareReplies({ data: { token: "<token>" } }, { data: { token: "sbx_123" } })).toEqual([]);
    expect(compareReplies({ data: { token: "<token>" } }, { data: { token: "" } })).toEqual([{ path: "data.token", kind: "changed", expected: "<token>", actual: "" }]);
    expect(compareReplies({ data: { token: "<token>" } }, { data: { token: 5 } })[0].kind).toBe("type changed");
    expect(compareReplies({ data: { token: "<token>" } }, { data: {} })[0].kind).toBe("removed");
  });

  it("lets a text with <redacted:NAME> parts match one with anything non-empty there", () => {
    expect(compareReplies({ mobile: "<redacted:phone>", note: "call <redacted:phone> (a.m.)" }, { mobile: "66123456", note: "call 6612 3456 (a.m.)" })).toEqual([]);
    expect(compareReplies({ note: "call <redacted:phone> (a.m.)" }, { note: "write to me" })[0]).toMatchObject({ path: "note", kind: "changed" });
    expect(compareReplies({ mobile: "<redacted:phone>" }, { mobile: "" })[0]).toMatchObject({ kind: "changed" });
  });

  it("leaves out what the ignore JSONPaths match, on both sides", () => {
    expect(compareReplies({ data: { sysTime: 1, list: [{ at: 1, id: 1 }] } }, { data: { sysTime: 2, list: [{ at: 2, id: 1 }] } }, ["$.data.sysTime", "$.data.list[*].at"])).toEqual([]);
    expect(compareReplies({ a: 1, b: 2 }, { a: 1, b: 3 }, ["$..b"])).toEqual([]);
    expect(compareReplies({ a: 1 }, "anything", ["$"])).toEqual([]);
    expect(withoutIgnored({ list: [1, 2, 3] }, ["$.list[0]", "$.list[2]"])).toEqual({ list: [2] });
  });

  it("compares bodies that are not objects as a whole", () => {
    expect(compareReplies("ok", "ok")).toEqual([]);
    expect(compareReplies({ a: 1 }, "<html>")).toEqual([{ path: "(body)", kind: "type changed", expected: { a: 1 }, actual: "<html>" }]);
    expect(compareReplies(undefined, { a: 1 })[0]).toMatchObject({ path: "(body)", kind: "added" });
  });
});
