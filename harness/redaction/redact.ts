/**
 * What `mcoin record` hides before a recording (or a HAR) reaches the disk: the rules of one scope
 * (./rules.ts) applied to a query, a body, a reply or headers, after the secrets already known
 * (./known-secrets.ts); each replacement said with where it was and by which rule, so the recorder
 * knows which reply fields a replay cannot compare.
 */
import { FILLED_IN, fieldKey, type ReadRedaction } from "#harness/recording";
import type { KnownSecrets } from "./known-secrets";
import { DEFAULT_RULES, compile, isSensitiveValue, placeholderOf, type CompiledRules, type RedactionRule, type Scope } from "./rules";

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

/** Replaces every pattern match inside a text (that the rule's check accepts); the rules that matched. */
export function redactText(text: string, compiled: CompiledRules, keep?: (text: string) => boolean): { text: string; rules: RedactionRule[] } {
  const matched: RedactionRule[] = [];
  let out = text;
  for (const { rule, regex } of compiled.patterns) {
    regex.lastIndex = 0;
    if (!regex.test(out)) continue;
    regex.lastIndex = 0;
    let hit = false;
    out = out.replace(regex, (match) => {
      if ((rule.accept && !rule.accept(match)) || (keep?.(match) && DEFAULT_RULES.includes(rule))) return match;
      hit = true;
      return placeholderOf(rule);
    });
    if (hit) matched.push(rule);
  }
  return { text: out, rules: matched };
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

/**
 * Applies the rules of one scope to a query, body or reply: a value under a matching field name is
 * replaced whole, and pattern matches inside any text are replaced where they are. With the secrets
 * known so far, each is replaced in any text first: a text that is wholly one becomes its placeholder.
 * What `keep` accepts (a stand-in for personal data, ./pseudonyms.ts) stays whatever the default
 * rules say; a rule the engineer added still applies to it.
 */
export function redactValue(value: unknown, rules: readonly RedactionRule[], scope: Scope, known?: KnownSecrets, keep?: (text: string) => boolean): Redacted {
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
      const { text, rules: matched } = redactText(current, compiled, keep);
      for (const rule of matched) redactions.push({ path, rule: rule.name, placeholder: placeholderOf(rule), whole: false });
      return text;
    }
    if (Array.isArray(node)) return node.map((item, index) => walk(item, [...path, index]));
    if (node && typeof node === "object") {
      const out: Record<string, unknown> = {};
      for (const [key, child] of Object.entries(node)) {
        const rule = compiled.fields.get(fieldKey(key));
        const name = known ? known.replaceIn(key).text : key;
        if (rule && isSensitiveValue(child) && !(keep?.(String(child)) && DEFAULT_RULES.includes(rule))) {
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
  return scheme && placeholderOf(rule) === FILLED_IN.token ? `${scheme[1]} ${FILLED_IN.token}` : placeholderOf(rule);
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

/** A capture the recorder did not write (a browser's HAR), redacted by the default rules as it is read. */
export const readRedaction: ReadRedaction = (value, scope) => redactValue(value, DEFAULT_RULES, scope);
