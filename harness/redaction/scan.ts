/**
 * The scan, the second line behind redaction: it looks at a finished document (a recording, a HAR,
 * any JSON value) for anything that still looks like a secret (JWTs, bearer tokens, PEM blocks, phone
 * numbers, e-mail addresses, card numbers, long hex or base64 runs, a value under a sensitive name, a
 * secret the recorder learnt) and says where, without repeating the secret. The recorder refuses to
 * write a document it finds something in.
 */
import { RANDOM_NOT_SECRET_NAMES, fieldKey, jsonPath } from "#harness/recording";
import type { KnownSecrets } from "./known-secrets";
import {
  BEARER_PATTERN,
  CARD_PATTERN,
  DEFAULT_RULES,
  EMAIL_PATTERN,
  JWT_PATTERN,
  NOT_SECRET_RULES,
  PHONE_PATTERN,
  embeddedJson,
  isCardNumber,
  isPhoneNumber,
  isSensitiveValue,
  type RedactionRule,
} from "./rules";

/** A secret that survived: which pattern, where (a JSONPath), and a masked excerpt of it. */
export interface Finding {
  pattern: string;
  path: string;
  excerpt: string;
}

export interface ScanOptions {
  /** Rules whose field and header names count as sensitive (default: the default rules). */
  rules?: readonly RedactionRule[];
  /** Texts known not to be secrets (the sandbox's made-up demo data); a finding of exactly one is dropped. */
  allow?: ReadonlySet<string>;
  /** The secrets the recorder saw: any still found is a finding (`known-secret`). */
  known?: KnownSecrets;
}

interface SecretPattern {
  name: string;
  regex: RegExp;
  /** A further check on the match, to keep ordinary data out. */
  accept?: (match: string) => boolean;
}

/** Bits per character: random keys and signatures are near the top, words and paths well below. */
function entropy(text: string): number {
  const counts = new Map<string, number>();
  for (const char of text) counts.set(char, (counts.get(char) ?? 0) + 1);
  let bits = 0;
  for (const count of counts.values()) bits -= (count / text.length) * Math.log2(count / text.length);
  return bits;
}

const hasMixedCase = (text: string) => /[a-z]/.test(text) && /[A-Z]/.test(text) && /\d/.test(text);

/** What still looks like a secret in a finished document. */
export const SECRET_PATTERNS: readonly SecretPattern[] = [
  { name: "pem-block", regex: /-----BEGIN [A-Z0-9 ]+-----/g },
  { name: "jwt", regex: new RegExp(JWT_PATTERN, "g") },
  { name: "bearer-token", regex: new RegExp(BEARER_PATTERN, "g") },
  // Before phone-number, which would see a Mastercard's first eight digits as a Macau number.
  { name: "card-number", regex: new RegExp(CARD_PATTERN, "g"), accept: isCardNumber },
  { name: "phone-number", regex: new RegExp(PHONE_PATTERN, "g"), accept: isPhoneNumber },
  { name: "email-address", regex: new RegExp(EMAIL_PATTERN, "g") },
  // An MD5 or SHA signature, an HMAC, a hex key: 32 hex digits or more, letters and digits both.
  { name: "hex-run", regex: /(?<![0-9A-Za-z])[0-9A-Fa-f]{32,}(?![0-9A-Za-z])/g, accept: (match) => /[A-Fa-f]/.test(match) && /\d/.test(match) },
  // A key, a ciphertext or a token in base64 or base64url: long, mixed, close to random.
  {
    name: "base64-run",
    regex: /(?<![\w+/=-])[A-Za-z0-9+/_-]{32,}={0,2}(?![\w+/=-])/g,
    accept: (match) => hasMixedCase(match) && !/^[\w-]+(\/[\w-]+)+$/.test(match) && entropy(match) >= 4.2,
  },
];

/** The patterns that only say "random": under a name that holds random values that are not secrets, they are not findings. */
const RANDOM_RUNS: ReadonlySet<string> = new Set(["hex-run", "base64-run"]);

/** The pattern rules a rules file adds (those that apply everywhere): what they match is a secret too. */
function extraPatterns(rules: readonly RedactionRule[]): SecretPattern[] {
  return rules.filter((rule) => rule.pattern && !rule.in && !DEFAULT_RULES.includes(rule)).map((rule) => ({ name: `rule:${rule.name}`, regex: new RegExp(rule.pattern!, "g"), accept: rule.accept }));
}

/** A secret shown without giving it away: its first and last characters and its length. */
export function mask(secret: string): string {
  const compact = secret.replace(/\s+/g, " ");
  if (compact.length <= 6) return `${compact.slice(0, 1)}… (${compact.length} chars)`;
  if (compact.length <= 12) return `${compact.slice(0, 2)}… (${compact.length} chars)`;
  return `${compact.slice(0, 4)}…${compact.slice(-2)} (${compact.length} chars)`;
}

/** The field and header names that must hold nothing but placeholders, from rules that apply everywhere. */
function sensitiveNames(rules: readonly RedactionRule[]): Map<string, string> {
  const names = new Map<string, string>();
  for (const rule of rules) {
    if (rule.in || NOT_SECRET_RULES.has(rule.name)) continue;
    for (const name of [...(rule.fields ?? []), ...(rule.headers ?? [])]) if (!names.has(fieldKey(name))) names.set(fieldKey(name), rule.name);
  }
  return names;
}

/**
 * Where names are data: a recording's query, headers and bodies (its own keys, such as `name` and
 * `status`, are the format's). A HAR's structure is the format's too; its headers and query pairs
 * and the JSON in its texts are data. Anything else is data throughout.
 */
function dataSections(document: unknown): Set<string> | null {
  if (!document || typeof document !== "object" || Array.isArray(document)) return null;
  const record = document as Record<string, unknown>;
  if (record.log && typeof record.log === "object" && Array.isArray((record.log as { entries?: unknown }).entries)) return new Set();
  if (typeof record.kind === "string" && record.request && typeof record.request === "object" && record.response && typeof record.response === "object") {
    return new Set(["$.request.query", "$.request.headers", "$.request.body", "$.response.body"]);
  }
  return null;
}

/**
 * Finds what still looks like a secret in a document (a recording, a HAR, any JSON value): pattern
 * matches in any text or key, and any value under a sensitive field name (or a HAR header
 * `{name, value}` with a sensitive name) that is not a placeholder. JSON held in a text is scanned too.
 */
export function findSecrets(value: unknown, options: ScanOptions = {}): Finding[] {
  const names = sensitiveNames(options.rules ?? DEFAULT_RULES);
  const patterns = [...SECRET_PATTERNS, ...extraPatterns(options.rules ?? DEFAULT_RULES)];
  const allow = options.allow ?? new Set<string>();
  const sections = dataSections(value);
  const findings: Finding[] = [];
  const report = (pattern: string, path: string, secret: string) => {
    if (!allow.has(secret)) findings.push({ pattern, path, excerpt: mask(secret) });
  };
  const scanText = (text: string, path: string, under?: string) => {
    if (/^data:[\w.+-]+\/[\w.+-]+;base64,/.test(text)) return; // an inline image, not a secret
    const inner = embeddedJson(text);
    if (inner !== undefined) return walk(inner, [], `${path} → `, true);
    // `needs` names whom a recording acts as, by the recorder's own choice (harness/record/roles.ts), not a secret it saw.
    const known = path.startsWith("$.needs") ? undefined : options.known?.occursIn(text);
    if (known !== undefined) report("known-secret", path, known);
    const random = under !== undefined && RANDOM_NOT_SECRET_NAMES.has(fieldKey(under));
    // A secret is reported by the first pattern that sees it (a JWT is not a base64 run too).
    const covered: [number, number][] = [];
    for (const { name, regex, accept } of patterns) {
      if (random && RANDOM_RUNS.has(name)) continue;
      regex.lastIndex = 0;
      for (const match of text.matchAll(regex)) {
        const [start, end] = [match.index, match.index + match[0].length];
        if (covered.some(([from, to]) => start < to && end > from) || (accept && !accept(match[0]))) continue;
        covered.push([start, end]);
        report(name, path, match[0]);
      }
    }
  };
  const checkName = (name: string, child: unknown, path: string) => {
    const rule = names.get(fieldKey(name));
    if (rule && isSensitiveValue(child)) report(`sensitive-field:${rule}`, path, String(child));
  };
  const walk = (node: unknown, path: (string | number)[], prefix: string, data: boolean, under?: string): void => {
    const here = `${prefix}${jsonPath(path)}`;
    const isData = data || (prefix === "" && sections?.has(here) === true);
    if (typeof node === "string") return scanText(node, here, under);
    if (Array.isArray(node)) return node.forEach((item, index) => walk(item, [...path, index], prefix, isData, under));
    if (!node || typeof node !== "object") return;
    const record = node as Record<string, unknown>;
    // A HAR header or query pair: {name, value}.
    const pairName = typeof record.name === "string" && "value" in record ? record.name : undefined;
    if (pairName !== undefined) checkName(pairName, record.value, `${prefix}${jsonPath([...path, "value"])}`);
    for (const [key, child] of Object.entries(record)) {
      scanText(key, `${prefix}${jsonPath([...path, key])} (the name)`);
      if (isData) checkName(key, child, `${prefix}${jsonPath([...path, key])}`);
      walk(child, [...path, key], prefix, isData, key === "value" && pairName !== undefined ? pairName : key);
    }
  };
  walk(value, [], "", sections === null);
  // One secret is reported once per place, by its first pattern.
  const seen = new Set<string>();
  return findings.filter((finding) => {
    const key = `${finding.path}\u0000${finding.excerpt}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** Findings as lines for a person: `phone-number at $.response.body.data.mobile: 66… (8 chars)`. */
export function describeFindings(findings: readonly Finding[]): string[] {
  return findings.map((finding) => `${finding.pattern} at ${finding.path}: ${finding.excerpt}`);
}
