/**
 * Regular expressions from outside (a WireMock mapping's `matches`, `urlPattern`, ...) run on RE2
 * (re2js): time linear in the text, whatever the pattern. JavaScript's own engine backtracks, so one
 * pattern such as `^(a+)+$` against a long text a member typed (a refund's remarks) would hold the
 * sandbox's one thread for minutes. RE2 leaves out what needs backtracking (back-references,
 * look-around): a pattern that uses it is refused when it is loaded, saying why.
 */
import { RE2JS } from "re2js";

const compiled = new Map<string, RE2JS>();
/** Patterns kept compiled: a mapping folder's, bounded so that requests cannot grow it. */
const KEPT = 1000;

function compile(pattern: string, caseInsensitive: boolean): RE2JS {
  const key = `${caseInsensitive ? "i" : "-"}${pattern}`;
  let regex = compiled.get(key);
  if (!regex) {
    regex = RE2JS.compile(pattern, caseInsensitive ? RE2JS.CASE_INSENSITIVE : 0);
    if (compiled.size >= KEPT) compiled.clear();
    compiled.set(key, regex);
  }
  return regex;
}

/** Why a pattern cannot run in linear time (or is not a pattern at all); undefined when it can. */
export function linearPatternProblem(pattern: string): string | undefined {
  try {
    compile(pattern, false);
    return undefined;
  } catch (error) {
    return `not a regular expression that runs in linear time (${(error as Error).message}): back-references and look-around are not supported`;
  }
}

/** Whether the whole text matches the pattern, as Java's `matches` (and so WireMock) reads one. */
export function wholeMatch(pattern: string, text: string, caseInsensitive = false): boolean {
  return compile(pattern, caseInsensitive).matches(text);
}

/**
 * The first place the pattern matches in the text, as Java's `find` (WireMock's `regexExtract`):
 * the whole match and its groups (undefined for a group that took no part), or undefined.
 */
export function firstMatch(pattern: string, text: string): (string | undefined)[] | undefined {
  const matcher = compile(pattern, false).matcher(text);
  if (!matcher.find()) return undefined;
  return Array.from({ length: matcher.groupCount() + 1 }, (_, group) => matcher.group(group) ?? undefined);
}
