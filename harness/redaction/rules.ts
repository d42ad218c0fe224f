/**
 * Redaction rules are data: a name, what they match (field names, header names, a value pattern) and
 * the placeholder put in their place. `<token>`, `<cust>` and `<code>` are the placeholders a replay
 * fills back in (harness/recording/placeholders.ts); everything else becomes `<redacted:NAME>`.
 * Engineers add rules with a JSON file (`--redact-rules`) or one field at a time (`--redact-field`).
 * Built in besides the names: e-mail addresses, card numbers (Luhn-checked) and phone numbers,
 * anywhere in a text. This module declares them and compiles them per scope; ./redact.ts applies
 * them, ./known-secrets.ts hunts what they hid wherever else it shows, ./scan.ts checks the result.
 */
import { readFileSync } from "node:fs";
import { z } from "zod";
import { usageError } from "#harness/errors";
import { FILLED_IN, fieldKey, isPlaceholderOnly, redactedPlaceholder } from "#harness/recording";

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

export const JWT_PATTERN = String.raw`(?<![\w-])eyJ[\w-]{5,}\.[\w-]{5,}\.[\w-]*`;
export const BEARER_PATTERN = String.raw`\b[Bb]earer\s+(?!<)[\w.~+/=-]{6,}`;
const PEM_PATTERN = String.raw`-----BEGIN ([A-Z0-9 ]+)-----[\s\S]*?(?:-----END \1-----|$)`;

/** The rules every recording goes through. */
export const DEFAULT_RULES: readonly RedactionRule[] = [
  {
    name: "token",
    description: "session, bearer, access and refresh tokens (replay fills in <token>)",
    fields: ["token", "access_token", "refresh_token", "session_token", "auth_token", "id_token", "bearer_token", "authorization"],
    headers: ["authorization", "proxy-authorization", "x-auth-token", "x-access-token"],
    placeholder: FILLED_IN.token,
  },
  {
    name: "password",
    description: "passwords and PINs (as <token>, as recordings always had them)",
    fields: ["password", "passwd", "pass_word", "pin"],
    placeholder: FILLED_IN.token,
  },
  {
    name: "secret",
    description: "signing secrets and client secrets (as <token>, as recordings always had them)",
    fields: ["secret", "client_secret", "sign_secret", "app_secret", "notify_secret"],
    placeholder: FILLED_IN.token,
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
    placeholder: FILLED_IN.cust,
  },
  {
    name: "login-code",
    description: "a login's single-use code, in the query only (elsewhere code is a reply code)",
    fields: ["code"],
    in: ["query"],
    placeholder: FILLED_IN.code,
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
  { name: "jwt", description: "a JSON Web Token anywhere in a text", pattern: JWT_PATTERN, placeholder: FILLED_IN.token },
  { name: "bearer", description: "a bearer token anywhere in a text", pattern: BEARER_PATTERN, placeholder: `Bearer ${FILLED_IN.token}` },
  { name: "pem", description: "a PEM block (a private or public key, a certificate)", pattern: PEM_PATTERN, placeholder: redactedPlaceholder("key") },
];

/** What a rule puts in place of what it hides. */
export function placeholderOf(rule: RedactionRule): string {
  return rule.placeholder ?? redactedPlaceholder(rule.name);
}

/** A rule for one field named on the command line (`--redact-field NAME`). */
export function fieldRule(field: string): RedactionRule {
  const name = fieldKey(field).replace(/[^a-z0-9]/g, "") || "field";
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

export interface CompiledRules {
  fields: Map<string, RedactionRule>;
  headers: Map<string, RedactionRule>;
  patterns: { rule: RedactionRule; regex: RegExp }[];
}

const compiledCache = new WeakMap<readonly RedactionRule[], Map<Scope, CompiledRules>>();

/** The rules that apply in one scope, indexed for lookup (first rule wins). */
export function compile(rules: readonly RedactionRule[], scope: Scope): CompiledRules {
  let byScope = compiledCache.get(rules);
  if (!byScope) compiledCache.set(rules, (byScope = new Map()));
  const cached = byScope.get(scope);
  if (cached) return cached;
  const compiled: CompiledRules = { fields: new Map(), headers: new Map(), patterns: [] };
  for (const rule of rules) {
    if (rule.in && !rule.in.includes(scope)) continue;
    for (const field of rule.fields ?? []) if (!compiled.fields.has(fieldKey(field))) compiled.fields.set(fieldKey(field), rule);
    for (const header of rule.headers ?? []) if (!compiled.headers.has(header.toLowerCase())) compiled.headers.set(header.toLowerCase(), rule);
    if (rule.pattern) compiled.patterns.push({ rule, regex: new RegExp(rule.pattern, "g") });
  }
  byScope.set(scope, compiled);
  return compiled;
}

/** A sensitive value is a non-empty text or number that is not already a placeholder. */
export function isSensitiveValue(value: unknown): value is string | number {
  return (typeof value === "string" && value !== "" && !isPlaceholderOnly(value)) || typeof value === "number";
}

/**
 * Rules whose values are not secrets (request and trace ids): redacted where they stand, never
 * hunted elsewhere, as idempotency keys and nonces are not (docs/decisions/008-redaction-by-value.md).
 */
export const NOT_SECRET_RULES: ReadonlySet<string> = new Set(["trace-id"]);

/** A text holding a JSON object or array (a HAR's comments, the Signature header): scanned inside. */
export function embeddedJson(text: string): unknown {
  const trimmed = text.trim();
  if (!(trimmed.startsWith("{") && trimmed.endsWith("}")) && !(trimmed.startsWith("[") && trimmed.endsWith("]"))) return undefined;
  try {
    return JSON.parse(trimmed);
  } catch {
    return undefined;
  }
}
