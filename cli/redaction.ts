/**
 * What `mcoin record` hides before a recording (or a HAR) reaches the disk, and the scan that makes
 * sure nothing slipped through.
 *
 * Redaction rules are data: a name, what they match (field names, header names, a value pattern) and
 * the placeholder put in their place. `<token>`, `<cust>` and `<code>` are the placeholders a replay
 * fills back in; everything else becomes `<redacted:NAME>`. Engineers add rules with a JSON file
 * (`--redact-rules`) or one field at a time (`--redact-field`). Built in besides the names: e-mail
 * addresses, card numbers (Luhn-checked) and phone numbers, anywhere in a text.
 *
 * Redaction goes by value too (`KnownSecrets`): a value a rule hides where it first shows (a token in a
 * sign-in's reply or an Authorization header) is hidden wherever it turns up afterwards, whatever the
 * field, header, query, path or text (docs/decisions/008-redaction-by-value.md).
 *
 * `findSecrets` is the second line: it looks at the finished document for anything that still looks
 * like a secret (JWTs, bearer tokens, PEM blocks, phone numbers, e-mail addresses, card numbers, long
 * hex or base64 runs, a value under a sensitive name, a secret the recorder learnt) and says where,
 * without repeating the secret.
 */
import { readFileSync } from "node:fs";
import { z } from "zod";
import { usageError } from "./errors";

/** Where a rule applies: the query, the request headers, the request body, the reply body. */
export const SCOPES = ["query", "headers", "request", "response"] as const;
export type Scope = (typeof SCOPES)[number];

/** Tells a regular expression that compiles, and does not match an empty text (it would match everywhere). */
function patternProblem(source: string): string | undefined {
  let regex: RegExp;
  try {
    regex = new RegExp(source);
  } catch (error) {
    return `not a valid regular expression (${(error as Error).message})`;
  }
  return regex.test("") ? "matches an empty text, so it would match everywhere" : undefined;
}

export const RedactionRuleSchema = z
  .strictObject({
    /** Names the rule in messages and in its default placeholder `<redacted:NAME>`. */
    name: z.string().regex(/^[a-z0-9][a-z0-9-]*$/, "a name is lower-case letters, digits and dashes, e.g. member-id"),
    description: z.string().optional(),
    /** Field names in the query and in bodies; case, `_` and `-` do not matter (access_token is accessToken). */
    fields: z.array(z.string().min(1, "a field name is not empty")).optional(),
    /** Header names, whatever their case. */
    headers: z.array(z.string().min(1, "a header name is not empty")).optional(),
    /** A regular expression (JavaScript syntax); each match inside any text is replaced. */
    pattern: z
      .string()
      .superRefine((source, context) => {
        const problem = patternProblem(source);
        if (problem) context.addIssue({ code: "custom", message: problem });
      })
      .optional(),
    /** What replaces the value (default `<redacted:NAME>`). */
    placeholder: z.string().min(1, "a placeholder is not empty").optional(),
    /** Only there (default: everywhere). */
    in: z.array(z.enum(SCOPES)).min(1).optional(),
  })
  .refine((rule) => Boolean(rule.fields?.length || rule.headers?.length || rule.pattern), {
    message: "a rule needs fields, headers or a pattern to match",
  });

/**
 * A rule as written in a rules file, or a built-in one, which may add a check on a pattern's match
 * that a regular expression cannot make (the card number's Luhn digit).
 */
export type RedactionRule = z.infer<typeof RedactionRuleSchema> & { accept?: (match: string) => boolean };

export const RulesFileSchema = z
  .strictObject({
    $comment: z.string().optional(),
    rules: z.array(RedactionRuleSchema),
  })
  .superRefine((file, context) => {
    const seen = new Set<string>();
    file.rules.forEach((rule, index) => {
      if (seen.has(rule.name)) context.addIssue({ code: "custom", path: ["rules", index, "name"], message: `the name ${rule.name} is used twice` });
      seen.add(rule.name);
    });
  });

/**
 * A phone number of Macau or Hong Kong (+853/+852 and 8 digits) or the mainland (+86 and 11 digits),
 * with or without the code, as it appears in text (groups of four may be split by a space or a dash),
 * or any other country's in international form (`+`, the country code, 8 to 15 digits in all, in
 * groups, the area code perhaps in brackets). Without a code only mobile-like prefixes count, so
 * dates (20261015), prices and ids do not; an order number (12 digits) is not cut into one either.
 */
export const PHONE_PATTERN = String.raw`(?<![\w+./-])(?:(?:\+|00)(?:853|852)[ -]?\d{4}[ -]?\d{4}|(?:\+|00)86[ -]?1\d{2}[ -]?\d{4}[ -]?\d{4}|\+(?!85[23]|86)[1-9]\d{0,2}(?:[ -]?\(\d{1,4}\))?(?:[ -]?\d{1,5}){2,6}|(?:6\d{3}|28\d{2}|[59]\d{3})[ -]?\d{4}|1[3-9]\d[ -]?\d{4}[ -]?\d{4})(?![\w]|[.-]\d)`;

/** An international number has 8 to 15 digits with its country code (E.164); the local forms are fixed by the pattern. */
export function isPhoneNumber(match: string): boolean {
  const digits = match.replace(/\D/g, "").length;
  return !match.startsWith("+") || /^\+(?:85[23]|86)/.test(match) || (digits >= 8 && digits <= 15);
}

/**
 * An e-mail address: a local part, `@`, and a domain with a dot and a top-level name of letters,
 * which is not a file's extension (`icon@2x.png` is a picture).
 */
export const EMAIL_PATTERN = String.raw`(?<![\w.%+-])[A-Za-z0-9][\w.%+-]*@[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)*\.(?!(?:png|jpe?g|gif|svg|webp|avif|ico|css|m?js|json|html?|xml|pdf|txt|map)(?![\w-]))[A-Za-z]{2,24}(?![\w-])`;

/** 13 to 19 digits, perhaps in groups split by spaces or dashes; `isCardNumber` decides. */
export const CARD_PATTERN = String.raw`(?<![\w+./-])\d(?:[ -]?\d){12,18}(?![\w]|[.-]\d)`;

/**
 * A payment card number: a card network's first digits (3 for Amex, Diners and JCB, 4 Visa, 5 and
 * 2221 to 2720 Mastercard, 6 Discover and UnionPay), one kind of separator at most, and a valid Luhn
 * check digit. So a 13-digit epoch time (it starts with 1), a 12-digit order number and a 16-digit
 * number whose check digit is wrong are not cards.
 */
export function isCardNumber(match: string): boolean {
  const digits = match.replace(/\D/g, "");
  if (digits.length < 13 || digits.length > 19 || new Set(match.replace(/\d/g, "")).size > 1) return false;
  const prefix = Number(digits.slice(0, 4));
  if (!/^[3-6]/.test(digits) && !(prefix >= 2221 && prefix <= 2720)) return false;
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) digit = digit * 2 > 9 ? digit * 2 - 9 : digit * 2;
    sum += digit;
  }
  return sum % 10 === 0;
}

const JWT_PATTERN = String.raw`(?<![\w-])eyJ[\w-]{5,}\.[\w-]{5,}\.[\w-]*`;
const BEARER_PATTERN = String.raw`\b[Bb]earer\s+(?!<)[\w.~+/=-]{6,}`;
const PEM_PATTERN = String.raw`-----BEGIN ([A-Z0-9 ]+)-----[\s\S]*?(?:-----END \1-----|$)`;

/** The rules every recording goes through. */
export const DEFAULT_RULES: readonly RedactionRule[] = [
  {
    name: "token",
    description: "session, bearer, access and refresh tokens (replay fills in <token>)",
    fields: ["token", "access_token", "refresh_token", "session_token", "auth_token", "id_token", "bearer_token", "authorization"],
    headers: ["authorization", "proxy-authorization", "x-auth-token", "x-access-token"],
    placeholder: "<token>",
  },
  {
    name: "password",
    description: "passwords and PINs (as <token>, as recordings always had them)",
    fields: ["password", "passwd", "pass_word", "pin"],
    placeholder: "<token>",
  },
  {
    name: "secret",
    description: "signing secrets and client secrets (as <token>, as recordings always had them)",
    fields: ["secret", "client_secret", "sign_secret", "app_secret", "notify_secret"],
    placeholder: "<token>",
  },
  {
    name: "key",
    description: "symmetric keys, the Encrypt header, private and public keys, API keys",
    fields: ["symmetric_key", "private_key", "public_key", "api_key", "app_key", "secret_key", "aes_key", "md5_key", "encrypt"],
    headers: ["encrypt", "x-api-key", "api-key"],
  },
  {
    name: "signature",
    description: "the gateway's Signature header, signature fields, the wallet's Wallet-Signature HMAC",
    fields: ["signature", "sign", "wallet_signature"],
    headers: ["signature", "wallet-signature", "x-signature"],
  },
  {
    name: "customer",
    description: "the task center's member ciphertext (replay fills in <cust>)",
    fields: ["cust_id_ciphertext"],
    headers: ["token"],
    placeholder: "<cust>",
  },
  {
    name: "login-code",
    description: "a login's single-use code, in the query only (elsewhere code is a reply code)",
    fields: ["code"],
    in: ["query"],
    placeholder: "<code>",
  },
  // Before phone: a card's first eight digits in two groups would pass for a Macau number.
  { name: "card", description: "a payment card number anywhere in a text (Luhn-checked)", pattern: CARD_PATTERN, accept: isCardNumber },
  {
    name: "phone",
    description: "fields named mobile, phone or tel, and anything that looks like a phone number",
    fields: ["mobile", "phone", "tel", "telephone", "mobile_phone", "phone_number", "mobile_number", "mobile_no", "phone_no", "cellphone", "contact_phone"],
    pattern: PHONE_PATTERN,
    accept: isPhoneNumber,
  },
  { name: "email", description: "fields named email, and any e-mail address in a text", fields: ["email", "e_mail", "mail"], pattern: EMAIL_PATTERN },
  { name: "cookie", description: "cookies, which carry sessions", headers: ["cookie", "set-cookie"] },
  {
    name: "trace-id",
    description: "request and trace ids and ETags: not secrets, but hex runs the scan would refuse",
    headers: ["x-request-id", "x-correlation-id", "x-trace-id", "traceparent", "tracestate", "x-amzn-trace-id", "etag", "if-none-match"],
  },
  { name: "jwt", description: "a JSON Web Token anywhere in a text", pattern: JWT_PATTERN, placeholder: "<token>" },
  { name: "bearer", description: "a bearer token anywhere in a text", pattern: BEARER_PATTERN, placeholder: "Bearer <token>" },
  { name: "pem", description: "a PEM block (a private or public key, a certificate)", pattern: PEM_PATTERN, placeholder: "<redacted:key>" },
];

/** Field names compare without case, `_` or `-`: access_token, accessToken and Access-Token are one. */
export function normalizeName(name: string): string {
  return name.toLowerCase().replace(/[-_]/g, "");
}

export function placeholderOf(rule: RedactionRule): string {
  return rule.placeholder ?? `<redacted:${rule.name}>`;
}

/** A rule for one field named on the command line (`--redact-field NAME`). */
export function fieldRule(field: string): RedactionRule {
  const name = normalizeName(field).replace(/[^a-z0-9]/g, "") || "field";
  return { name, fields: [field] };
}

/** Reads a `--redact-rules` file; bad input is a usage error that names the file and the place. */
export function loadRulesFile(file: string): RedactionRule[] {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch {
    throw usageError(`cannot read the redaction rules ${file}`);
  }
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (error) {
    throw usageError(`the redaction rules ${file} are not JSON (${(error as Error).message})`);
  }
  const parsed = RulesFileSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue?.path.length
      ? `${issue.path
          .map((part) => (typeof part === "number" ? `[${part}]` : `.${String(part)}`))
          .join("")
          .replace(/^\./, "")}: `
      : "";
    throw usageError(
      `the redaction rules ${file} are not valid: ${where}${issue?.message ?? "invalid"}`,
      'a rules file is {"rules": [{"name": "member-id", "fields": ["openId"]}, {"name": "staff-card", "pattern": "SC-\\\\d{6}"}]}',
    );
  }
  return parsed.data.rules;
}

/** The default rules and the extra ones (the extra ones first, so they win on a shared name). */
export function rulesWith(extra: readonly RedactionRule[] = []): RedactionRule[] {
  return [...extra, ...DEFAULT_RULES];
}

interface CompiledRules {
  fields: Map<string, RedactionRule>;
  headers: Map<string, RedactionRule>;
  patterns: { rule: RedactionRule; regex: RegExp }[];
}

const compiledCache = new WeakMap<readonly RedactionRule[], Map<Scope, CompiledRules>>();

/** The rules that apply in one scope, indexed for lookup (first rule wins). */
function compile(rules: readonly RedactionRule[], scope: Scope): CompiledRules {
  let byScope = compiledCache.get(rules);
  if (!byScope) compiledCache.set(rules, (byScope = new Map()));
  const cached = byScope.get(scope);
  if (cached) return cached;
  const compiled: CompiledRules = { fields: new Map(), headers: new Map(), patterns: [] };
  for (const rule of rules) {
    if (rule.in && !rule.in.includes(scope)) continue;
    for (const field of rule.fields ?? []) if (!compiled.fields.has(normalizeName(field))) compiled.fields.set(normalizeName(field), rule);
    for (const header of rule.headers ?? []) if (!compiled.headers.has(header.toLowerCase())) compiled.headers.set(header.toLowerCase(), rule);
    if (rule.pattern) compiled.patterns.push({ rule, regex: new RegExp(rule.pattern, "g") });
  }
  byScope.set(scope, compiled);
  return compiled;
}

/** One replaced value: where (path segments from the redacted value's root) and by which rule. */
export interface Redaction {
  path: (string | number)[];
  rule: string;
  placeholder: string;
  /** The whole value was replaced (a field or header rule), not a part of a text (a pattern). */
  whole: boolean;
}

export interface Redacted<T = unknown> {
  value: T;
  redactions: Redaction[];
}

const PLACEHOLDER_TEXT = /<[A-Za-z][\w:.-]*>/g;

/** True when a text is only placeholders (`<token>`, `Bearer <token>`, `<redacted:phone>`): nothing left to hide. */
export function isPlaceholderOnly(text: string): boolean {
  return (
    text
      .replace(PLACEHOLDER_TEXT, "")
      .replace(/\bBearer\b/g, "")
      .trim() === ""
  );
}

/** Replaces every pattern match inside a text (that the rule's check accepts); the rules that matched. */
function redactText(text: string, compiled: CompiledRules): { text: string; rules: RedactionRule[] } {
  const matched: RedactionRule[] = [];
  let out = text;
  for (const { rule, regex } of compiled.patterns) {
    regex.lastIndex = 0;
    if (!regex.test(out)) continue;
    regex.lastIndex = 0;
    let hit = false;
    out = out.replace(regex, (match) => {
      if (rule.accept && !rule.accept(match)) return match;
      hit = true;
      return placeholderOf(rule);
    });
    if (hit) matched.push(rule);
  }
  return { text: out, rules: matched };
}

// ---------------------------------------------------------------------------------------------
// Redaction by value.

/** The placeholders a replay fills back in: a secret known under one of them keeps it. */
export const FILLED_IN_PLACEHOLDERS: ReadonlySet<string> = new Set(["<token>", "<cust>", "<code>"]);

/**
 * Shorter values are hidden where their rule names them but not hunted elsewhere: a 4-digit PIN or
 * the sandbox's `C1` would otherwise turn up inside prices, ids and words.
 */
export const MIN_KNOWN_SECRET_LENGTH = 8;

/**
 * Rules whose values are not secrets (request and trace ids): redacted where they stand, never
 * hunted elsewhere, as idempotency keys and nonces are not (docs/decisions/008-redaction-by-value.md).
 */
const NOT_SECRET_RULES: ReadonlySet<string> = new Set(["trace-id"]);

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

  get size(): number {
    return this.placeholders.size;
  }

  /**
   * Remembers a secret (and its URL- and JSON-escaped spellings) under a placeholder; the first
   * placeholder stays, unless a later one is one a replay fills in. True when something was new.
   */
  learn(secret: string, placeholder: string): boolean {
    const text = secret.trim();
    if (text.length < MIN_KNOWN_SECRET_LENGTH || isPlaceholderOnly(text)) return false;
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
        const rule = compiled.fields.get(normalizeName(key));
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

/**
 * Replaces the known secrets in every text of a value (keys too): a text that was wholly a secret
 * becomes its placeholder (`<token>`, which a replay fills in), a part of a text the placeholder text.
 */
export function redactKnown<T>(value: T, known: KnownSecrets): Redacted<T> {
  const redactions: Redaction[] = [];
  const walk = (node: unknown, path: (string | number)[]): unknown => {
    if (typeof node === "string") {
      const whole = known.placeholderFor(node.trim());
      if (whole !== undefined) {
        redactions.push({ path, rule: "known-secret", placeholder: whole, whole: true });
        return whole;
      }
      const { text, placeholders } = known.replaceIn(node);
      for (const placeholder of placeholders) redactions.push({ path, rule: "known-secret", placeholder, whole: false });
      return text;
    }
    if (Array.isArray(node)) return node.map((item, index) => walk(item, [...path, index]));
    if (node && typeof node === "object") {
      const out: Record<string, unknown> = {};
      for (const [key, child] of Object.entries(node)) out[known.replaceIn(key).text] = walk(child, [...path, key]);
      return out;
    }
    return node;
  };
  return { value: walk(value, []) as T, redactions };
}

/** A sensitive value is a non-empty text or number that is not already a placeholder. */
function isSensitiveValue(value: unknown): value is string | number {
  return (typeof value === "string" && value !== "" && !isPlaceholderOnly(value)) || typeof value === "number";
}

/**
 * Applies the rules of one scope to a query, body or reply: a value under a matching field name is
 * replaced whole, and pattern matches inside any text are replaced where they are. With the secrets
 * known so far, each is replaced in any text first: a text that is wholly one becomes its placeholder.
 */
export function redactValue(value: unknown, rules: readonly RedactionRule[], scope: Scope, known?: KnownSecrets): Redacted {
  const compiled = compile(rules, scope);
  const redactions: Redaction[] = [];
  const walk = (node: unknown, path: (string | number)[]): unknown => {
    if (typeof node === "string") {
      let current = node;
      if (known) {
        const whole = known.placeholderFor(node.trim());
        if (whole !== undefined) {
          redactions.push({ path, rule: "known-secret", placeholder: whole, whole: true });
          return whole;
        }
        const byValue = known.replaceIn(node);
        for (const placeholder of byValue.placeholders) redactions.push({ path, rule: "known-secret", placeholder, whole: false });
        current = byValue.text;
      }
      const { text, rules: matched } = redactText(current, compiled);
      for (const rule of matched) redactions.push({ path, rule: rule.name, placeholder: placeholderOf(rule), whole: false });
      return text;
    }
    if (Array.isArray(node)) return node.map((item, index) => walk(item, [...path, index]));
    if (node && typeof node === "object") {
      const out: Record<string, unknown> = {};
      for (const [key, child] of Object.entries(node)) {
        const rule = compiled.fields.get(normalizeName(key));
        const name = known ? known.replaceIn(key).text : key;
        if (rule && isSensitiveValue(child)) {
          out[name] = placeholderOf(rule);
          redactions.push({ path: [...path, key], rule: rule.name, placeholder: placeholderOf(rule), whole: true });
        } else {
          out[name] = walk(child, [...path, key]);
        }
      }
      return out;
    }
    return node;
  };
  return { value: walk(value, []), redactions };
}

/** An authorization value keeps its scheme (`Bearer <token>`), so a reader still knows what it was. */
function headerPlaceholder(rule: RedactionRule, value: string): string {
  const scheme = /^(Bearer|Basic|Token|Digest)\s+/i.exec(value);
  return scheme && placeholderOf(rule) === "<token>" ? `${scheme[1]} <token>` : placeholderOf(rule);
}

/** Applies the rules to headers: a matching header name replaces the whole value, patterns the rest. */
export function redactHeaders(headers: Record<string, string>, rules: readonly RedactionRule[], known?: KnownSecrets): Redacted<Record<string, string>> {
  const compiled = compile(rules, "headers");
  const redactions: Redaction[] = [];
  const out: Record<string, string> = {};
  for (const [name, original] of Object.entries(headers)) {
    const rule = compiled.headers.get(name.toLowerCase());
    // A known secret keeps its scheme too: `Bearer <token>`.
    const byValue: { text: string; placeholders: string[] } = known && !rule ? known.replaceIn(original) : { text: original, placeholders: [] };
    for (const placeholder of byValue.placeholders) redactions.push({ path: [name], rule: "known-secret", placeholder, whole: byValue.text === placeholder });
    const value = byValue.text;
    if (rule && isSensitiveValue(value)) {
      out[name] = headerPlaceholder(rule, value);
      redactions.push({ path: [name], rule: rule.name, placeholder: placeholderOf(rule), whole: true });
      continue;
    }
    const { text, rules: matched } = redactText(value, compiled);
    for (const match of matched) redactions.push({ path: [name], rule: match.name, placeholder: placeholderOf(match), whole: false });
    out[name] = text;
  }
  return { value: out, redactions };
}

/** A JSONPath for path segments: `$.data.list[0].mobile`, `$['accept-language']`. */
export function jsonPath(path: readonly (string | number)[]): string {
  return `$${path.map((part) => (typeof part === "number" ? `[${part}]` : /^[A-Za-z_$][\w$]*$/.test(part) ? `.${part}` : `['${part.replace(/\\/g, "\\\\").replace(/'/g, "\\'")}']`)).join("")}`;
}

// ---------------------------------------------------------------------------------------------
// The scan.

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

/**
 * Names whose values are random but not secrets: idempotency keys (a replay mints its own), nonces,
 * request and trace ids. A value under one is still checked by the other patterns (a JWT is a JWT).
 */
const NOT_SECRET_NAMES: ReadonlySet<string> = new Set(
  [
    "idempotency-key",
    "x-idempotency-key",
    "nonce",
    "nonce-str",
    "x-nonce",
    "request-id",
    "x-request-id",
    "x-correlation-id",
    "x-trace-id",
    "trace-id",
    "traceparent",
    "tracestate",
    "x-amzn-trace-id",
    "etag",
    "if-none-match",
  ].map(normalizeName),
);

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
    for (const name of [...(rule.fields ?? []), ...(rule.headers ?? [])]) if (!names.has(normalizeName(name))) names.set(normalizeName(name), rule.name);
  }
  return names;
}

/** A text holding a JSON object or array (a HAR's comments, the Signature header): scanned inside. */
function embeddedJson(text: string): unknown {
  const trimmed = text.trim();
  if (!(trimmed.startsWith("{") && trimmed.endsWith("}")) && !(trimmed.startsWith("[") && trimmed.endsWith("]"))) return undefined;
  try {
    return JSON.parse(trimmed);
  } catch {
    return undefined;
  }
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
    // `needs` names whom a recording acts as, by the recorder's own choice (cli/recorder.ts), not a secret it saw.
    const known = path.startsWith("$.needs") ? undefined : options.known?.occursIn(text);
    if (known !== undefined) report("known-secret", path, known);
    const random = under !== undefined && NOT_SECRET_NAMES.has(normalizeName(under));
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
    const rule = names.get(normalizeName(name));
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
