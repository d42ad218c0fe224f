/**
 * What `mcoin record` (./recorder.ts) learns from a session so that its recordings replay on their
 * own: whom each exchange belongs to (`needs`) and each mutation's Idempotency-Key as a role.
 *
 * - A key is written as `<key:N>`, N numbering the distinct keys of the session in the order they
 *   were first seen: a retry that reused its original's key gets the same N, so replay (which mints
 *   one fresh key per role and run, harness/replay/keys.ts) sends the retry with its original's key too.
 * - `needs.member` is the openId a session token was issued to, learnt from the sign-in that issued
 *   it (`POST /member/login`, `GET /macaupasssave`); a token whose sign-in the recorder did not see
 *   has no member, and its recordings replay with --login. A sign-in names its own member: the
 *   wallet's (`/macaupasssave` with a single-use code), so that replay can ask the sandbox for a new
 *   code, and the sandbox's (`/member/login`), so that a served recording issues that member's token.
 * - `needs.cust` is the task center's member ciphertext of a secure call, written only for a sandbox
 *   recording (opened with the sandbox's own key): there ciphertexts are demo values such as C1,
 *   elsewhere one is the member's credential, which redaction keeps off the disk (docs/decisions/009-replayable-recordings.md).
 */
import { IDEMPOTENCY_KEY_HEADER, keyRole, type Needs } from "#harness/recording";
import { redactValue, type RedactionRule } from "#harness/redaction";

/** The exchange as the recorder saw it, in the parts the roles are learnt from. */
export interface SeenExchange {
  method: string;
  path: string;
  status: number;
  requestHeaders: Record<string, string>;
  requestBody: string;
  responseBody: string;
}

function header(headers: Record<string, string>, name: string): string | undefined {
  const found = Object.entries(headers).find(([key]) => key.toLowerCase() === name.toLowerCase());
  return found?.[1];
}

function json(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function field(value: unknown, ...path: string[]): unknown {
  let node = value;
  for (const key of path) node = node && typeof node === "object" ? (node as Record<string, unknown>)[key] : undefined;
  return node;
}

const text = (value: unknown): string | undefined => (typeof value === "string" && value !== "" ? value : undefined);

export class RecordingRoles {
  private readonly keys = new Map<string, number>();
  /** Session token → the openId it was issued to. */
  private readonly members = new Map<string, string>();

  /**
   * @param rules the session's redaction rules: an openId they hide is not written in `needs` either.
   * @param demoCustomers whether ciphertexts are the sandbox's demo values, safe to keep in `needs.cust`.
   */
  constructor(
    private readonly rules: readonly RedactionRule[],
    private readonly demoCustomers: boolean,
  ) {}

  /** The role of an idempotency key: the same key always gets the same `<key:N>`. */
  keyRole(key: string): string {
    let role = this.keys.get(key);
    if (role === undefined) {
      role = this.keys.size + 1;
      this.keys.set(key, role);
    }
    return keyRole(role);
  }

  /** The role of the exchange's Idempotency-Key header, when it carries one. */
  keyRoleOf(headers: Record<string, string>): string | undefined {
    const key = text(header(headers, IDEMPOTENCY_KEY_HEADER));
    return key === undefined ? undefined : this.keyRole(key);
  }

  /** Remembers whom a successful sign-in issued its token to. */
  learn(exchange: SeenExchange): void {
    const signedIn = this.signIn(exchange);
    if (signedIn) this.members.set(signedIn.token, signedIn.openId);
  }

  /** A successful sign-in's token and member (the member unless the rules hide it). */
  private signIn(exchange: SeenExchange): { token: string; openId: string } | undefined {
    if (exchange.status !== 200) return undefined;
    const reply = json(exchange.responseBody);
    const token = text(field(reply, "data", "token"));
    if (!token) return undefined;
    let openId: string | undefined;
    if (exchange.method === "POST" && exchange.path === "/member/login") openId = text(field(json(exchange.requestBody), "openId"));
    else if (exchange.method === "GET" && exchange.path === "/macaupasssave") openId = text(field(reply, "data", "open_id"));
    return openId && !this.hidden(openId) ? { token, openId } : undefined;
  }

  /**
   * Whom an exchange acts as: the member behind its bearer token (or signed in by the wallet's code),
   * the ciphertext of a sandbox secure call.
   */
  needsOf(exchange: SeenExchange, cust: string | undefined): Needs | undefined {
    const bearer = /^Bearer\s+(\S+)$/i.exec(header(exchange.requestHeaders, "authorization") ?? "")?.[1];
    // A sign-in names the member it signs in: serving it (harness/serve) issues that member's token.
    const signingIn = exchange.path === "/macaupasssave" || (exchange.method === "POST" && exchange.path === "/member/login");
    const byCode = signingIn ? this.signIn(exchange)?.openId : undefined;
    const member = (bearer ? this.members.get(bearer) : undefined) ?? byCode;
    const demoCust = this.demoCustomers ? text(cust) : undefined;
    if (!member && !demoCust) return undefined;
    return { ...(member ? { member } : {}), ...(demoCust ? { cust: demoCust } : {}) };
  }

  /**
   * A token's member known from elsewhere: the sandbox's traffic inspector names each call's member,
   * so a saved selection without its sign-in still replays as that member.
   */
  knowMember(token: string, openId: string): void {
    if (!this.hidden(openId) && !this.members.has(token)) this.members.set(token, openId);
  }

  /** True when the session's rules redact the openId: then it stays out of the file. */
  private hidden(openId: string): boolean {
    return redactValue({ openId }, this.rules, "request").redactions.length > 0;
  }
}
