import { describe, expect, it } from "vitest";
import { compareReplies, describeDifference, withoutIgnored } from "./compare";

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
