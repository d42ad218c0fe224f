/**
 * The personas of served recordings: the members the recordings belong to (the distinct
 * `needs.member` values), each as their recorded replies show them. The serving sandbox makes each a
 * member and lists them on its sign-in page, so that signing in as one gets a token bound to them
 * (docs/decisions/034-served-recordings-as-the-member-left-them.md).
 */

/** Which recorded state is served: the one the member saw last (`end`) or the nth call the nth reply from the first (`start`). */
export type ServedAt = "start" | "end";

/** What a persona is read from in a recorded exchange (./book.ts's RecordedExchange). */
interface MembersExchange {
  path: string;
  status: number;
  reply: unknown;
  member?: string;
}

export interface Persona {
  /** The member's open id as recorded: a stand-in for a real member, the demo id for a demo member. */
  openId: string;
  /** The nickname their recorded replies show, or the open id when none does. */
  nickname: string;
  /** The picture their recorded replies link to, if any. */
  avatar?: string;
  /** Their mCoin balance in the served state (the basic information reply), if recorded. */
  point?: number;
}

/** An open id the sandbox takes as a member's: a stand-in's form, or a demo member's. */
export const PERSONA_ID = /^[A-Za-z0-9_-]{1,64}$/;

/** Personas the sign-in page lists at most: a recording is one session, of one or a few members. */
export const MAX_PERSONAS = 100;

const BASIC_INFORMATION_PATH = "/api/auth/basicinformation";

function dataOf(reply: unknown): Record<string, unknown> | undefined {
  const data = reply !== null && typeof reply === "object" ? (reply as { data?: unknown }).data : undefined;
  return data !== null && typeof data === "object" && !Array.isArray(data) ? (data as Record<string, unknown>) : undefined;
}

const text = (value: unknown): string | undefined => (typeof value === "string" && value.trim() !== "" ? value : undefined);

/**
 * The personas of `exchanges`, in the order they first appear; what the replies show of them is taken
 * from the state served (`at`): the last reply that shows it at the end, the first at the start.
 */
export function personasOf(exchanges: readonly MembersExchange[], at: ServedAt): Persona[] {
  const personas = new Map<string, Persona>();
  for (const { member } of exchanges) {
    if (member !== undefined && PERSONA_ID.test(member) && !personas.has(member) && personas.size < MAX_PERSONAS) personas.set(member, { openId: member, nickname: member });
  }
  // Each later reply overwrites what an earlier one showed: the state served is the last one read.
  for (const exchange of at === "end" ? exchanges : [...exchanges].reverse()) {
    const persona = exchange.member === undefined ? undefined : personas.get(exchange.member);
    const data = persona && exchange.status === 200 ? dataOf(exchange.reply) : undefined;
    if (!persona || !data) continue;
    const nickname = text(data.nickname);
    if (nickname) persona.nickname = nickname;
    const avatar = text(data.headimgurl);
    if (avatar) persona.avatar = avatar;
    const point = typeof data.point === "number" || typeof data.point === "string" ? Number(data.point) : Number.NaN;
    if (exchange.path === BASIC_INFORMATION_PATH && data.point !== "" && Number.isFinite(point)) persona.point = point;
  }
  return [...personas.values()];
}
