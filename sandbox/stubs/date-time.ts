/**
 * WireMock's date-time matchers (`before`, `after`, `equalToDateTime`): the expected value is an ISO
 * 8601 date-time (with a zone or without), or "now" moved by an offset ("now +3 days",
 * `expectedOffset`/`expectedOffsetUnit`) and truncated ("first day of month"); the actual one is read
 * as ISO 8601, an HTTP date (RFC 1123), or by `actualFormat` (a Java DateTimeFormatter pattern, "unix"
 * seconds or "epoch" milliseconds). Two zoned values compare as instants; when either is local
 * (no zone) they compare as wall-clock times, as WireMock's AbstractDateTimeMatchResult does. "now"
 * is read in UTC, where WireMock reads it in its machine's zone.
 */
import type { ValuePattern } from "#core/controls/stubs";

/** A date-time: its instant (ms) when zoned, and its wall-clock time (ms as if in UTC). */
interface DateTime {
  instant?: number;
  wall: number;
}

const UNIT_MS: Record<string, number> = { seconds: 1000, minutes: 60_000, hours: 3_600_000, days: 86_400_000 };

function shift(wall: number, amount: number, unit: string): number {
  const date = new Date(wall);
  const unitName = unit.toLowerCase().replace(/s?$/, "s");
  if (unitName === "months") date.setUTCMonth(date.getUTCMonth() + amount);
  else if (unitName === "years") date.setUTCFullYear(date.getUTCFullYear() + amount);
  else return wall + amount * (UNIT_MS[unitName] ?? 0);
  return date.getTime();
}

function truncate(wall: number, truncation: string): number {
  const date = new Date(wall);
  const [year, month, day, hour, minute] = [date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate(), date.getUTCHours(), date.getUTCMinutes()];
  switch (truncation) {
    case "first second of minute":
      return Date.UTC(year, month, day, hour, minute);
    case "first minute of hour":
      return Date.UTC(year, month, day, hour);
    case "first hour of day":
      return Date.UTC(year, month, day);
    case "first day of month":
      return Date.UTC(year, month, 1);
    case "first day of next month":
      return Date.UTC(year, month + 1, 1);
    case "last day of month":
      return Date.UTC(year, month + 1, 0);
    case "first day of year":
      return Date.UTC(year, 0, 1);
    case "first day of next year":
      return Date.UTC(year + 1, 0, 1);
    case "last day of year":
      return Date.UTC(year, 11, 31);
    default:
      return wall;
  }
}

const NOW_OFFSET = /^now(?:\s+([-+]?\d+)\s+([a-zA-Z]+))?$/i;
const ISO = /^(\d{4})-(\d{2})(?:-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?)?)?(Z|[-+]\d{2}:?\d{2}(?::\d{2})?)?(?:\[[^\]]+\])?$/;

function offsetMinutes(zone: string): number {
  if (zone === "Z") return 0;
  const [hours, minutes] = [zone.slice(1, 3), zone.replace(":", "").slice(3, 5)].map(Number);
  return (zone.startsWith("-") ? -1 : 1) * (hours * 60 + minutes);
}

function fromParts(year: number, month: number, day: number, hour: number, minute: number, second: number, millis: number, zone?: string): DateTime {
  const wall = Date.UTC(year, month - 1, day, hour, minute, second, millis);
  return zone === undefined ? { wall } : { wall, instant: wall - offsetMinutes(zone) * 60_000 };
}

function parseIso(text: string): DateTime | undefined {
  const found = ISO.exec(text.trim());
  if (!found) return undefined;
  const [, year, month, day, hour, minute, second, fraction, zone] = found;
  return fromParts(+year, +month, +(day ?? 1), +(hour ?? 0), +(minute ?? 0), +(second ?? 0), Math.floor(+`0.${fraction ?? 0}` * 1000), zone);
}

function parseHttpDate(text: string): DateTime | undefined {
  if (!/^[A-Z][a-z]{2}, \d{1,2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}:\d{2} (GMT|[-+]\d{4})$/.test(text.trim())) return undefined;
  const instant = Date.parse(text);
  if (Number.isNaN(instant)) return undefined;
  const zone = text.trim().slice(-5);
  return { instant, wall: instant + (zone.startsWith("+") || zone.startsWith("-") ? offsetMinutes(zone) : 0) * 60_000 };
}

const MONTHS = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"];

/** The parts of a Java DateTimeFormatter pattern this reads, each as the text it stands for. */
const FORMAT_PARTS: [RegExp, string, string][] = [
  [/^(yyyy|uuuu)/, "(\\d{4})", "year"],
  [/^(yy|uu)/, "(\\d{2})", "year2"],
  [/^MMMM/, "([A-Za-z]+)", "monthName"],
  [/^MMM/, "([A-Za-z]{3})", "monthName"],
  [/^MM?/, "(\\d{1,2})", "month"],
  [/^dd?/, "(\\d{1,2})", "day"],
  [/^HH?/, "(\\d{1,2})", "hour"],
  [/^mm?/, "(\\d{1,2})", "minute"],
  [/^ss?/, "(\\d{1,2})", "second"],
  [/^S+/, "(\\d+)", "fraction"],
  [/^(XXX|XX|X|xxx|xx|Z)/, "(Z|[-+]\\d{2}:?\\d{2})", "zone"],
  [/^E+/, "[A-Za-z]+", ""],
];

function parseWithFormat(text: string, format: string): DateTime | undefined {
  if (format === "unix" || format === "epoch") {
    const number = Number(text);
    if (!/^-?\d+$/.test(text.trim()) || !Number.isFinite(number)) return undefined;
    const instant = format === "unix" ? number * 1000 : number;
    return { instant, wall: instant };
  }
  let source = "";
  const names: string[] = [];
  for (let rest = format; rest.length > 0;) {
    const quoted = /^'([^']*)'/.exec(rest);
    const part = quoted ? undefined : FORMAT_PARTS.find(([pattern]) => pattern.test(rest));
    const taken = quoted ? quoted[0] : part ? (part[0].exec(rest) as RegExpExecArray)[0] : rest[0];
    if (quoted) source += quoted[1].replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    else if (part) {
      source += part[1];
      if (part[2]) names.push(part[2]);
    } else source += taken.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    rest = rest.slice(taken.length);
  }
  const found = new RegExp(`^${source}$`).exec(text.trim());
  if (!found) return undefined;
  const value = (name: string) => {
    const index = names.indexOf(name);
    return index < 0 ? undefined : found[index + 1];
  };
  const monthName = value("monthName");
  const month = monthName ? MONTHS.indexOf(monthName.slice(0, 3).toLowerCase()) + 1 : Number(value("month") ?? 1);
  const year = value("year") ?? (value("year2") !== undefined ? `20${value("year2")}` : undefined);
  if (year === undefined || month < 1) return undefined;
  const fraction = value("fraction");
  return fromParts(+year, month, +(value("day") ?? 1), +(value("hour") ?? 0), +(value("minute") ?? 0), +(value("second") ?? 0), fraction ? Math.floor(+`0.${fraction}` * 1000) : 0, value("zone"));
}

function expectedOf(pattern: ValuePattern, spec: string, now: number): DateTime | undefined {
  const relative = NOW_OFFSET.exec(spec.trim());
  if (relative || pattern.expectedOffset !== undefined) {
    const [amount, unit] = pattern.expectedOffset !== undefined ? [pattern.expectedOffset, pattern.expectedOffsetUnit ?? "days"] : [Number(relative?.[1] ?? 0), relative?.[2] ?? "seconds"];
    const moved = (wall: number) => shift(wall, amount, unit);
    const cut = (wall: number) => (pattern.truncateExpected ? truncate(wall, pattern.truncateExpected) : wall);
    const wall = pattern.applyTruncationLast ? cut(moved(now)) : moved(cut(now));
    return { wall, instant: wall };
  }
  return parseIso(spec) ?? parseHttpDate(spec);
}

function actualOf(pattern: ValuePattern, text: string): DateTime | undefined {
  const parsed = pattern.actualFormat ? parseWithFormat(text, pattern.actualFormat) : (parseIso(text) ?? parseHttpDate(text));
  if (!parsed || !pattern.truncateActual) return parsed;
  const wall = truncate(parsed.wall, pattern.truncateActual);
  return parsed.instant === undefined ? { wall } : { wall, instant: parsed.instant + (wall - parsed.wall) };
}

const ONE_YEAR = 365 * 86_400_000;

/** Whether a value meets a date-time matcher, and how far it is from it (0..1, a year's span). */
export function dateTimeMatch(pattern: ValuePattern, value: string | undefined, now = Date.now()): { matched: boolean; distance: number } {
  const spec = pattern.before ?? pattern.after ?? pattern.equalToDateTime ?? "";
  const expected = expectedOf(pattern, spec, now);
  const actual = value === undefined ? undefined : actualOf(pattern, value);
  if (!expected || !actual) return { matched: false, distance: 1 };
  const [want, got] = expected.instant !== undefined && actual.instant !== undefined ? [expected.instant, actual.instant] : [expected.wall, actual.wall];
  const matched = pattern.before !== undefined ? got < want : pattern.after !== undefined ? got > want : got === want;
  return { matched, distance: matched ? 0 : Math.min(1, Math.abs(got - want) / ONE_YEAR) };
}
