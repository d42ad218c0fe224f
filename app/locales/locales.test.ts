/** Both locale files must carry the same keys, every one with text. */
import { describe, expect, it } from "vitest";
import en from "./en.json";
import zh from "./zh.json";

function keys(value: unknown, prefix = ""): string[] {
  if (typeof value !== "object" || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, child]) => keys(child, prefix ? `${prefix}.${key}` : key));
}

function leaves(value: unknown): unknown[] {
  if (typeof value !== "object" || value === null) return [value];
  return Object.values(value).flatMap(leaves);
}

describe("locale files", () => {
  it("have the same keys", () => {
    expect(keys(zh).sort()).toEqual(keys(en).sort());
  });

  it("have no empty texts", () => {
    for (const text of [...leaves(zh), ...leaves(en)]) {
      expect(typeof text).toBe("string");
      expect((text as string).trim()).not.toBe("");
    }
  });

  it("use the same interpolation names in both languages", () => {
    const names = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((match) => match[1]).sort();
    const zhKeys = keys(zh);
    const get = (tree: unknown, path: string) => path.split(".").reduce((node: any, key) => node[key], tree) as string;
    for (const key of zhKeys) expect(names(get(zh, key)), key).toEqual(names(get(en, key)));
  });

  it("set Latin words and numbers apart from Chinese with a space ('mCoin 不足'), but for the spec's own quoted texts", () => {
    // Quoted by the spec as they are (../shared/SPEC.md, the task widget's labels).
    const quoted = new Set([zh.taskWidget.success, zh.taskWidget.counting]);
    // An interpolation stands for a name or a number that may be either script: it is not judged.
    const joined = /[A-Za-z0-9][\u3400-\u9fff]|[\u3400-\u9fff][A-Za-z0-9]/;
    for (const key of keys(zh)) {
      const text = key.split(".").reduce((node: any, part) => node[part], zh) as string;
      if (quoted.has(text)) continue;
      expect(text.replace(/\{\{\w+\}\}/g, "_"), key).not.toMatch(joined);
    }
  });

  it("have Traditional (not Simplified) Chinese", () => {
    const simplified = /[们这说应该请页见开关选购买优订单积资历钱网络设]/;
    for (const text of leaves(zh)) expect(text as string).not.toMatch(simplified);
  });
});
