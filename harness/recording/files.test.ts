import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { readRedaction } from "#harness/redaction";
import type { HarnessError } from "#harness/errors";
import { exchangeIdentity, loadRecordings as load } from "./files";
import { parseRecording } from "./format";
import { RECORDING_LIMITS } from "./limits";

/** Recordings read as `mcoin replay` reads them: a HAR redacted by the recorder's own rules. */
const loadRecordings = (path: string) => load(path, readRedaction);

const AT = ["2026-11-25T22:09:01.741Z", "2026-11-25T22:09:01.802Z", "2026-11-25T22:09:02.013Z"];
const clock = (recordedAt: string, sysTime = 1) => ({
  name: "GET /api/system/time",
  kind: "api",
  recordedAt,
  request: { method: "GET", path: "/api/system/time", headers: { "accept-language": "zh" } },
  response: { status: 200, body: { code: 200, msg: "success", data: { sysTime } } },
  ignore: ["$.data.sysTime"],
});
const harEntry = (recordedAt: string, sysTime = 1) => ({
  startedDateTime: recordedAt,
  request: { method: "GET", url: "http://127.0.0.1:4600/api/system/time", headers: [{ name: "accept-language", value: "zh" }] },
  response: { status: 200, content: { mimeType: "application/json", text: JSON.stringify({ code: 200, msg: "success", data: { sysTime } }) } },
  comment: JSON.stringify({ mcoin: { kind: "api", ignore: ["$.data.sysTime"] } }),
});
const har = (entries: unknown[]) => JSON.stringify({ log: { version: "1.2", creator: { name: "mcoin" }, entries } });

function folder(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), "mcoin-recording-files-"));
  for (const [name, content] of Object.entries(files)) writeFileSync(join(dir, name), content);
  return dir;
}

function errorOf(run: () => unknown): HarnessError {
  try {
    run();
  } catch (error) {
    return error as HarnessError;
  }
  throw new Error("no error");
}

describe("a recording and its HAR copy", () => {
  it("replays the JSON files and leaves out the HAR that copies them, saying so", () => {
    const dir = folder({ "001.json": JSON.stringify(clock(AT[0])), "002.json": JSON.stringify(clock(AT[1])), "session.har": har([harEntry(AT[0]), harEntry(AT[1])]) });
    const { recordings, notes } = loadRecordings(dir);
    expect(recordings.map((file) => [file.file.slice(dir.length + 1), file.entry])).toEqual([
      ["001.json", undefined],
      ["002.json", undefined],
    ]);
    expect(notes).toEqual(["session.har is a copy of 2 JSON recordings beside it: replayed the .json files, not the HAR"]);
  });

  it("keeps the HAR's entries that no JSON file holds (one the recorder refused to write, say)", () => {
    const dir = folder({ "001.json": JSON.stringify(clock(AT[0])), "session.har": har([harEntry(AT[0]), harEntry(AT[2])]) });
    const { recordings, notes } = loadRecordings(dir);
    expect(recordings.map((file) => file.entry)).toEqual([undefined, 2]);
    expect(notes).toEqual(["session.har: 1 of its 2 entries are copies of JSON recordings beside it (replayed from the .json files); the other 1 from the HAR"]);
  });

  it("tells the same call made at another moment apart, and a HAR read alone is read whole", () => {
    const dir = folder({ "001.json": JSON.stringify(clock(AT[0])), "session.har": har([harEntry(AT[1])]) });
    expect(loadRecordings(dir).recordings).toHaveLength(2);
    expect(loadRecordings(join(dir, "session.har")).notes).toEqual([]);
  });

  it("without a time to the millisecond, takes the same call with the same reply for a copy", () => {
    const a = parseRecording(clock("2026-11-21"), "a");
    expect(exchangeIdentity(a)).toBe(exchangeIdentity(parseRecording({ ...clock("2026-11-21"), name: "another name" }, "b")));
    expect(exchangeIdentity(a)).not.toBe(exchangeIdentity(parseRecording(clock("2026-11-21", 2), "c")));
    expect(exchangeIdentity(parseRecording(clock(AT[0]), "d"))).toBe(exchangeIdentity(parseRecording(clock("2026-11-26T06:09:01.741+08:00", 9), "e")));
  });
});

describe("a folder with nothing to replay", () => {
  it("fails the run (exit 1), where a path that does not exist is bad usage (exit 2)", () => {
    const empty = folder({ "notes.txt": "nothing" });
    expect(errorOf(() => loadRecordings(empty))).toMatchObject({ exitCode: 1, message: expect.stringContaining("nothing to replay") });
    const pagesOnly = folder({ "browser.har": JSON.stringify({ log: { entries: [] } }) });
    expect(errorOf(() => loadRecordings(pagesOnly))).toMatchObject({ exitCode: 1, message: expect.stringContaining("holds no gateway calls") });
    expect(errorOf(() => loadRecordings(join(empty, "missing")))).toMatchObject({ exitCode: 2 });
  });
});

describe("hostile files are refused, named, before anything walks them", () => {
  const nested = (depth: number): unknown => (depth === 0 ? "leaf" : { next: nested(depth - 1) });
  const deepText = (depth: number) => `${"[".repeat(depth)}${"]".repeat(depth)}`;
  const withReply = (body: unknown) => ({ ...clock(AT[0]), response: { status: 200, body } });

  it("refuses JSON nested past the limit (exit 2, naming the file and the limit), never overflowing the stack", () => {
    const dir = folder({ "001.json": JSON.stringify(clock(AT[0])), "002-deep.json": `{"name":"x","kind":"api","request":{"path":"/x"},"response":{"status":200,"body":${deepText(100_000)}}}` });
    const error = errorOf(() => loadRecordings(dir));
    expect(error).toMatchObject({ exitCode: 2, message: expect.stringContaining("002-deep.json nests arrays and objects more than 64 deep") });
  });

  it("reads a real reply's nesting (20 deep) and refuses one past the limit in a HAR entry's body, naming the entry", () => {
    expect(loadRecordings(folder({ "001.json": JSON.stringify(withReply(nested(20))) })).recordings).toHaveLength(1);
    const deepEntry = { ...harEntry(AT[1]), response: { status: 200, content: { mimeType: "application/json", text: deepText(65) } } };
    const error = errorOf(() => loadRecordings(folder({ "session.har": har([harEntry(AT[0]), deepEntry]) })));
    expect(error).toMatchObject({ exitCode: 2, message: expect.stringContaining("session.har entry 2's response content nests arrays and objects more than 64 deep") });
    const deepComment = { ...harEntry(AT[1]), comment: `{"mcoin":${deepText(70)}}` };
    expect(errorOf(() => loadRecordings(folder({ "session.har": har([deepComment]) }))).message).toContain("session.har entry 1's comment nests");
  });

  it("refuses a file past its size before reading it, naming the file, its size and the limit", () => {
    const dir = folder({ "001.json": JSON.stringify(clock(AT[0])), "002.json": JSON.stringify(withReply("x".repeat(5000))) });
    const error = errorOf(() => load(dir, readRedaction, { ...RECORDING_LIMITS, jsonFileBytes: 4096 }));
    expect(error).toMatchObject({ exitCode: 2, message: expect.stringMatching(/^002\.json is 5\.\d KiB: over the 4 KiB a recording may be/) });
    const harError = errorOf(() => load(folder({ "session.har": har([harEntry(AT[0])]) }), readRedaction, { ...RECORDING_LIMITS, harFileBytes: 100 }));
    expect(harError).toMatchObject({ exitCode: 2, message: expect.stringContaining("session.har is") });
    expect(harError.message).toContain("over the 100 bytes a .har file may be");
  });

  it("refuses a folder past the count of files, a HAR past the count of entries, and a run past the total size", () => {
    const three = folder({ "001.json": JSON.stringify(clock(AT[0])), "002.json": JSON.stringify(clock(AT[1])), "003.json": JSON.stringify(clock(AT[2])) });
    expect(errorOf(() => load(three, readRedaction, { ...RECORDING_LIMITS, files: 2 }))).toMatchObject({ exitCode: 2, message: expect.stringContaining("holds 3 recording files: more than the 2") });
    const session = folder({ "session.har": har([harEntry(AT[0]), harEntry(AT[1]), harEntry(AT[2])]) });
    expect(errorOf(() => load(session, readRedaction, { ...RECORDING_LIMITS, harEntries: 2 }))).toMatchObject({
      exitCode: 2,
      message: expect.stringContaining("session.har has 3 entries: more than the 2 a HAR file may hold"),
    });
    const size = JSON.stringify(clock(AT[0])).length;
    expect(errorOf(() => load(three, readRedaction, { ...RECORDING_LIMITS, totalBytes: size * 2 + 10 }))).toMatchObject({
      exitCode: 2,
      message: expect.stringContaining("003.json takes the recordings read past"),
    });
    expect(load(three, readRedaction, { ...RECORDING_LIMITS, totalBytes: size * 3 + 10 }).recordings).toHaveLength(3);
  });

  it("refuses what is not a plain file under a recording's name", () => {
    const dir = folder({ "001.json": JSON.stringify(clock(AT[0])) });
    mkdirSync(join(dir, "002.json"));
    expect(errorOf(() => loadRecordings(dir))).toMatchObject({ exitCode: 2, message: "002.json is not a file: refused" });
  });
});
