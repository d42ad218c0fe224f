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
import { listAddresses, saveAddress, updateAddress } from "../domain/addresses";
import { bearerToken, notLogin, refuse, serve, shopRefused } from "../respond";
import type { SandboxState } from "../state";

export function sessionHandlers(state: SandboxState): HttpHandler[] {
  const avatarUrl = (request: Request, file: string) => `${new URL(request.url).origin}/static/avatars/${file}`;

  return [
    serve(state, memberLogin, ({ input }) => {
      const member = state.member(input.openId);
      if (!member) return refuse("member not found", 404);
      return { status: 1, token: state.issueToken(member.openId) };
    }),

    serve(state, macaupassSave, ({ input, request }) => {
      const openId = input.code ? state.redeemAuthCode(input.code) : undefined;
      const member = openId ? state.member(openId) : undefined;
      if (!member) return notLogin();
      const gray = member.graySeckill ? "1" : "0";
      const body = {
        code: 200,
        msg: "success",
        data: {
          token: state.issueToken(member.openId),
          open_id: member.openId,
          state: input.state ?? "",
          grayScaleMode: 0,
          nickname: member.nickname,
          headimgurl: avatarUrl(request, member.avatar),
        },
      };
      return HttpResponse.json(body, { headers: { [GRAY_SECKILL_HEADER]: gray, "access-control-expose-headers": GRAY_SECKILL_HEADER } });
    }),

    serve(state, macaupassConfig, ({ input }) => {
      const timestamp = Math.floor(state.now() / 1000);
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

    serve(state, clause, ({ member, locale }) => ({
      status: member.clauseStatus,
      content: state.clause.content[locale],
      create_at: state.clause.create_at,
      clauseid: state.clause.clauseid,
    })),

    serve(state, setClause, ({ member, input }) => {
      if (String(input.clauseid) !== String(state.clause.clauseid)) return refuse("these terms have been replaced; please read them again", 409);
      // Agreeing clears the status; refusing leaves the terms to be shown again next time.
      if (input.status === 1) {
        member.clauseStatus = 0;
        state.changed();
      }
      return null;
    }),

    // The balance is the ledger's. The coupon count (home's 'my redeemed items') is what my coupons
    // lists under 'unused': the coupons bought here and still usable, plus `member.count`, coupons a
    // test says were issued elsewhere (a control; 0 for the demo members, so home and the list agree).
    // `revision` and `pending` tell a kept-alive screen whether what it shows is still true.
    serve(state, basicInformation, ({ member }) => ({
      amount: member.amount,
      point: state.books.balance(member.openId),
      count: member.count + state.orders.couponsHeld(member.openId),
      revision: state.books.revision(member.openId),
      pending: state.orders.pending(member.openId),
    })),

    // A refresh rotates the token: the old one stops working, as the gateway's does.
    serve(state, refreshToken, ({ member, request }) => {
      const fresh = state.issueToken(member.openId);
      state.revokeToken(bearerToken(request));
      return { access_token: fresh };
    }),

    serve(state, systemTime, () => ({ sysTime: state.now() })),

    serve(state, userAddressList, ({ member }) => ({ snatchList: listAddresses(member) })),

    serve(state, userAddressSave, ({ member, input, locale }) => {
      const outcome = saveAddress(member, input, () => state.nextAddressId());
      if (!outcome.ok) return shopRefused(outcome.reason, locale);
      state.changed();
      return { id: outcome.value, snatchList: listAddresses(member) };
    }),

    serve(state, userAddressUpdate, ({ member, input, locale }) => {
      const outcome = updateAddress(member, input.id, input.action);
      if (!outcome.ok) return shopRefused(outcome.reason, locale);
      state.changed();
      return { snatchList: listAddresses(member) };
    }),
  ];
}
