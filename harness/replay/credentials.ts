/**
 * Whom each recording acts as when replayed: --token, --login and --cust when given, else the
 * recording's `needs` (each member signed in once and the token reused), and for the wallet's
 * sign-in on the sandbox a new single-use login code (from the sandbox's loginCode control when the
 * target can reach its controls, else from its sign-in page). A need that cannot be met is a skip,
 * said why.
 */
import { createApiClient } from "#core/api/client";
import { memberLogin } from "#core/api/endpoints";
import { FILLED_IN, fillIn, type Placeholders, type Recording } from "#harness/recording";
import type { ReplayTarget } from "./target";

/** Placeholder values for one recording, or why it cannot be sent. */
export type Credentials = (recording: Recording) => Promise<{ placeholders: Placeholders } | { reason: string }>;

/** The member's session token from the target's sign-in (`POST /member/login`, the sandbox's demo members). */
async function memberToken(target: ReplayTarget, openId: string): Promise<string | undefined> {
  const client = createApiClient({ baseUrl: target.apiBase, transport: target.transport, locale: "zh", timeoutMs: 30_000 });
  return (await client.call(memberLogin, { openId })).data.token;
}

export async function credentialsFor(target: ReplayTarget): Promise<Credentials> {
  const tokens = new Map<string, Promise<string | undefined>>();
  const signIn = (member: string) => {
    if (!tokens.has(member)) tokens.set(member, memberToken(target, member));
    return tokens.get(member)!;
  };
  // A member named on the command line must sign in: that failure is the run's, not a skip.
  if (target.login) await signIn(target.login).catch((error: unknown) => Promise.reject(target.failure(error, true)));

  return async (recording) => {
    const placeholders: Placeholders = { cust: target.cust ?? recording.needs?.cust };
    const wantsToken = recording.request.auth || fillIn(recording.request, {}).missing.has("token");
    const member = target.login ?? recording.needs?.member;
    if (wantsToken && target.token) placeholders.token = target.token;
    else if (wantsToken && member) {
      try {
        placeholders.token = await signIn(member);
      } catch (error) {
        return { reason: `could not sign in ${member} (${target.failure(error, true).message})` };
      }
    }
    if (signsInByCode(recording) && target.env === "sandbox" && member) {
      try {
        placeholders.code = target.loginCode ? await target.loginCode(member) : await mintLoginCode(target.apiBase, member, target.mallOrigins);
      } catch (error) {
        return { reason: `could not get a login code for ${member} (${(error as Error).message})` };
      }
    }
    const missing = fillIn(recording.request, placeholders).missing;
    if (wantsToken && !placeholders.token) missing.add("token");
    if (missing.size > 0) return { reason: [...missing].map(missingReason).join("; ") };
    return { placeholders };
  };
}

function missingReason(placeholder: string): string {
  if (placeholder === "token") return "needs a member's token: give the recording needs.member, or pass --login or --token";
  if (placeholder === "cust") return "needs the task-center ciphertext: give the recording needs.cust, or pass --cust";
  if (placeholder === "code") return "needs <code>, the wallet's single-use login code: on the sandbox, give the recording needs.member (or pass --login) and replay asks for a new one";
  return `needs <${placeholder}>, a single-use value that cannot be sent again`;
}

/** The wallet's sign-in (`/macaupasssave?code=<code>`): not sendable again as it was, but with a new code. */
export function signsInByCode(recording: Recording): boolean {
  return recording.kind === "api" && Object.values(recording.request.query).includes(FILLED_IN.code);
}

/**
 * A new single-use login code for a demo member, from the sandbox's sign-in page
 * (sandbox/login-page.ts), as the wallet gets one: the page returns only to one of the mall's
 * origins, so each is tried until one is accepted.
 */
export async function mintLoginCode(base: string, openId: string, origins: readonly string[], fetchImpl: typeof fetch = fetch): Promise<string> {
  for (const origin of origins) {
    const response = await fetchImpl(`${base}/oauth/authorize`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ openId, redirect_uri: `${origin}/index`, state: "" }),
      redirect: "manual",
    });
    const location = response.headers.get("location");
    const code = response.status === 302 && location ? new URL(location).searchParams.get("code") : null;
    if (code) return code;
    const refusal = await response.text();
    if (!refusal.includes("redirect_uri")) throw new Error(`the sandbox's sign-in page answered HTTP ${response.status}`);
  }
  throw new Error(`the sandbox's sign-in page returns to none of ${origins.join(", ")}; set MCOIN_APP_URL to the mall's address`);
}
