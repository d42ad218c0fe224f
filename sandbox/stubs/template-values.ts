/**
 * Values as WireMock's templates print them (sandbox/stubs/template.ts): WireMock's engine is Java's
 * Handlebars, so a JSON object prints as Jackson's pretty printer writes it, a list made by a helper
 * (`array`, `range`) as Java prints a list, a JSON array from `jsonPath` compact, and a request's
 * query parameter or header by its first value. JavaScript's Handlebars prints whatever `toString`
 * says, so each such value carries a `toString` of its own (not enumerable: `#each` never sees it).
 */

/** Jackson's default pretty printer: objects one member a line, arrays on one line (their items at the array's depth), " : " between. */
export function jacksonPretty(value: unknown, level = 0): string {
  if (Array.isArray(value)) return value.length === 0 ? "[ ]" : `[ ${value.map((item) => jacksonPretty(item, level)).join(", ")} ]`;
  if (value !== null && typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>);
    if (entries.length === 0) return "{ }";
    const inner = "  ".repeat(level + 1);
    return `{\n${entries.map(([key, item]) => `${inner}${JSON.stringify(key)} : ${jacksonPretty(item, level + 1)}`).join(",\n")}\n${"  ".repeat(level)}}`;
  }
  return JSON.stringify(value) ?? "null";
}

function printedAs<T extends object>(value: T, print: () => string): T {
  Object.defineProperty(value, "toString", { value: print, enumerable: false });
  return value;
}

/** A JSON value read from a document: objects print pretty, arrays compact, as WireMock's jsonPath does. */
export function jsonValue(value: unknown): unknown {
  if (Array.isArray(value)) {
    const copy = value.map((item) => jsonValue(item));
    return printedAs(copy, () => JSON.stringify(value));
  }
  if (value !== null && typeof value === "object") {
    const copy = Object.fromEntries(Object.entries(value as Record<string, unknown>).map(([key, item]) => [key, jsonValue(item)]));
    return printedAs(copy, () => jacksonPretty(value));
  }
  return value;
}

/** A list as Java prints one: "[1, two, 3]". */
export function javaList(items: unknown[]): unknown[] {
  return printedAs([...items], () => `[${items.map((item) => String(item)).join(", ")}]`);
}

/** A request's values of one name: prints as its first, `.[n]` reads the others. */
export function multiValue(values: string[]): string[] {
  const list = printedAs([...values], () => values[0] ?? "");
  // WireMock's multi-value also answers `first`, `last` and negative indices, which its jar reads one
  // short of the end: of 1, 2, 3, `[-1]` is 2 and `[-2]` is 1.
  const named: Record<string, string | undefined> = { first: values[0], last: values.at(-1) };
  values.forEach((_, index) => (named[String(-(index + 1))] = values[values.length - index - 2]));
  for (const [name, value] of Object.entries(named)) Object.defineProperty(list, name, { value, enumerable: false });
  return list;
}

/** The value itself, without the printing this module gave it: plain JSON again. */
export function plain(value: unknown): unknown {
  return value === undefined ? undefined : (JSON.parse(JSON.stringify(value) ?? "null") as unknown);
}

/**
 * An object whose names are read without regard to case, as WireMock reads a request's headers
 * (`{{request.headers.content-type}}` and `{{request.headers.Content-Type}}` alike).
 */
export function caseless<T>(byLowerName: Record<string, T>): Record<string, T> {
  const own = (name: string | symbol) => (typeof name === "string" ? name.toLowerCase() : name);
  return new Proxy(byLowerName, {
    get: (target, name) => Reflect.get(target, own(name)),
    has: (target, name) => Reflect.has(target, own(name)),
    getOwnPropertyDescriptor: (target, name) => Reflect.getOwnPropertyDescriptor(target, own(name)),
  });
}
