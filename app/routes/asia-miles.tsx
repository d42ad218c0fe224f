/**
 * Asia Miles redemption (/asiaMiles_details/{id}): the member's name as on the airline membership
 * (last and first name, in English letters), the membership number entered twice (they must match),
 * the member name it makes, an amount from the offered 'X mCoin for Y miles' steps, and the terms to
 * tick. The gateway checks that the airline has this member account under this name, the day's and
 * the month's limits (in miles, days and months of Macau) and the balance; refusals change nothing:
 * too few mCoin is a dialog, a limit is a toast with the spec's words, a wrong account is shown at
 * the membership number. A valid redemption spends the mCoin at once and shows 'redeeming' until the
 * airline answers, then the result pop-up, whose payment type 5 opens the miles order detail.
 */
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useFetcher, useLoaderData, useNavigate } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { z } from "zod";
import { NotFoundOrErrorScreen } from "../components/status-screen";
import { showToast } from "../components/toast";
import { guardSubmit, useDoubleTapGuard } from "../hooks/use-double-tap-guard";
import { MILES_MEMBER_NO, MILES_NAME, milesRedeem, type MilesOrder } from "#core/api/promotion-endpoints";
import { IDEMPOTENCY_HEADER, IdempotencyKeySchema, type ShopRefusal } from "#core/api/shop-endpoints";
import { newIdempotencyKey } from "../lib/idempotency-key";
import { parseForm } from "../server/forms.server";
import { requireMember } from "../server/member.server";
import { idParam } from "../server/params.server";
import { fixedT } from "../server/i18n.server";
import { refusable, refused } from "../server/order-actions.server";
import type { loader as orderLoader } from "./asia-miles-order";
import type { ScreenHandle } from "../screen-handle";
import { mallContext } from "../server/context.server";
import stylesheet from "./asia-miles.css?url";
import { MilesHero } from "./asia-miles/miles-hero";
import { RedeemForm } from "./asia-miles/redeem-form";
import { MilesResult, NotEnoughMcoin, Redeeming } from "./asia-miles/redemption-dialogs";
import { intentClientLoader, useFreshData } from "../lib/intent-data";
import { milesData } from "./asia-miles.server";

export const handle: ScreenHandle = { analytics: "asiaMilesDetails", member: true };

/** Its data can be asked for on a tap's first touch, and the way back shows what was seen (lib/intent-data.ts). */
export const clientLoader = intentClientLoader;

export async function loader(args: LoaderFunctionArgs) {
  return data(await milesData(args));
}

/** Messages are locale keys (miles.error.*), translated in the action. */
const MilesFormSchema = z
  .object({
    intent: z.literal("redeem"),
    lastName: z.string().trim().regex(MILES_NAME, "miles.error.name"),
    firstName: z.string().trim().regex(MILES_NAME, "miles.error.name"),
    memberNo: z.string().trim().regex(MILES_MEMBER_NO, "miles.error.memberNo"),
    memberNoAgain: z.string().trim().max(40),
    mcoin: z.coerce.number({ error: "miles.error.amount" }).int("miles.error.amount").positive("miles.error.amount").max(100_000_000, "miles.error.amount"),
    terms: z.literal("on", { error: "miles.error.terms" }),
    idempotencyKey: IdempotencyKeySchema,
  })
  .refine((form) => form.memberNo === form.memberNoAgain, { message: "miles.error.mismatch", path: ["memberNoAgain"] });

export type MilesActionResult =
  { ok: true; intent: "redeem"; order: MilesOrder } | { ok: false; intent: string | null; reason: ShopRefusal | null; message: string; fieldErrors?: Record<string, string> };

export async function action(args: ActionFunctionArgs) {
  const { request, params } = args;
  const mall = await mallContext(args);
  const productId = idParam(params.id);
  await requireMember(mall);
  const t = await fixedT(mall.locale);
  const form = await parseForm(request, MilesFormSchema);
  if (!form.success) {
    const fieldErrors = Object.fromEntries(Object.entries(form.fieldErrors).map(([field, key]) => [field, key.startsWith("miles.error.") ? t(key) : t("offer.invalidForm")]));
    return refused("redeem", null, t("miles.error.form"), 400, fieldErrors);
  }
  const { lastName, firstName, memberNo, mcoin, idempotencyKey } = form.data;
  const result = await refusable(t, "redeem", () => mall.api.call(milesRedeem, { productId, lastName, firstName, memberNo, mcoin }, { headers: { [IDEMPOTENCY_HEADER]: idempotencyKey } }));
  if (!result.ok) return result.response;
  return data({ ok: true as const, intent: "redeem" as const, order: result.value });
}

const LIMIT_TOASTS = new Set<ShopRefusal>(["MILES_DAILY_LIMIT", "MILES_MONTHLY_LIMIT", "MILES_BELOW_STANDARD"]);
/** How often, and how many times, the page asks whether the airline has answered. */
const CHECK_MS = 1_000;
const CHECKS = 15;

export const links = () => [{ rel: "stylesheet", href: stylesheet }];

export default function AsiaMilesDetails() {
  // Back to the offer: as the member saw it, asked again in the background (lib/intent-data.ts).
  const { product } = useFreshData(useLoaderData<typeof loader>()).data;
  const redeem = useFetcher<MilesActionResult>();
  const status = useFetcher<typeof orderLoader>();
  const navigate = useNavigate();
  const guard = useDoubleTapGuard();
  const [key, setKey] = useState(() => newIdempotencyKey());
  const [poor, setPoor] = useState(false);
  const [redeeming, setRedeeming] = useState<MilesOrder | null>(null);
  const [credited, setCredited] = useState<MilesOrder | null>(null);
  const checks = useRef(0);

  const reply = redeem.state === "idle" ? redeem.data : undefined;
  const errors = reply && !reply.ok ? (reply.fieldErrors ?? {}) : {};
  const accountError = reply && !reply.ok && reply.reason === "MILES_ACCOUNT_NOT_FOUND" ? reply.message : undefined;

  // The gateway's answer: a redemption to follow, or a refusal in the spec's form (dialog, toast).
  const seen = useRef<unknown>(null);
  useEffect(() => {
    if (!reply || seen.current === reply) return;
    seen.current = reply;
    if (reply.ok) {
      setRedeeming(reply.order);
      setKey(newIdempotencyKey());
      checks.current = 0;
      return;
    }
    if (reply.reason === "INSUFFICIENT_MCOIN") setPoor(true);
    else if (reply.reason && LIMIT_TOASTS.has(reply.reason)) showToast(reply.message);
  }, [reply]);

  // 'Redeeming': ask until the airline has answered, then the result (or the order as it stands).
  useEffect(() => {
    if (!redeeming) return;
    const latest = status.data?.order.id === redeeming.id ? status.data.order : redeeming;
    if (latest.status === "credited") {
      setRedeeming(null);
      setCredited(latest);
      return;
    }
    if (latest.status === "refunded" || checks.current >= CHECKS) {
      navigate(`/asiaMiles_order/${latest.id}`);
      return;
    }
    if (status.state !== "idle") return;
    const timer = setTimeout(() => {
      checks.current += 1;
      status.load(`/asiaMiles_order/${redeeming.id}`);
    }, CHECK_MS);
    return () => clearTimeout(timer);
  }, [redeeming, status, navigate]);

  const busy = redeem.state !== "idle" || redeeming !== null;
  // A refusal shown at a field, in a dialog or as a toast is not repeated under the form.
  const message = reply && !reply.ok && !reply.fieldErrors && !accountError && reply.reason !== "INSUFFICIENT_MCOIN" && !(reply.reason && LIMIT_TOASTS.has(reply.reason)) ? reply.message : null;

  return (
    <div className="miles">
      <MilesHero product={product} />
      <RedeemForm
        Form={redeem.Form}
        product={product}
        idempotencyKey={key}
        errors={errors}
        accountError={accountError}
        message={message}
        busy={busy}
        onSubmit={(event) => guardSubmit(event, guard)}
        tapGuard={guard.mark}
      />
      {poor ? <NotEnoughMcoin balance={product.balance} onClose={() => setPoor(false)} /> : null}
      {redeeming ? <Redeeming order={redeeming} /> : null}
      {credited ? <MilesResult order={credited} /> : null}
    </div>
  );
}

export const ErrorBoundary = NotFoundOrErrorScreen;
