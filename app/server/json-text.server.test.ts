import { describe, expect, it, vi } from "vitest";
import { readJsonText } from "../lib/json-text";
import { jsonTextOf } from "./json-text.server";

describe("jsonTextOf", () => {
  it("writes what is made of a reply once per reply and view, and reads back as it was made", () => {
    const reply = { list: [{ id: 1, title: "Latte", secret: "not shown" }] };
    const make = vi.fn((source: typeof reply) => source.list.map(({ id, title }) => ({ id, title })));
    const first = jsonTextOf(reply, "cards", make);
    expect(jsonTextOf(reply, "cards", make)).toBe(first);
    expect(make).toHaveBeenCalledTimes(1);
    expect(readJsonText(first)).toEqual([{ id: 1, title: "Latte" }]);
    // Another view of the same reply, or another reply, is made on its own.
    expect(readJsonText(jsonTextOf(reply, "ids", (source) => source.list.map(({ id }) => id)))).toEqual([1]);
    expect(readJsonText(jsonTextOf({ list: [] }, "cards", make))).toEqual([]);
    expect(make).toHaveBeenCalledTimes(2);
  });

  it("reads a text once: its readers share the value", () => {
    const text = jsonTextOf({ n: 1 }, "n", (source) => ({ n: source.n }));
    expect(readJsonText(text)).toBe(readJsonText(text));
    expect(readJsonText(text)).toEqual({ n: 1 });
  });
});
