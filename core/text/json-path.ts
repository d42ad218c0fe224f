/**
 * JSONPath as WireMock reads it (its engine is Jayway JsonPath), for the part that mappings use:
 * `$`, `.name`, `['name', ...]`, `[0, -1]`, `[1:3]`, `*`, `..` (deep scan), filters `[?(...)]` with
 * `==`, `!=`, `<`, `<=`, `>`, `>=`, `=~ /re/i`, `in`, `nin`, `subsetof`, `anyof`, `noneof`, `size`,
 * `empty`, `contains`, `&&`, `||`, `!` and existence, and the functions `length()`/`size()`, `min()`,
 * `max()`, `avg()`, `sum()`, `keys()`, `first()`, `last()`. Where Jayway differs from other engines,
 * this follows Jayway: a filter over an object tests the object itself; a path with no wildcard,
 * filter, slice, list or deep scan is definite, and finding nothing there is an error, not an empty
 * list. Text is only ever read as data (no `eval`), and `=~` runs on RE2 (./whole-match.ts).
 * docs/decisions/035-wiremock-request-matching.md says why this is ours and not jsonpath-plus.
 */
import { wholeMatch } from "./whole-match";

type Segment =
  | { kind: "names"; names: string[] }
  | { kind: "wild" }
  | { kind: "indexes"; indexes: number[] }
  | { kind: "slice"; start?: number; end?: number; step?: number }
  | { kind: "filter"; filter: Filter }
  | { kind: "scan"; then: Segment }
  | { kind: "function"; name: string };

export interface JsonPath {
  /** `$` (the document) or `@` (the node a filter tests). */
  root: "$" | "@";
  segments: Segment[];
  /** Jayway's "definite": one value or none, never a list of finds. */
  definite: boolean;
}

const FUNCTIONS = new Set(["length", "size", "min", "max", "avg", "sum", "keys", "first", "last"]);

/** Thrown when a path is not JSONPath that this engine reads; the message says where. */
export class JsonPathSyntaxError extends Error {}

/** Thrown when a definite path finds nothing (Jayway's PathNotFoundException). */
export class PathNotFound extends Error {}

/** A cursor over the text of a path or a filter. */
class Reader {
  constructor(
    readonly text: string,
    public at = 0,
  ) {}
  peek(length = 1): string {
    return this.text.slice(this.at, this.at + length);
  }
  skipSpaces(): void {
    while (/\s/.test(this.text[this.at] ?? "")) this.at += 1;
  }
  eat(expected: string): boolean {
    if (this.text.startsWith(expected, this.at)) {
      this.at += expected.length;
      return true;
    }
    return false;
  }
  expect(expected: string): void {
    this.skipSpaces();
    if (!this.eat(expected)) this.fail(`${expected} expected`);
  }
  fail(what: string): never {
    throw new JsonPathSyntaxError(`${what} at character ${this.at + 1} of ${this.text}`);
  }
  get done(): boolean {
    return this.at >= this.text.length;
  }
}

/** Parses a whole JSONPath (`$...`); throws JsonPathSyntaxError saying what is wrong. */
export function parseJsonPath(text: string): JsonPath {
  const reader = new Reader(text.trim());
  const path = readPath(reader);
  reader.skipSpaces();
  if (!reader.done) reader.fail("unexpected text");
  return path;
}

/** Reads a path from `$` or `@` up to the first character that cannot continue it. */
function readPath(reader: Reader): JsonPath {
  const root = reader.peek();
  if (root !== "$" && root !== "@") reader.fail("a path starts with $ or @");
  reader.at += 1;
  const segments: Segment[] = [];
  for (;;) {
    if (reader.eat("..")) {
      segments.push({ kind: "scan", then: reader.peek() === "[" ? readBracket(reader) : readDotted(reader, true) });
    } else if (reader.eat(".")) {
      segments.push(readDotted(reader, false));
    } else if (reader.peek() === "[") {
      segments.push(readBracket(reader));
    } else break;
    if (segments.at(-1)?.kind === "function") break;
  }
  // Several names at the end of a path find one object of them: definite, as Jayway's merge case.
  const definite = segments.every(
    (segment, index) =>
      (segment.kind === "names" && (segment.names.length === 1 || index === segments.length - 1)) || (segment.kind === "indexes" && segment.indexes.length === 1) || segment.kind === "function",
  );
  return { root: root as "$" | "@", segments, definite };
}

function readDotted(reader: Reader, scanning: boolean): Segment {
  if (reader.eat("*")) return { kind: "wild" };
  const name = /^[^.[\]()\s=!<>&|,~'"]+/.exec(reader.text.slice(reader.at))?.[0];
  if (!name) reader.fail("a name expected");
  reader.at += name.length;
  if (!scanning && reader.eat("()")) {
    if (!FUNCTIONS.has(name)) reader.fail(`the function ${name}() is not one of ${[...FUNCTIONS].join(", ")}`);
    return { kind: "function", name };
  }
  return { kind: "names", names: [name] };
}

function readBracket(reader: Reader): Segment {
  reader.expect("[");
  reader.skipSpaces();
  let segment: Segment;
  if (reader.eat("?")) {
    reader.expect("(");
    segment = { kind: "filter", filter: parseFilter(reader) };
    reader.expect(")");
  } else if (reader.eat("*")) {
    segment = { kind: "wild" };
  } else if (reader.peek() === "'" || reader.peek() === '"') {
    const names = [readQuoted(reader)];
    for (reader.skipSpaces(); reader.eat(","); reader.skipSpaces()) {
      reader.skipSpaces();
      names.push(readQuoted(reader));
    }
    segment = { kind: "names", names };
  } else {
    const text = /^[-\d\s,:]*/.exec(reader.text.slice(reader.at))?.[0] ?? "";
    reader.at += text.length;
    if (text.includes(":")) {
      const [start, end, step] = text.split(":").map((part) => (part.trim() === "" ? undefined : Number(part)));
      segment = { kind: "slice", start, end, step };
    } else {
      const indexes = text.split(",").map((part) => Number.parseInt(part.trim(), 10));
      if (indexes.some((index) => Number.isNaN(index))) reader.fail("an index, a name in quotes, *, a slice or a filter expected");
      segment = { kind: "indexes", indexes };
    }
  }
  reader.expect("]");
  return segment;
}

/** A string in single or double quotes, with backslash escapes. */
function readQuoted(reader: Reader): string {
  const quote = reader.peek();
  reader.at += 1;
  let text = "";
  while (!reader.done && reader.peek() !== quote) {
    if (reader.peek() === "\\") reader.at += 1;
    text += reader.peek();
    reader.at += 1;
  }
  if (!reader.eat(quote)) reader.fail("an unterminated string");
  return text;
}

const isObject = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === "object" && !Array.isArray(value);

/**
 * What a path finds: for a definite path its one value (PathNotFound when there is none), else the
 * list of what it finds. `root` is the document, `current` the node a filter tests.
 */
export function evaluateJsonPath(path: JsonPath, root: unknown, current: unknown = root): unknown {
  let nodes: unknown[] = [path.root === "$" ? root : current];
  for (const segment of path.segments) {
    if (segment.kind === "function") {
      return applyFunction(segment.name, path.definite ? nodes[0] : nodes);
    }
    nodes = nodes.flatMap((node) => step(segment, node, root, path.definite));
  }
  if (!path.definite) return nodes;
  return nodes[0];
}

function step(segment: Segment, node: unknown, root: unknown, definite: boolean): unknown[] {
  switch (segment.kind) {
    case "names":
      if (!isObject(node)) {
        if (definite) throw new PathNotFound(`no ${segment.names[0]} in a ${node === null ? "null" : Array.isArray(node) ? "list" : typeof node}`);
        return [];
      }
      // Jayway reads several names as one object of those that are there.
      if (segment.names.length > 1) return [Object.fromEntries(segment.names.filter((name) => name in node).map((name) => [name, node[name]]))];
      return segment.names.flatMap((name) => {
        if (name in node) return [node[name]];
        if (definite) throw new PathNotFound(`no property ${name}`);
        return [];
      });
    case "wild":
      return Array.isArray(node) ? node : isObject(node) ? Object.values(node) : [];
    case "indexes":
      if (!Array.isArray(node)) {
        if (definite) throw new PathNotFound("an index of something that is not a list");
        return [];
      }
      return segment.indexes.flatMap((index) => {
        const at = index < 0 ? node.length + index : index;
        if (at >= 0 && at < node.length) return [node[at]];
        if (definite) throw new PathNotFound(`no element ${index}`);
        return [];
      });
    case "slice": {
      if (!Array.isArray(node)) return [];
      const step = segment.step ?? 1;
      const clamp = (value: number) => Math.max(0, Math.min(node.length, value < 0 ? node.length + value : value));
      const start = clamp(segment.start ?? 0);
      const end = clamp(segment.end ?? node.length);
      const found: unknown[] = [];
      for (let at = start; step > 0 && at < end; at += step) found.push(node[at]);
      return found;
    }
    case "filter":
      // Jayway's way: a filter over a list tests each element, over an object the object itself.
      if (Array.isArray(node)) return node.filter((item) => evaluateFilter(segment.filter, root, item));
      return isObject(node) && evaluateFilter(segment.filter, root, node) ? [node] : [];
    case "scan":
      return descendants(node).flatMap((each) => step(segment.then, each, root, false));
    case "function":
      return [applyFunction(segment.name, node)];
  }
}

/** The node and every node under it, parents first. */
function descendants(node: unknown): unknown[] {
  const children = Array.isArray(node) ? node : isObject(node) ? Object.values(node) : [];
  return [node, ...children.flatMap(descendants)];
}

function applyFunction(name: string, input: unknown): unknown {
  if (name === "length" || name === "size") {
    if (Array.isArray(input) || typeof input === "string") return input.length;
    if (isObject(input)) return Object.keys(input).length;
    throw new PathNotFound(`${name}() of something that has no length`);
  }
  if (name === "keys") {
    if (isObject(input)) return Object.keys(input);
    throw new PathNotFound("keys() of something that is not an object");
  }
  if (!Array.isArray(input) || input.length === 0) throw new PathNotFound(`${name}() of something that is not a list, or of an empty one`);
  if (name === "first") return input[0];
  if (name === "last") return input.at(-1);
  const numbers = input.filter((item): item is number => typeof item === "number");
  if (numbers.length === 0) throw new PathNotFound(`${name}() of a list without numbers`);
  if (name === "min") return Math.min(...numbers);
  if (name === "max") return Math.max(...numbers);
  const sum = numbers.reduce((total, item) => total + item, 0);
  return name === "sum" ? sum : sum / numbers.length;
}

type Operand = { kind: "path"; path: JsonPath } | { kind: "value"; value: unknown } | { kind: "regex"; source: string; flags: string };

type Filter = { kind: "or" | "and"; parts: Filter[] } | { kind: "not"; filter: Filter } | { kind: "exists"; path: JsonPath } | { kind: "compare"; operator: string; left: Operand; right: Operand };

const SYMBOLS = ["==", "!=", "<=", ">=", "=~", "<", ">"];
const WORDS = ["in", "nin", "subsetof", "anyof", "noneof", "size", "empty", "contains"];

function parseFilter(reader: Reader): Filter {
  const parts = [parseAnd(reader)];
  for (reader.skipSpaces(); reader.eat("||"); reader.skipSpaces()) parts.push(parseAnd(reader));
  return parts.length === 1 ? parts[0] : { kind: "or", parts };
}

function parseAnd(reader: Reader): Filter {
  const parts = [parseUnary(reader)];
  for (reader.skipSpaces(); reader.eat("&&"); reader.skipSpaces()) parts.push(parseUnary(reader));
  return parts.length === 1 ? parts[0] : { kind: "and", parts };
}

function parseUnary(reader: Reader): Filter {
  reader.skipSpaces();
  if (reader.peek(2) !== "!=" && reader.eat("!")) return { kind: "not", filter: parseUnary(reader) };
  if (reader.eat("(")) {
    const inner = parseFilter(reader);
    reader.expect(")");
    return inner;
  }
  const left = readOperand(reader);
  reader.skipSpaces();
  const symbol = SYMBOLS.find((candidate) => reader.peek(candidate.length) === candidate);
  const word = WORDS.find((candidate) => new RegExp(`^${candidate}(?![\\w])`).test(reader.text.slice(reader.at)));
  const operator = symbol ?? word;
  if (!operator) {
    if (left.kind !== "path") reader.fail("an operator expected");
    return { kind: "exists", path: left.path };
  }
  reader.at += operator.length;
  reader.skipSpaces();
  return { kind: "compare", operator, left, right: readOperand(reader) };
}

function readOperand(reader: Reader): Operand {
  reader.skipSpaces();
  const next = reader.peek();
  if (next === "@" || next === "$") return { kind: "path", path: readPath(reader) };
  if (next === "/") {
    reader.at += 1;
    let source = "";
    while (!reader.done && reader.peek() !== "/") {
      if (reader.peek() === "\\") {
        source += reader.peek();
        reader.at += 1;
      }
      source += reader.peek();
      reader.at += 1;
    }
    if (!reader.eat("/")) reader.fail("an unterminated regular expression");
    const flags = /^[a-zA-Z]*/.exec(reader.text.slice(reader.at))?.[0] ?? "";
    reader.at += flags.length;
    if (/[^imsU]/.test(flags)) reader.fail(`the regular expression flags ${flags} (i, m, s are taken)`);
    return { kind: "regex", source, flags };
  }
  return { kind: "value", value: readLiteral(reader) };
}

function readLiteral(reader: Reader): unknown {
  reader.skipSpaces();
  const next = reader.peek();
  if (next === "'" || next === '"') return readQuoted(reader);
  if (next === "[") {
    reader.at += 1;
    const items: unknown[] = [];
    for (reader.skipSpaces(); !reader.eat("]"); reader.skipSpaces()) {
      if (items.length > 0) reader.expect(",");
      items.push(readLiteral(reader));
      reader.skipSpaces();
      if (reader.done) reader.fail("an unterminated list");
    }
    return items;
  }
  const word = /^(?:-?\d+(?:\.\d+)?(?:[eE][-+]?\d+)?|true|false|null)/.exec(reader.text.slice(reader.at))?.[0];
  if (!word) reader.fail("a value expected");
  reader.at += word.length;
  return JSON.parse(word);
}

/** What an operand stands for; undefined for a path that finds nothing (Jayway's undefined node). */
function operandValue(operand: Operand, root: unknown, current: unknown): unknown {
  if (operand.kind === "value") return operand.value;
  if (operand.kind === "regex") return undefined;
  try {
    return evaluateJsonPath(operand.path, root, current);
  } catch (error) {
    if (error instanceof PathNotFound) return undefined;
    throw error;
  }
}

function evaluateFilter(filter: Filter, root: unknown, current: unknown): boolean {
  switch (filter.kind) {
    case "or":
      return filter.parts.some((part) => evaluateFilter(part, root, current));
    case "and":
      return filter.parts.every((part) => evaluateFilter(part, root, current));
    case "not":
      return !evaluateFilter(filter.filter, root, current);
    case "exists": {
      const found = operandValue({ kind: "path", path: filter.path }, root, current);
      return filter.path.definite ? found !== undefined : (found as unknown[]).length > 0;
    }
    case "compare":
      return compare(filter, root, current);
  }
}

/** Jayway's equality: a number and a text are equal when the text is that number; JSON by value. */
function same(left: unknown, right: unknown): boolean {
  if (left === undefined || right === undefined) return false;
  if (typeof left === "number" && typeof right === "string") return right.trim() !== "" && Number(right) === left;
  if (typeof left === "string" && typeof right === "number") return same(right, left);
  if (left === null || right === null || typeof left !== "object" || typeof right !== "object") return left === right;
  if (Array.isArray(left) !== Array.isArray(right)) return false;
  const leftKeys = Object.keys(left);
  const rightRecord = right as Record<string, unknown>;
  return leftKeys.length === Object.keys(right).length && leftKeys.every((key) => key in rightRecord && same((left as Record<string, unknown>)[key], rightRecord[key]));
}

function compare(filter: Extract<Filter, { kind: "compare" }>, root: unknown, current: unknown): boolean {
  const { operator } = filter;
  if (operator === "=~") {
    const [regex, other] = filter.right.kind === "regex" ? [filter.right, filter.left] : [filter.left, filter.right];
    if (regex.kind !== "regex" || other.kind === "regex") return false;
    const value = operandValue(other, root, current);
    const input = typeof value === "string" ? value : typeof value === "number" || typeof value === "boolean" ? String(value) : "";
    const flags = regex.flags.replace(/[iU]/g, "");
    return wholeMatch(flags ? `(?${flags})${regex.source}` : regex.source, input, regex.flags.includes("i"));
  }
  const left = operandValue(filter.left, root, current);
  const right = operandValue(filter.right, root, current);
  const list = (value: unknown): unknown[] | undefined => (Array.isArray(value) ? value : undefined);
  const within = (value: unknown, values: unknown[] | undefined) => values?.some((candidate) => same(value, candidate)) ?? false;
  switch (operator) {
    case "==":
      return same(left, right);
    case "!=":
      return !same(left, right);
    case "<":
    case "<=":
    case ">":
    case ">=": {
      if (!((typeof left === "number" && typeof right === "number") || (typeof left === "string" && typeof right === "string"))) return false;
      const order = left < right ? -1 : left > right ? 1 : 0;
      return operator === "<" ? order < 0 : operator === "<=" ? order <= 0 : operator === ">" ? order > 0 : order >= 0;
    }
    case "in":
      return within(left, list(right));
    case "nin":
      return !within(left, list(right));
    case "subsetof":
      return list(left)?.every((item) => within(item, list(right))) ?? false;
    case "anyof":
      return list(left)?.some((item) => within(item, list(right))) ?? false;
    case "noneof":
      return list(left)?.every((item) => !within(item, list(right))) ?? false;
    case "size":
      return (Array.isArray(left) || typeof left === "string") && left.length === right;
    case "empty":
      return (Array.isArray(left) || typeof left === "string") && (left.length === 0) === right;
    case "contains":
      return typeof left === "string" ? typeof right === "string" && left.includes(right) : within(right, list(left));
    default:
      return false;
  }
}

/** Every regular expression of a path's filters, for checking at load that RE2 runs it. */
export function jsonPathPatterns(path: JsonPath): string[] {
  const ofFilter = (filter: Filter): string[] => {
    if ("parts" in filter) return filter.parts.flatMap(ofFilter);
    if (filter.kind === "not") return ofFilter(filter.filter);
    if (filter.kind === "exists") return jsonPathPatterns(filter.path);
    return [filter.left, filter.right].flatMap((operand) => (operand.kind === "regex" ? [operand.source] : operand.kind === "path" ? jsonPathPatterns(operand.path) : []));
  };
  return path.segments.flatMap((segment) => {
    const inner = segment.kind === "scan" ? segment.then : segment;
    return inner.kind === "filter" ? ofFilter(inner.filter) : [];
  });
}
