/**
 * Redaction by value (docs/decisions/008-redaction-by-value.md): a value a rule hides where it first
 * shows (a token in a sign-in's reply or an Authorization header, a cookie, a customer ciphertext, a
 * login code, a key, a signature) is remembered with its placeholder, and hidden wherever it turns up
 * afterwards, whatever the field, header, query, path or text. The texts stay in memory only. A
 * secret known under a placeholder a replay fills in keeps that placeholder.
 */
import { FILLED_IN_PLACEHOLDERS, fieldKey, isPlaceholderOnly } from "#harness/recording";
import { NOT_SECRET_RULES, compile, embeddedJson, isSensitiveValue, placeholderOf, type RedactionRule, type Scope } from "./rules";

/**
 * Shorter values are hidden where their rule names them but not hunted elsewhere: a 4-digit PIN or
 * the sandbox's `C1` would otherwise turn up inside prices, ids and words.
 */
export const MIN_KNOWN_SECRET_LENGTH = 8;

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/**
 * The secret values seen so far in a recording session (a session token from a login reply or an
 * Authorization header, a cookie, a customer ciphertext, a login code, a key, a signature), each
 * with its placeholder: every later occurrence, whatever the field, header, query, path or text,
 * is replaced by it. The texts themselves stay in memory only.
 */
export class KnownSecrets {
  private readonly placeholders = new Map<string, string>();
  private matcher: RegExp | null = null;

  /** @param exempt texts never learnt: made-up data kept as it is (harness/redaction/pseudonyms.ts). */
  constructor(private readonly exempt?: (text: string) => boolean) {}

  get size(): number {
    return this.placeholders.size;
  }

  /**
   * Remembers a secret (and its URL- and JSON-escaped spellings) under a placeholder; the first
   * placeholder stays, unless a later one is one a replay fills in. True when something was new.
   */
  learn(secret: string, placeholder: string): boolean {
    const text = secret.trim();
    if (text.length < MIN_KNOWN_SECRET_LENGTH || isPlaceholderOnly(text) || this.exempt?.(text)) return false;
    let added = false;
    for (const spelling of new Set([text, encodeURIComponent(text), JSON.stringify(text).slice(1, -1)])) {
      const current = this.placeholders.get(spelling);
      if (current === placeholder || (current !== undefined && (FILLED_IN_PLACEHOLDERS.has(current) || !FILLED_IN_PLACEHOLDERS.has(placeholder)))) continue;
      this.placeholders.set(spelling, placeholder);
      added = true;
    }
    if (added) this.matcher = null;
    return added;
  }

  /** The placeholder of a text that is wholly one secret. */
  placeholderFor(text: string): string | undefined {
    return this.placeholders.get(text);
  }

  /**
   * Replaces every occurrence of a known secret that is not part of a longer run of letters and
   * digits (so a known 8-digit number is not cut out of an order number); the placeholders used.
   */
  replaceIn(text: string): { text: string; placeholders: string[] } {
    if (this.placeholders.size === 0 || text === "") return { text, placeholders: [] };
    // The longest first, so a secret that holds another is replaced whole.
    this.matcher ??= new RegExp(
      `(?<![A-Za-z0-9])(?:${[...this.placeholders.keys()]
        .sort((a, b) => b.length - a.length)
        .map(escapeRegExp)
        .join("|")})(?![A-Za-z0-9])`,
      "g",
    );
    const used: string[] = [];
    const out = text.replace(this.matcher, (match) => {
      const placeholder = this.placeholders.get(match) ?? "<redacted>";
      used.push(placeholder);
      return placeholder;
    });
    return { text: out, placeholders: [...new Set(used)] };
  }

  /** Where a known secret is still found in a text, for the scan (the secret itself is not returned). */
  occursIn(text: string): string | undefined {
    for (const secret of this.placeholders.keys()) if (text.includes(secret)) return secret;
    return undefined;
  }

  /**
   * Learns the secrets in a query, body or reply: values under a field a rule names, the token of a
   * JWT or `Bearer …` in a text, and the same inside JSON held in a text (the Encrypt and Signature
   * headers).
   */
  learnFrom(value: unknown, rules: readonly RedactionRule[], scope: Scope): void {
    const compiled = compile(rules, scope);
    const walk = (node: unknown): void => {
      if (typeof node === "string") {
        const inner = embeddedJson(node);
        if (inner !== undefined) return walk(inner);
        // Only what a pattern hides as a credential (`<token>`, `Bearer <token>`): an e-mail address or
        // a phone number is found by its pattern wherever it is anyway.
        for (const { rule, regex } of compiled.patterns) {
          const fill = [...FILLED_IN_PLACEHOLDERS].find((placeholder) => placeholderOf(rule).includes(placeholder));
          if (!fill || NOT_SECRET_RULES.has(rule.name)) continue;
          regex.lastIndex = 0;
          for (const match of node.matchAll(regex)) if (!rule.accept || rule.accept(match[0])) this.learn(withoutScheme(match[0]), fill);
        }
        return;
      }
      if (Array.isArray(node)) return node.forEach(walk);
      if (!node || typeof node !== "object") return;
      for (const [key, child] of Object.entries(node)) {
        const rule = compiled.fields.get(fieldKey(key));
        if (rule && !NOT_SECRET_RULES.has(rule.name) && isSensitiveValue(child)) {
          this.learn(String(child), placeholderOf(rule));
          const inner = typeof child === "string" ? embeddedJson(child) : undefined;
          if (inner !== undefined) walk(inner);
        } else {
          walk(child);
        }
      }
    };
    walk(value);
  }

  /**
   * Learns the secrets in headers: the value of a header a rule names (without its scheme: the token
   * of `Bearer …`), each cookie's value, and what the value's JSON holds; then the texts of all.
   */
  learnFromHeaders(headers: Record<string, string>, rules: readonly RedactionRule[]): void {
    const compiled = compile(rules, "headers");
    for (const [name, value] of Object.entries(headers)) {
      const rule = compiled.headers.get(name.toLowerCase());
      if (!rule || NOT_SECRET_RULES.has(rule.name) || !isSensitiveValue(value)) continue;
      const lower = name.toLowerCase();
      if (lower === "cookie" || lower === "set-cookie") {
        for (const cookie of cookieValues(value, lower === "set-cookie")) this.learn(cookie, placeholderOf(rule));
      }
      this.learn(withoutScheme(value), placeholderOf(rule));
      const inner = embeddedJson(value);
      if (inner !== undefined) this.learnFrom(inner, rules, "headers");
    }
    this.learnFrom(Object.values(headers), rules, "headers");
    // A URL in a header (Location, Referer) carries a query: a login's code, a token.
    for (const value of Object.values(headers)) {
      const query = queryOf(value);
      if (query) this.learnFrom(query, rules, "query");
    }
  }
}

/** The query of a header value that is a URL (absolute, or a path with a query), else undefined. */
function queryOf(value: string): Record<string, string> | undefined {
  if (!/^(?:https?:\/\/|\/)[^\s]*\?/i.test(value.trim())) return undefined;
  try {
    return Object.fromEntries(new URL(value.trim(), "http://header").searchParams);
  } catch {
    return undefined;
  }
}

/** `Bearer abc` → `abc`: the token is the secret, the scheme is not. */
function withoutScheme(value: string): string {
  return value.replace(/^\s*(?:Bearer|Basic|Token|Digest)\s+/i, "");
}

/** The values of a Cookie header (`a=1; b=2`) or of Set-Cookie headers (`a=1; Path=/; HttpOnly, b=2`). */
function cookieValues(header: string, set: boolean): string[] {
  const pairs = set ? header.split(/,(?=\s*[^;,=\s]+=)/).map((cookie) => cookie.split(";")[0] ?? "") : header.split(";");
  return pairs.map((pair) => decodeURIComponentSafe(pair.slice(pair.indexOf("=") + 1).trim())).filter((value) => value !== "");
}

function decodeURIComponentSafe(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
