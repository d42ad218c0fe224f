/**
 * Logins: the single-use codes the wallet's sign-in page hands out (five minutes), and the session
 * tokens members sign in with (seven days, twenty per member). Both live by real time, not the
 * sandbox clock, as a lifetime is not a business rule; whatever expires is dropped and whatever is
 * kept has a bound, since anyone can call the gateway.
 */
import { randomBytes } from "node:crypto";
import type { Clock } from "./clock";
import type { MemberRecord, Members } from "./members";

const HOUR_MS = 3_600_000;

/** Login codes are single-use and short-lived, like the wallet's. */
export const AUTH_CODE_TTL_MS = 5 * 60_000;
/** Anyone can ask the sign-in page for codes; past this many live ones the oldest goes first. */
export const MAX_AUTH_CODES = 10_000;
/** A session token lives a week of real time, then it is 'not login'. */
export const TOKEN_TTL_MS = 7 * 24 * HOUR_MS;
/** Each sign-in issues a token; a member keeps this many at most, the oldest dropped first. */
export const MAX_TOKENS_PER_MEMBER = 20;

export interface Login {
  openId: string;
  /** Real time, not the sandbox clock: lifetimes are real. */
  issuedAt: number;
}

/** The part of the store the logins keep, each Map oldest first. */
export interface LoginsData {
  /** token → the login it belongs to */
  tokens: Map<string, Login>;
  /** single-use login codes handed out by the login page */
  authCodes: Map<string, Login>;
}

export class Logins {
  constructor(
    private readonly members: Members,
    private readonly context: { data(): LoginsData; changed(): void; wallClock: Clock },
  ) {}

  /** Drops what expired while nobody looked (a state file read after a week). */
  dropExpired(): void {
    const { tokens, authCodes } = this.context.data();
    this.dropOlderThan(authCodes, AUTH_CODE_TTL_MS);
    this.dropOlderThan(tokens, TOKEN_TTL_MS);
  }

  /** The member a live token belongs to. */
  memberByToken(token: string | null | undefined): MemberRecord | undefined {
    if (!token) return undefined;
    const login = this.context.data().tokens.get(token);
    if (!login || this.now() - login.issuedAt > TOKEN_TTL_MS) return undefined;
    return this.members.get(login.openId);
  }

  issueToken(openId: string): string {
    const { tokens } = this.context.data();
    this.dropOlderThan(tokens, TOKEN_TTL_MS);
    const own = [...tokens].filter(([, login]) => login.openId === openId);
    for (const [token] of own.slice(0, Math.max(0, own.length - MAX_TOKENS_PER_MEMBER + 1))) tokens.delete(token);
    const token = `sbx_${randomBytes(18).toString("base64url")}`;
    tokens.set(token, { openId, issuedAt: this.now() });
    this.context.changed();
    return token;
  }

  revokeToken(token: string | null): void {
    if (!token || !this.context.data().tokens.delete(token)) return;
    this.context.changed();
  }

  issueAuthCode(openId: string): string {
    const { authCodes } = this.context.data();
    this.dropOlderThan(authCodes, AUTH_CODE_TTL_MS);
    for (const [oldest] of authCodes) {
      if (authCodes.size < MAX_AUTH_CODES) break;
      authCodes.delete(oldest);
    }
    const code = randomBytes(12).toString("hex");
    authCodes.set(code, { openId, issuedAt: this.now() });
    this.context.changed();
    return code;
  }

  /**
   * The member a live login code was issued to, without spending it: a served recording's sign-in
   * answers only the member the code names (harness/serve/book.ts).
   */
  authCodeOwner(code: string | null | undefined): string | undefined {
    const entry = code ? this.context.data().authCodes.get(code) : undefined;
    return entry && this.now() - entry.issuedAt <= AUTH_CODE_TTL_MS ? entry.openId : undefined;
  }

  /** Redeems a login code once; undefined when it is unknown, used or expired. */
  redeemAuthCode(code: string): string | undefined {
    const { authCodes } = this.context.data();
    const entry = authCodes.get(code);
    if (!entry) return undefined;
    authCodes.delete(code);
    this.context.changed();
    return this.now() - entry.issuedAt <= AUTH_CODE_TTL_MS ? entry.openId : undefined;
  }

  private now(): number {
    return this.context.wallClock.now();
  }

  /** Drops the logins issued more than `ttlMs` ago, walking from the oldest until a live one. */
  private dropOlderThan(logins: Map<string, Login>, ttlMs: number): void {
    const now = this.now();
    for (const [key, login] of logins) {
      if (now - login.issuedAt <= ttlMs) break;
      logins.delete(key);
    }
  }
}
