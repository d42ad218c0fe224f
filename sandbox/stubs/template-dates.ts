/**
 * The dates of WireMock's templates (`now`, `date`, `parseDate`): offsets such as "3 days" or
 * "-1 hours", Java's date patterns ("yyyy-MM-dd'T'HH:mm:ss"), "epoch" (milliseconds) and "unix"
 * (seconds), in UTC unless a `timezone` is named. A date prints as WireMock prints one: ISO 8601 to
 * the second, "2021-06-14T10:00:00Z".
 */
import { firstMatch } from "#core/text/whole-match";

/** A date that prints as WireMock's do. */
export class TemplateDate extends Date {
  override toString(): string {
    return this.toISOString().replace(/\.\d{3}Z$/, "Z");
  }
}

const UNITS: Record<string, (date: Date, amount: number) => void> = {
  millisecond: (date, n) => date.setTime(date.getTime() + n),
  second: (date, n) => date.setTime(date.getTime() + n * 1000),
  minute: (date, n) => date.setTime(date.getTime() + n * 60_000),
  hour: (date, n) => date.setTime(date.getTime() + n * 3_600_000),
  day: (date, n) => date.setUTCDate(date.getUTCDate() + n),
  week: (date, n) => date.setUTCDate(date.getUTCDate() + 7 * n),
  month: (date, n) => date.setUTCMonth(date.getUTCMonth() + n),
  year: (date, n) => date.setUTCFullYear(date.getUTCFullYear() + n),
};

/** The date moved by an offset such as "3 days", "-1 hours" (WireMock's units, singular or plural). */
export function offsetDate(from: Date, offset: string | undefined): TemplateDate {
  const date = new TemplateDate(from.getTime());
  if (!offset) return date;
  const found = /^\s*([+-]?\d+)\s+([a-z]+?)s?\s*$/i.exec(offset);
  const move = found ? UNITS[found[2].toLowerCase()] : undefined;
  if (!found || !move) throw new Error(`offset "${offset}" is not an amount and a unit, such as "3 days" or "-1 hours"`);
  move(date, Number(found[1]));
  return date;
}

interface Fields {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  ms: number;
  weekday: number;
  offsetMinutes: number;
}

function fieldsIn(date: Date, timezone: string | undefined): Fields {
  if (!timezone) {
    return {
      year: date.getUTCFullYear(),
      month: date.getUTCMonth() + 1,
      day: date.getUTCDate(),
      hour: date.getUTCHours(),
      minute: date.getUTCMinutes(),
      second: date.getUTCSeconds(),
      ms: date.getUTCMilliseconds(),
      weekday: date.getUTCDay(),
      offsetMinutes: 0,
    };
  }
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-US", { timeZone: timezone, hourCycle: "h23", year: "numeric", month: "numeric", day: "numeric", hour: "numeric", minute: "numeric", second: "numeric" })
      .formatToParts(date)
      .map((part) => [part.type, part.value]),
  );
  const local = Date.UTC(Number(parts.year), Number(parts.month) - 1, Number(parts.day), Number(parts.hour), Number(parts.minute), Number(parts.second));
  const offsetMinutes = Math.round((local - (date.getTime() - date.getUTCMilliseconds())) / 60_000);
  return { ...fieldsIn(new Date(local + date.getUTCMilliseconds()), undefined), offsetMinutes };
}

const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];
const DAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];
const pad = (value: number, width: number) => String(value).padStart(width, "0");

function zone(minutes: number, colon: boolean, zulu: boolean): string {
  if (minutes === 0 && zulu) return "Z";
  const sign = minutes < 0 ? "-" : "+";
  const abs = Math.abs(minutes);
  return `${sign}${pad(Math.floor(abs / 60), 2)}${colon ? ":" : ""}${pad(abs % 60, 2)}`;
}

/** One run of a Java pattern letter, written out. */
function field(letter: string, width: number, f: Fields): string {
  switch (letter) {
    case "y":
    case "u":
      return width === 2 ? pad(f.year % 100, 2) : pad(f.year, width);
    case "M":
      return width >= 4 ? MONTHS[f.month - 1] : width === 3 ? MONTHS[f.month - 1].slice(0, 3) : pad(f.month, width);
    case "d":
      return pad(f.day, width);
    case "H":
      return pad(f.hour, width);
    case "h":
      return pad(f.hour % 12 || 12, width);
    case "m":
      return pad(f.minute, width);
    case "s":
      return pad(f.second, width);
    case "S":
      return pad(f.ms, 3).slice(0, width).padEnd(width, "0");
    case "a":
      return f.hour < 12 ? "AM" : "PM";
    case "E":
      return width >= 4 ? DAYS[f.weekday] : DAYS[f.weekday].slice(0, 3);
    case "Z":
      return zone(f.offsetMinutes, false, false);
    case "X":
      return zone(f.offsetMinutes, width >= 3, true);
    case "x":
      return zone(f.offsetMinutes, width >= 3, false);
    case "z":
      return f.offsetMinutes === 0 ? "UTC" : `GMT${zone(f.offsetMinutes, true, false)}`;
    default:
      throw new Error(`the date pattern letter ${letter} is not supported`);
  }
}

/** Splits a Java date pattern into letter runs and quoted or plain literals. */
function tokens(pattern: string): { letter?: string; width: number; text: string }[] {
  const out: { letter?: string; width: number; text: string }[] = [];
  for (let at = 0; at < pattern.length;) {
    const char = pattern[at];
    if (char === "'") {
      const end = pattern.indexOf("'", at + 1);
      const text = end === at + 1 ? "'" : pattern.slice(at + 1, end === -1 ? undefined : end);
      out.push({ width: 0, text });
      at = end === -1 ? pattern.length : end + 1;
    } else if (/[A-Za-z]/.test(char)) {
      let end = at;
      while (pattern[end] === char) end += 1;
      out.push({ letter: char, width: end - at, text: pattern.slice(at, end) });
      at = end;
    } else {
      out.push({ width: 0, text: char });
      at += 1;
    }
  }
  return out;
}

/** A date written with a Java pattern, or as "epoch"/"unix"; ISO to the second when no format is given. */
export function formatDate(date: Date, format: string | undefined, timezone?: string): string {
  if (format === "epoch") return String(date.getTime());
  if (format === "unix") return String(Math.floor(date.getTime() / 1000));
  if (!format) return timezone ? formatDate(date, "yyyy-MM-dd'T'HH:mm:ssXXX", timezone) : new TemplateDate(date.getTime()).toString();
  const f = fieldsIn(date, timezone);
  return tokens(format)
    .map((token) => (token.letter ? field(token.letter, token.width, f) : token.text))
    .join("");
}

/** A date read from text: "epoch", "unix", a Java pattern of numeric fields, or ISO 8601 / RFC 1123. */
export function parseDate(text: string, format: string | undefined): TemplateDate {
  if (format === "epoch") return new TemplateDate(Number(text));
  if (format === "unix") return new TemplateDate(Number(text) * 1000);
  if (!format) {
    const time = Date.parse(/^\d{4}-\d{2}-\d{2}$/.test(text) ? `${text}T00:00:00Z` : text);
    if (Number.isNaN(time)) throw new Error(`"${text}" is not a date WireMock reads without a format`);
    return new TemplateDate(time);
  }
  const order: string[] = [];
  const source = tokens(format)
    .map((token) => {
      if (!token.letter) return token.text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
      order.push(token.letter);
      return token.letter === "S" ? "(\\d{1,9})" : `(\\d{1,${Math.max(token.width, 2)}})`;
    })
    .join("");
  const found = firstMatch(`^${source}$`, text);
  if (!found) throw new Error(`"${text}" does not have the form ${format}`);
  const value = (letter: string, otherwise: number) => {
    const at = order.indexOf(letter);
    return at === -1 ? otherwise : Number(found[at + 1]);
  };
  const year = value("y", value("u", 1970));
  return new TemplateDate(
    Date.UTC(year < 100 && format.includes("yy") && !format.includes("yyy") ? 2000 + year : year, value("M", 1) - 1, value("d", 1), value("H", 0), value("m", 0), value("s", 0), value("S", 0)),
  );
}
