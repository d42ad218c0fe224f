/**
 * The controls over the gateway's data, for scenarios, load tests and replays: members (listed, added,
 * changed, put as a recording shows them, a login code; their ledger, orders and Asia Miles), offers' and seckill items' live numbers, and the
 * redacted view of the whole state with its digest.
 */
import type { HttpHandler } from "msw";
import * as controls from "#core/controls/declarations";
import type { ControlReply } from "#core/controls/declarations";
import { auditMoney } from "../../domain/audit";
import type { Books } from "../../domain/books";
import type { Domain } from "../../domain/domain";
import type { Logins } from "../../domain/logins";
import type { Members } from "../../domain/members";
import type { Miles } from "../../domain/miles";
import type { OrderBook } from "../../domain/order-book";
import type { Promotions } from "../../domain/promotions";
import { refuse, serveControl } from "./serve-control";

export interface DomainControlParts {
  members: Members;
  /** Login codes for a replay's sign-in (loginCode). */
  logins: Logins;
  books: Books;
  orders: OrderBook;
  miles: Miles;
  promotions: Promotions;
  view: Domain["view"];
  auditView: Domain["auditView"];
  /** The data as an export's JSON text, and an export put in its place (sandbox/store/store.ts); throws what does not fit. */
  exportState(): string;
  importState(text: string): void;
}

export function domainControls({ members, logins, books, orders, miles, promotions, view, auditView, exportState, importState }: DomainControlParts): HttpHandler[] {
  const noMember = () => refuse(404, "no such member");
  return [
    serveControl(controls.members, () => ({
      members: members.all().map(({ openId, nickname, count, clauseStatus }) => ({ openId, nickname, point: books.balance(openId), count, clauseStatus })),
    })),
    serveControl(controls.addMember, ({ input }) => {
      const added = members.add(input);
      return added === "added" ? { ok: true as const, openId: input.openId } : refuse(409, added === "taken" ? "that open id is taken" : "too many members");
    }),
    // A replay's persona (harness/replay/personas.ts): created, or set to exactly this, so repeating it changes nothing.
    serveControl(controls.putMember, ({ params, input }) => {
      const put = members.put(params.openId, input);
      if (put === "full") return refuse(409, "too many members");
      if (put === "address-taken") return refuse(409, "an address id is another member's");
      return { ok: true as const, openId: params.openId, created: put === "created" };
    }),
    serveControl(controls.loginCode, ({ params }) => {
      const member = members.get(params.openId);
      return member ? { openId: member.openId, code: logins.issueAuthCode(member.openId) } : noMember();
    }),
    serveControl(controls.miles, ({ params }) => {
      const member = members.get(params.openId);
      return member ? { openId: member.openId, redemptions: miles.list(member.openId).reverse() } : noMember();
    }),
    serveControl(controls.seckill, ({ params }) => {
      const live = promotions.seckillLive(params.id);
      return live ? { id: params.id, ...live } : refuse(404, "no such seckill item");
    }),
    serveControl(controls.patchSeckill, ({ params, input }) => {
      const live = promotions.setSeckillStock(params.id, input.stock);
      return live ? { id: params.id, ...live } : refuse(404, "no such seckill item");
    }),
    // The balance is the ledger's: setting it is an entry, not an overwrite (Members.patch).
    serveControl(controls.patchMember, ({ params, input }) => (members.patch(params.openId, input) ? { ok: true as const } : noMember())),
    serveControl(controls.ledger, ({ params }) => {
      const member = members.get(params.openId);
      return member ? { openId: member.openId, balance: books.balance(member.openId), entries: books.ledger(member.openId).reverse() } : noMember();
    }),
    serveControl(controls.orders, ({ params }) => {
      const member = members.get(params.openId);
      return member ? { openId: member.openId, orders: orders.list(member.openId).reverse() } : noMember();
    }),

    serveControl(controls.offer, ({ params }) => {
      const live = orders.live(params.id);
      return live ? { id: params.id, ...live } : refuse(404, "no such offer");
    }),
    serveControl(controls.patchOffer, ({ params, input }) => {
      const live = orders.setOffer(params.id, input);
      return live ? { id: params.id, ...live } : refuse(404, "no such offer");
    }),

    // The view's accounts are the domain's Account objects, wider than the declaration reads; the reply is checked at run time.
    serveControl(controls.state, () => view() as unknown as ControlReply<typeof controls.state>),
    // Every rule of the money, Asia Miles and seckill included (auditView shows what the state view does not).
    serveControl(controls.audit, () => {
      const problems = auditMoney(auditView());
      return { ok: problems.length === 0, problems };
    }),
    serveControl(controls.exportState, () => JSON.parse(exportState()) as ControlReply<typeof controls.exportState>),
    serveControl(controls.importState, ({ input }) => {
      try {
        importState(JSON.stringify(input));
      } catch (error) {
        return refuse(400, error instanceof Error ? error.message : String(error));
      }
      return { ok: true as const };
    }),
  ];
}
