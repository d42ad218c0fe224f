/**
 * WireMock's value matchers (its `StringValuePattern` family) over one value, and its multi-valued
 * ones (`hasExactly`, `includes`) over several: each says whether the value matched and how far it
 * was, as WireMock's near misses measure it (a normalised edit distance for `equalTo`, 0 or 1 for
 * most others). Regular expressions run on RE2 (core/text/whole-match.ts) with `.` matching line
 * breaks, as Java's DOTALL, which WireMock sets.
 */
import type { MultiValuePattern, ValuePattern } from "#core/controls/stubs";
import { wholeMatch } from "#core/text/whole-match";
import { dateTimeMatch } from "./date-time";
import { jsonDistance, jsonPathFinds, jsonPathTexts, parseJson } from "./match-json";

export interface Verdict {
  matched: boolean;
  distance: number;
}

const yes: Verdict = { matched: true, distance: 0 };
const no: Verdict = { matched: false, distance: 1 };
const verdict = (matched: boolean): Verdict => (matched ? yes : no);

/** Levenshtein's distance over the longer length; texts too long to compare in full are cut. */
export function editDistance(expected: string, actual: string): number {
  if (expected === actual) return 0;
  const [a, b] = [expected.slice(0, 2000), actual.slice(0, 2000)];
  const longest = Math.max(expected.length, actual.length);
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i += 1) {
    const row = [i];
    for (let j = 1; j <= b.length; j += 1) row.push(Math.min(previous[j] + 1, row[j - 1] + 1, previous[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1)));
    previous = row;
  }
  const cut = Math.abs(expected.length - a.length - (actual.length - b.length));
  return Math.min(1, (previous[b.length] + cut) / longest);
}

const regex = (pattern: string, value: string) => wholeMatch(`(?s)${pattern}`, value);

/** How one value (undefined when absent) meets a value matcher. */
export function matchValue(pattern: ValuePattern, value: string | undefined): Verdict {
  // WireMock reads `absent` whatever its value: `"absent": false` is absent too.
  if (pattern.absent !== undefined) return verdict(value === undefined);
  if (pattern.anything !== undefined) return yes;
  if (pattern.and) {
    const parts = pattern.and.map((part) => matchValue(part, value));
    return { matched: parts.every((part) => part.matched), distance: parts.reduce((sum, part) => sum + part.distance, 0) / parts.length };
  }
  if (pattern.or) {
    const parts = pattern.or.map((part) => matchValue(part, value));
    return { matched: parts.some((part) => part.matched), distance: Math.min(...parts.map((part) => part.distance)) };
  }
  if (pattern.not) return verdict(!matchValue(pattern.not, value).matched);
  if (pattern.doesNotContain !== undefined) return verdict(value === undefined || !value.includes(pattern.doesNotContain));
  if (pattern.doesNotMatch !== undefined) return verdict(value === undefined || !regex(pattern.doesNotMatch, value));
  if (value === undefined) return no;
  if (pattern.equalTo !== undefined) {
    const matched = pattern.caseInsensitive ? value.toLowerCase() === pattern.equalTo.toLowerCase() : value === pattern.equalTo;
    return { matched, distance: matched ? 0 : editDistance(pattern.caseInsensitive ? pattern.equalTo.toLowerCase() : pattern.equalTo, pattern.caseInsensitive ? value.toLowerCase() : value) };
  }
  if (pattern.contains !== undefined) return verdict(value.includes(pattern.contains));
  if (pattern.matches !== undefined) return verdict(regex(pattern.matches, value));
  if (pattern.before !== undefined || pattern.after !== undefined || pattern.equalToDateTime !== undefined) return dateTimeMatch(pattern, value);
  if (pattern.binaryEqualTo !== undefined) return verdict(Buffer.from(value, "utf8").equals(Buffer.from(pattern.binaryEqualTo, "base64")));
  return matchJsonValue(pattern, parseJson(value));
}

/** The JSON matchers over a value already parsed (undefined when it is not JSON). */
export function matchJsonValue(pattern: ValuePattern, json: unknown): Verdict {
  if (json === undefined) return no;
  if (pattern.equalToJson !== undefined) {
    const expected = typeof pattern.equalToJson === "string" ? parseJson(pattern.equalToJson) : pattern.equalToJson;
    const distance = jsonDistance(expected, json, { ignoreArrayOrder: pattern.ignoreArrayOrder ?? false, ignoreExtraElements: pattern.ignoreExtraElements ?? false });
    return { matched: distance === 0, distance };
  }
  const path = pattern.matchesJsonPath;
  if (path === undefined) return no;
  if (typeof path === "string") return verdict(jsonPathFinds(path, json));
  const { expression, ...sub } = path;
  const texts = jsonPathTexts(expression, json, sub.equalToJson !== undefined);
  const found: (string | undefined)[] = texts.length === 0 && sub.absent !== undefined ? [undefined] : texts;
  const verdicts = found.map((text) => matchValue(sub, text));
  return verdicts.find((each) => each.matched) ?? { matched: false, distance: Math.min(1, ...verdicts.map((each) => each.distance)) };
}

/**
 * How the values of a query parameter, header or form field meet their matcher: a single matcher
 * takes the best of the values (absent when there are none), `hasExactly` wants each matcher met by
 * its own value and no value left over, `includes` each matcher met by some value.
 */
export function matchValues(pattern: MultiValuePattern, values: string[]): Verdict {
  if ("hasExactly" in pattern || "includes" in pattern) {
    const wanted = "hasExactly" in pattern ? pattern.hasExactly : pattern.includes;
    const parts = wanted.map((each) => best(values.map((value) => matchValue(each, value))));
    const matched = parts.every((part) => part.matched) && (!("hasExactly" in pattern) || values.length === wanted.length);
    return { matched, distance: matched ? 0 : Math.max(1 / (wanted.length + 1), parts.reduce((sum, part) => sum + part.distance, 0) / parts.length) };
  }
  if (values.length === 0) return matchValue(pattern, undefined);
  return best(values.map((value) => matchValue(pattern, value)));
}

function best(verdicts: Verdict[]): Verdict {
  return verdicts.find((each) => each.matched) ?? { matched: false, distance: Math.min(1, ...verdicts.map((each) => each.distance)) };
}
