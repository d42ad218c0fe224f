/**
 * harness/redaction: what the recorder hides before anything reaches the disk, and the scan that
 * refuses what still leaks. Split along its jobs: the rules (./rules.ts), the secrets known by value
 * (./known-secrets.ts), redacting (./redact.ts) and scanning (./scan.ts). The CLI and the other
 * harness folders import it from here only.
 */
export {
  CARD_PATTERN,
  DEFAULT_RULES,
  EMAIL_PATTERN,
  PHONE_PATTERN,
  RedactionRuleSchema,
  RulesFileSchema,
  SCOPES,
  fieldRule,
  isCardNumber,
  isPhoneNumber,
  loadRulesFile,
  placeholderOf,
  rulesWith,
  type RedactionRule,
  type Scope,
} from "./rules";
export { KnownSecrets, MIN_KNOWN_SECRET_LENGTH } from "./known-secrets";
export { readRedaction, redactHeaders, redactKnown, redactValue, type Redacted, type Redaction } from "./redact";
export { SECRET_PATTERNS, describeFindings, findSecrets, mask, type Finding, type ScanOptions } from "./scan";
export { PUBLIC_PLACES, Pseudonyms, nearestPlace } from "./pseudonyms";
export { exchangeFields, personalFindings, pseudonymise, replaceKnownPersonal, type ExchangeFields, type PersonalFinding, type Pseudonymised } from "./personal";
