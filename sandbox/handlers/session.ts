/**
 * The nine calls of the spec's section 7: login, host configuration, the terms, basic information,
 * token refresh, the clock and the address book (list, save, and section 4's update).
 */
import { createHash, randomBytes } from "node:crypto";
import { HttpResponse, type HttpHandler } from "msw";
import {
  GRAY_SECKILL_HEADER,
  basicInformation,
  clause,
  macaupassConfig,
  macaupassSave,
  memberLogin,
  refreshToken,
  setClause,
  systemTime,
  userAddressList,
  userAddressSave,
  userAddressUpdate,
} from "#core/api/endpoints";
import type { Books } from "../domain/books";
import type { Clock } from "../domain/clock";
import type { Logins } from "../domain/logins";
import type { Members } from "../domain/members";
import type { OrderBook } from "../domain/order-book";
import type { ClauseFixture } from "../fixtures";
import { bearerToken, notLogin, refuse, shopRefused, type Serve } from "../respond";

export function sessionHandlers({
  serve,
  members,
  logins,
  books,
  orders,
  clock,
  clause: terms,
}: {
  serve: Serve;
  members: Members;
  logins: Logins;
  books: Books;
  orders: OrderBook;
  clock: Clock;
  clause: ClauseFixture;
}): HttpHandler[] {
  const avatarUrl = (request: Request, file: string) => `${new URL(request.url).origin}/static/avatars/${file}`;

  return [
    serve(memberLogin, ({ input }) => {
      const member = members.get(input.openId);
      if (!member) return refuse("member not found", 404);
      return { status: 1, token: logins.issueToken(member.openId) };
    }),

    serve(macaupassSave, ({ input, request }) => {
      const openId = input.code ? logins.redeemAuthCode(input.code) : undefined;
      const member = openId ? members.get(openId) : undefined;
      if (!member) return notLogin();
      const gray = member.graySeckill ? "1" : "0";
      const body = {
        code: 200,
        msg: "success",
        data: {
          token: logins.issueToken(member.openId),
          open_id: member.openId,
          state: input.state ?? "",
          grayScaleMode: 0,
          nickname: member.nickname,
          headimgurl: avatarUrl(request, member.avatar),
        },
      };
      return HttpResponse.json(body, { headers: { [GRAY_SECKILL_HEADER]: gray, "access-control-expose-headers": GRAY_SECKILL_HEADER } });
    }),

    serve(macaupassConfig, ({ input }) => {
      const timestamp = Math.floor(clock.now() / 1000);
      const nonceStr = randomBytes(8).toString("hex");
      const signature = createHash("sha1").update(`url=${input.url}&timestamp=${timestamp}&noncestr=${nonceStr}`).digest("hex");
      return {
        appId: "mcoin-mall-sandbox",
        timestamp,
        nonceStr,
        signature,
        state: input.state,
        jsApiList: ["getLocation", "setStatusBarColor", "getSystemInfo", "closeWebview", "goBack", "tradePay", "scan", "share", "makePhoneCall", "chooseImage", "pushWindow", "startApp"],
      };
    }),

    serve(clause, ({ member, locale }) => ({
      status: member.clauseStatus,
      content: terms.content[locale],
      create_at: terms.create_at,
      clauseid: terms.clauseid,
    })),

    serve(setClause, ({ member, input }) => {
      if (String(input.clauseid) !== String(terms.clauseid)) return refuse("these terms have been replaced; please read them again", 409);
      // Agreeing clears the status; refusing leaves the terms to be shown again next time.
      if (input.status === 1) members.agreeToTerms(member);
      return null;
    }),

    // The balance is the ledger's. The coupon count (home's 'my redeemed items') is what my coupons
    // lists under 'unused': the coupons bought here and still usable, plus `member.count`, coupons a
    // test says were issued elsewhere (a control; 0 for the demo members, so home and the list agree).
    // `revision` and `pending` tell a kept-alive screen whether what it shows is still true.
    serve(basicInformation, ({ member }) => ({
      amount: member.amount,
      point: books.balance(member.openId),
      count: member.count + orders.couponsHeld(member.openId),
      revision: books.revision(member.openId),
      pending: orders.pending(member.openId),
    })),

    // A refresh rotates the token: the old one stops working, as the gateway's does.
    serve(refreshToken, ({ member, request }) => {
      const fresh = logins.issueToken(member.openId);
      logins.revokeToken(bearerToken(request));
      return { access_token: fresh };
    }),

    serve(systemTime, () => ({ sysTime: clock.now() })),

    serve(userAddressList, ({ member }) => ({ snatchList: members.addresses(member) })),

    serve(userAddressSave, ({ member, input, locale }) => {
      const outcome = members.saveAddress(member, input);
      if (!outcome.ok) return shopRefused(outcome.reason, locale);
      return { id: outcome.value, snatchList: members.addresses(member) };
    }),

    serve(userAddressUpdate, ({ member, input, locale }) => {
      const outcome = members.updateAddress(member, input.id, input.action);
      if (!outcome.ok) return shopRefused(outcome.reason, locale);
      return { snatchList: members.addresses(member) };
    }),
  ];
}
