/**
 * WireMock 3's template helpers on JavaScript's Handlebars (sandbox/stubs/template.ts), each printing
 * what WireMock's prints for the same call (held to WireMock's own jar: template.test.ts). Patterns
 * run on RE2 (core/text/whole-match.ts). Each helper works inline (`{{upper x}}`) and, where
 * WireMock's does, as a block (`{{#eq a b}}yes{{else}}no{{/eq}}`).
 */
import { randomBytes, randomInt, randomUUID } from "node:crypto";
import type { HelperDelegate, HelperOptions } from "handlebars";
import { JSONPath } from "jsonpath-plus";
import { firstMatch, wholeMatch } from "#core/text/whole-match";
import { formatDate, offsetDate, parseDate } from "./template-dates";
import { jacksonPretty, javaList, jsonValue, plain } from "./template-values";

/** A list a template builds (range, randomValue) is bounded, so a template cannot exhaust memory. */
const MAX_ITEMS = 10_000;

/** Handlebars passes its options last; the arguments are what comes before them. */
function split(args: unknown[]): { values: unknown[]; options: HelperOptions } {
  return { values: args.slice(0, -1), options: args[args.length - 1] as HelperOptions };
}

/** A helper that answers a truth: as a block it renders its body or its `else`, inline it prints the truth. */
function truth(test: (...values: unknown[]) => boolean): HelperDelegate {
  return function (this: unknown, ...args: unknown[]) {
    const { values, options } = split(args);
    const holds = test(...values);
    if (options.fn) return holds ? options.fn(this) : options.inverse(this);
    return holds;
  };
}

/** A helper over one text: inline its argument, as a block its rendered body. */
function textual(change: (text: string, hash: Record<string, unknown>) => string): HelperDelegate {
  return function (this: unknown, ...args: unknown[]) {
    const { values, options } = split(args);
    const text = options.fn ? options.fn(this) : String(values[0] ?? "");
    return change(text, options.hash as Record<string, unknown>);
  };
}

const isTrue = (value: unknown) => Boolean(value) && !(Array.isArray(value) && value.length === 0) && value !== "false";
const same = (a: unknown, b: unknown) => a === b || (a !== null && b !== null && a !== undefined && b !== undefined && String(a) === String(b));
const numeric = (a: unknown, b: unknown, test: (x: number, y: number) => boolean) => test(Number(a), Number(b));

function parsedJson(input: unknown): unknown {
  return typeof input === "string" ? (JSON.parse(input) as unknown) : plain(input);
}

/** A JSONPath that names one place (no filter, wildcard, deep scan, slice or union) answers a value, not a list. */
const INDEFINITE = /\[\?|\*|\.\.|\[[^\]]*[:,][^\]]*\]/;

/**
 * Whether a path can be one, as Jayway (WireMock's JSONPath) reads them: its brackets closed, no
 * space outside them. jsonpath-plus reads anything, and answers nothing where Jayway refuses.
 */
function plausiblePath(path: string): boolean {
  let depth = 0;
  for (const char of path.replace(/'[^']*'|"[^"]*"/g, "''")) {
    if (char === "[" || char === "(") depth += 1;
    else if (char === "]" || char === ")") depth -= 1;
    else if (/\s/.test(char) && depth === 0) return false;
    if (depth < 0) return false;
  }
  return depth === 0;
}

/** WireMock's jsonPath: a text that is no JSON has nothing at any path; a path that is none says so in the reply. */
function jsonPath(input: unknown, path: string, fallback: unknown): unknown {
  let document: unknown;
  try {
    document = parsedJson(input);
  } catch {
    return fallback;
  }
  const length = /\.length\(\)$/.exec(path);
  const base = length ? path.slice(0, length.index) : path;
  let found: unknown[];
  try {
    if (!plausiblePath(base)) throw new Error("not a path");
    found = JSONPath({ path: base, json: document as object, wrap: true, eval: "safe" }) as unknown[];
  } catch {
    return `[ERROR: ${path} is not a valid JSONPath expression]`;
  }
  if (length) {
    const [one] = found;
    return Array.isArray(one) ? one.length : fallback;
  }
  const value = INDEFINITE.test(base) ? found : found[0];
  return value === undefined ? fallback : jsonValue(value);
}

/** WireMock's `math`: Java's BigDecimal, so a division keeps the scale of its dividend, rounded half up. */
function math(left: unknown, operator: unknown, right: unknown): string {
  const scale = (value: unknown) => (String(value).split(".")[1] ?? "").length;
  const [a, b] = [Number(left), Number(right)];
  if (!Number.isFinite(a) || !Number.isFinite(b)) throw new Error(`math needs two numbers, not ${String(left)} and ${String(right)}`);
  const at = (value: number, digits: number) => (Math.sign(value) * Math.round(Math.abs(value) * 10 ** digits)) / 10 ** digits;
  const answers: Record<string, () => [number, number]> = {
    "+": () => [a + b, Math.max(scale(left), scale(right))],
    "-": () => [a - b, Math.max(scale(left), scale(right))],
    "*": () => [a * b, scale(left) + scale(right)],
    "/": () => [at(a / b, scale(left)), scale(left)],
    "%": () => [a % b, Math.max(scale(left), scale(right))],
  };
  const answer = answers[String(operator)];
  if (!answer) throw new Error(`math has no operator ${String(operator)}: + - * / %`);
  if (String(operator) === "/" && b === 0) throw new Error("math: division by zero");
  const [value, digits] = answer();
  return value.toFixed(digits);
}

const ALPHABETS: Record<string, string> = {
  ALPHANUMERIC: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789",
  ALPHABETIC: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz",
  NUMERIC: "0123456789",
  HEXADECIMAL: "0123456789abcdef",
  ALPHANUMERIC_AND_SYMBOLS: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789!@#$%^&*()-_=+[]{};:,.<>/?",
};

function randomValue(hash: Record<string, unknown>): string {
  const type = String(hash.type ?? "ALPHANUMERIC").toUpperCase();
  if (type === "UUID") return randomUUID();
  // A type WireMock does not know draws from its widest alphabet, as its jar does.
  const alphabet = ALPHABETS[type] ?? ALPHABETS.ALPHANUMERIC_AND_SYMBOLS;
  const length = Math.min(Number(hash.length ?? 36), MAX_ITEMS);
  const text = Array.from(randomBytes(length), (byte) => alphabet[byte % alphabet.length]).join("");
  // WireMock prints every drawn value in lower case unless told upper.
  return hash.uppercase === true ? text.toUpperCase() : text.toLowerCase();
}

/** Java's URLEncoder: form encoding, a space as "+". */
const urlEncode = (text: string) =>
  encodeURIComponent(text)
    .replace(/[!'()~]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`)
    .replace(/%20/g, "+");

function safely<T>(work: () => T): T | undefined {
  try {
    return work();
  } catch {
    return undefined;
  }
}

/** The helpers by name, given the template's clock (the sandbox's). */
export function templateHelpers(now: () => number): Record<string, HelperDelegate> {
  return {
    jsonPath: (input: unknown, path: unknown, options: HelperOptions) => jsonPath(input, String(path), options.hash.default ?? ""),
    parseJson(...args: unknown[]) {
      const { values, options } = split(args);
      // The block form names a variable and parses the block: {{#parseJson 'name'}}{...}{{/parseJson}}.
      if (options.fn && values.length === 1 && typeof values[0] === "string") {
        const block = options.fn(this);
        if (block.trim() !== "") (options.data.root as Record<string, unknown>)[values[0]] = jsonValue(parsedJson(block));
        return "";
      }
      const value = jsonValue(parsedJson(values[0] ?? "null"));
      if (typeof values[1] === "string") {
        (options.data.root as Record<string, unknown>)[values[1]] = value;
        return "";
      }
      return options.fn ? options.fn(this) : value;
    },
    formatJson: textual((text, hash) => (hash.format === "compact" ? JSON.stringify(JSON.parse(text)) : jacksonPretty(JSON.parse(text)))),
    toJson: (value: unknown) => jacksonPretty(plain(value)),
    size: (value: unknown) => (typeof value === "string" || Array.isArray(value) ? value.length : value && typeof value === "object" ? Object.keys(value).length : 0),
    array: (...args: unknown[]) => javaList(split(args).values),
    range(from: unknown, to: unknown) {
      const [start, end] = [Number(from), Number(to)];
      if (!Number.isInteger(start) || !Number.isInteger(end) || end - start >= MAX_ITEMS) throw new Error(`range takes two whole numbers at most ${MAX_ITEMS} apart`);
      return javaList(Array.from({ length: Math.max(0, end - start + 1) }, (_, at) => start + at));
    },
    pickRandom(...args: unknown[]) {
      const { values } = split(args);
      const items = values.length === 1 && Array.isArray(values[0]) ? (values[0] as unknown[]) : values;
      return items.length === 0 ? "" : items[randomInt(items.length)];
    },
    randomValue: (options: HelperOptions) => randomValue(options.hash as Record<string, unknown>),
    math,
    now: (options: HelperOptions) => {
      const hash = options.hash as Record<string, string | undefined>;
      return formatDate(offsetDate(new Date(now()), hash.offset), hash.format, hash.timezone);
    },
    date(value: unknown, options: HelperOptions) {
      const hash = options.hash as Record<string, string | undefined>;
      // A text that is no date is now, as WireMock's jar answers it.
      const from = value instanceof Date ? value : (safely(() => parseDate(String(value), undefined)) ?? new Date(now()));
      return formatDate(offsetDate(from, hash.offset), hash.format, hash.timezone);
    },
    parseDate: (text: unknown, options: HelperOptions) => parseDate(String(text), (options.hash as { format?: string }).format),
    eq: truth(same),
    neq: truth((a, b) => !same(a, b)),
    gt: truth((a, b) => numeric(a, b, (x, y) => x > y)),
    gte: truth((a, b) => numeric(a, b, (x, y) => x >= y)),
    lt: truth((a, b) => numeric(a, b, (x, y) => x < y)),
    lte: truth((a, b) => numeric(a, b, (x, y) => x <= y)),
    and: truth((...values) => values.every(isTrue)),
    or: truth((...values) => values.some(isTrue)),
    not: truth((value) => !isTrue(value)),
    contains: truth((haystack, needle) => (Array.isArray(haystack) ? haystack.some((item) => same(item, needle)) : String(haystack ?? "").includes(String(needle)))),
    matches: truth((value, pattern) => wholeMatch(String(pattern), String(value ?? ""))),
    regexExtract(...args: unknown[]) {
      const { values, options } = split(args);
      const found = firstMatch(String(values[1]), String(values[0] ?? ""));
      if (!found) return options.hash.default ?? `[ERROR: Nothing matched ${String(values[1])}]`;
      if (typeof values[2] !== "string") return found[0];
      (options.data.root as Record<string, unknown>)[values[2]] = javaList(found.slice(1));
      return "";
    },
    base64: textual((text, hash) =>
      hash.decode === true
        ? Buffer.from(text, "base64").toString("utf8")
        : Buffer.from(text, "utf8")
            .toString("base64")
            .replace(/=+$/, hash.padding === false ? "" : "$&"),
    ),
    urlEncode: textual((text, hash) => (hash.decode === true ? decodeURIComponent(text.replace(/\+/g, " ")) : urlEncode(text))),
    trim: textual((text) => text.trim()),
    upper: textual((text) => text.toUpperCase()),
    lower: textual((text) => text.toLowerCase()),
    val(...args: unknown[]) {
      const { values, options } = split(args);
      const hash = options.hash as Record<string, unknown>;
      const value = values[0] ?? hash.or ?? hash.default ?? "";
      if (typeof hash.assign === "string") {
        (options.data.root as Record<string, unknown>)[hash.assign] = value;
        return "";
      }
      return value;
    },
  };
}
