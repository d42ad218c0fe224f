/**
 * Tenants: one sandbox serving many teams or CI jobs at once (docs/decisions/047-tenants.md). A
 * tenant is a path prefix: `/tenants/NAME/...` is answered by tenant NAME's own sandbox (its members,
 * orders, clock, faults, stubs, served recordings, call log and inspector), as `/...` is by the
 * default tenant's, today's sandbox. Any client that takes a base URL takes a tenant with it: the
 * mall's MCOIN_SANDBOX_URL, the CLI's --sandbox-url, the Playwright fixture.
 *
 * A tenant is made by its first request, within limits (TenantLimits): how many there are, how many
 * orders each may hold, how many requests a second each may send. The default tenant has none of
 * them. With --state, every tenant's rows are in the one database (sandbox/store/sqlite-store.ts),
 * and a tenant found there is opened again by its first request after a restart.
 */
import { DEFAULT_TENANT_LIMITS as DEFAULTS, TENANTS_PATH, TENANT_NAME } from "#core/environments";

export { TENANTS_PATH } from "#core/environments";

export type TenantLimits = { -readonly [K in keyof typeof DEFAULTS]: number };

/**
 * What a team's CI run needs, with room: a Playwright suite sends tens of calls a second and places
 * hundreds of orders; 64 tenants of 20,000 orders each stay within a few GiB of memory.
 */
export const DEFAULT_TENANT_LIMITS: TenantLimits = { ...DEFAULTS };

/** What `GET /__sandbox/tenants` tells of a tenant. */
export interface TenantSummary {
  name: string;
  /** The base URL's path: give `ORIGIN/tenants/NAME` where a sandbox URL is asked for. */
  path: string;
  members: number;
  orders: number;
  requests: number;
  /** Requests refused for the tenant's rate. */
  throttled: number;
  createdAt: string;
  lastUsedAt: string;
}

/** Where a path goes: the default tenant (null), a tenant and the path within it, or a name that is not one. */
export function tenantOfPath(pathname: string): { name: string; rest: string } | { invalid: string } | null {
  if (pathname !== TENANTS_PATH && !pathname.startsWith(`${TENANTS_PATH}/`)) return null;
  const after = pathname.slice(TENANTS_PATH.length + 1);
  const slash = after.indexOf("/");
  const raw = slash === -1 ? after : after.slice(0, slash);
  let name: string;
  try {
    name = decodeURIComponent(raw);
  } catch {
    return { invalid: raw };
  }
  if (!TENANT_NAME.test(name)) return { invalid: name };
  return { name, rest: slash === -1 ? "/" : after.slice(slash) };
}

/** A token bucket: `perSecond` on average, up to twice that at once. */
export class RateBucket {
  private tokens: number;
  private at: number;

  constructor(
    private readonly perSecond: number,
    private readonly now: () => number = () => performance.now(),
  ) {
    this.tokens = perSecond * 2;
    this.at = now();
  }

  /** Takes one token; false when there is none (the caller refuses the request). */
  take(): boolean {
    const now = this.now();
    this.tokens = Math.min(this.perSecond * 2, this.tokens + ((now - this.at) / 1000) * this.perSecond);
    this.at = now;
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }
}

interface Held<S> {
  sandbox: S;
  bucket: RateBucket;
  requests: number;
  throttled: number;
  createdAt: number;
  lastUsedAt: number;
}

export interface TenantBookOptions<S> {
  limits: TenantLimits;
  /** Makes a tenant's sandbox (opening its rows when the database has them). */
  build(name: string): S;
  /** The tenants with rows in the database, opened again on their first request. */
  stored(): readonly string[];
  /** Members and orders of a tenant's sandbox. */
  size(sandbox: S): { members: number; orders: number };
  /** A tenant's sandbox is gone: its scheduled work stopped, its rows deleted. */
  dispose(name: string, sandbox: S | undefined): void;
}

export type TenantRefusal = { status: 404 | 429 | 507; error: string; retryAfter?: number };

/** The named tenants of a sandbox: made on first use within the limits, counted, dropped. */
export class TenantBook<S> {
  private readonly held = new Map<string, Held<S>>();

  constructor(private readonly options: TenantBookOptions<S>) {}

  get limits(): TenantLimits {
    return this.options.limits;
  }

  /** The tenant's sandbox for a request, made on its first; or why the request is refused. */
  admit(name: string): { sandbox: S } | TenantRefusal {
    const held = this.open(name);
    if ("status" in held) return held;
    held.lastUsedAt = Date.now();
    if (!held.bucket.take()) {
      held.throttled += 1;
      return { status: 429, error: `tenant ${name} sends more than ${this.limits.requestsPerSecond} requests a second, its limit: slow down`, retryAfter: 1 };
    }
    held.requests += 1;
    return { sandbox: held.sandbox };
  }

  /** The tenant, made (or opened from the database) when it is not in memory yet. */
  private open(name: string): Held<S> | TenantRefusal {
    const known = this.held.get(name);
    if (known) return known;
    const names = new Set([...this.held.keys(), ...this.options.stored().filter((each) => each !== "")]);
    if (!names.has(name) && names.size >= this.limits.maxTenants)
      return { status: 507, error: `this sandbox holds ${names.size} tenants, its limit: delete one (DELETE /__sandbox/tenants/NAME) or start it with a higher --max-tenants` };
    const now = Date.now();
    const held: Held<S> = { sandbox: this.options.build(name), bucket: new RateBucket(this.limits.requestsPerSecond), requests: 0, throttled: 0, createdAt: now, lastUsedAt: now };
    this.held.set(name, held);
    return held;
  }

  /** Whether a tenant is at its size limit (its writes are refused until it is reset). */
  full(name: string): TenantRefusal | null {
    const held = this.held.get(name);
    if (!held) return null;
    const { orders } = this.options.size(held.sandbox);
    if (orders < this.limits.maxOrders) return null;
    return {
      status: 507,
      error: `tenant ${name} holds ${orders} orders, its limit of ${this.limits.maxOrders}: reset it (POST ${TENANTS_PATH}/${name}/__sandbox/reset) or delete it (DELETE /__sandbox/tenants/${name})`,
    };
  }

  /** The tenant's sandbox when it is open in memory. */
  get(name: string): S | undefined {
    return this.held.get(name)?.sandbox;
  }

  /** Every tenant, by name; one kept in the database and not opened since the start is opened to count it. */
  list(): TenantSummary[] {
    for (const name of this.options.stored()) if (name !== "") this.open(name);
    return [...this.held]
      .map(([name, held]) => ({
        name,
        path: `${TENANTS_PATH}/${name}`,
        ...this.options.size(held.sandbox),
        requests: held.requests,
        throttled: held.throttled,
        createdAt: new Date(held.createdAt).toISOString(),
        lastUsedAt: new Date(held.lastUsedAt).toISOString(),
      }))
      .sort((a, b) => a.name.localeCompare(b.name));
  }

  /** Drops a tenant: from memory and from the database. False when there is no such tenant. */
  drop(name: string): boolean {
    const held = this.held.get(name);
    const stored = this.options.stored().includes(name);
    if (!held && !stored) return false;
    this.held.delete(name);
    this.options.dispose(name, held?.sandbox);
    return true;
  }
}
