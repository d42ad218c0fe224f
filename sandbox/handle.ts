/**
 * The handle on a sandbox that code outside sandbox/ reaches for (the CLI's, the library's and the
 * benchmarks' tests, `mcoin sandbox`'s banner): the few names they use, over the sandbox's parts.
 * No handler is given it; the sandbox's own code and tests use the parts (parts.ts), and take only
 * the keys a test signs with from here.
 */
import type { CollectedError } from "#core/errors/report";
import type { SandboxGatewayKeys } from "#core/node/gateway/sandbox-keys";
import type { AfterSale } from "./domain/after-sale";
import type { Books } from "./domain/books";
import type { MemberRecord } from "./domain/members";
import type { OrderBook } from "./domain/order-book";
import type { ExchangeRing } from "#harness/inspector";
import type { LoggedCall } from "./instruments/call-log";
import type { Fault } from "#core/controls/faults";
import type { StubBook } from "./stubs/book";
import type { SandboxParts } from "./parts";

export class SandboxHandle {
  constructor(
    private readonly parts: SandboxParts,
    /** The secure gateway's test-only keys (fixtures/keys). */
    readonly gatewayKeys: SandboxGatewayKeys,
    /** The secret the wallet signs its settlement notices with (fixtures/keys/sandbox-wallet.json). */
    readonly walletSecret: string,
  ) {}

  /** Back to the fixtures: members, tokens, the money domain, clock, faults and log; scheduled work is cancelled. */
  reset(): void {
    this.parts.reset();
  }

  /** The money domain's aggregates (sandbox/domain/): the members' ledgers, orders, after-sale. */
  get books(): Books {
    return this.parts.domain.books;
  }

  get orders(): OrderBook {
    return this.parts.domain.orders;
  }

  get afterSale(): AfterSale {
    return this.parts.domain.afterSale;
  }

  member(openId: string): MemberRecord | undefined {
    return this.parts.domain.members.get(openId);
  }

  memberByToken(token: string | null | undefined): MemberRecord | undefined {
    return this.parts.domain.logins.memberByToken(token);
  }

  /** The sandbox's time: what /api/system/time returns. */
  now(): number {
    return this.parts.instruments.clock.now();
  }

  /** Sets the clock to `at` (it keeps running unless frozen), or back to real time with null. */
  setClock(at: number | null, frozen = false): void {
    this.parts.instruments.clock.set(at, frozen);
  }

  listFaults(): Fault[] {
    return this.parts.instruments.faults.list();
  }

  /** The gateway calls after sequence number `since`, oldest first. */
  log(since = 0): LoggedCall[] {
    return this.parts.instruments.calls.since(since);
  }

  logCall(call: Omit<LoggedCall, "seq" | "at">): LoggedCall {
    return this.parts.instruments.calls.add(call);
  }

  collectError(report: CollectedError): void {
    this.parts.instruments.errors.collect(report);
  }

  get stubs(): StubBook {
    return this.parts.instruments.stubs;
  }

  /** The traffic inspector's ring of whole exchanges. */
  get inspected(): ExchangeRing {
    return this.parts.instruments.inspected;
  }
}
