import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { readRedaction } from "#harness/redaction";
import type { HarnessError } from "#harness/errors";
import { exchangeIdentity, loadRecordings as load } from "./files";
import { parseRecording } from "./format";

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
