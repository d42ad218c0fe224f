/**
 * Daily check-in (/checkIn, 'sign in to get mCoin'): today's state after any reload, the streak, the
 * 7-day ladder with what each day gives (the rules, written on the screen), and one check-in a day
 * of Macau. The form works without JavaScript (its idempotency key comes from the loader); a second
 * check-in the same day is refused by the gateway and earns nothing.
 */
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation, type ShouldRevalidateFunction } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { CoinIcon } from "../components/icons";
import { NotFoundOrErrorScreen } from "../components/status-screen";
import { checkIn } from "#core/api/promotion-endpoints";
import { CHECK_IN_LADDER } from "#core/api/vocabulary";
import { IDEMPOTENCY_HEADER } from "#core/api/shop-endpoints";
import { isUnconfirmed } from "../lib/idempotency-key";
import { formatPoints } from "../lib/money/format";
import { parseForm } from "../server/forms.server";
import { requireMember } from "../server/member.server";
import { fixedT } from "../server/i18n.server";
import { refusable, refused } from "../server/order-actions.server";
import { CheckInFormSchema, checkInData } from "./check-in.server";
import type { ScreenHandle } from "../screen-handle";
import { ScreenHero } from "../components/screen-hero";
import { mallContext } from "../server/context.server";
import stylesheet from "./check-in.css?url";
import { intentClientLoader, useFreshData } from "../lib/intent-data";

export const handle: ScreenHandle = { analytics: "checkIn", member: true };

/** Its data can be asked for on a tap's first touch, and the way back shows what was seen (lib/intent-data.ts). */
export const clientLoader = intentClientLoader;

export async function loader(args: LoaderFunctionArgs) {
  return data(await checkInData(args));
}

export async function action(args: ActionFunctionArgs) {
  const { request } = args;
  const mall = await mallContext(args);
  await requireMember(mall);
  const t = await fixedT(mall.locale);
  const form = await parseForm(request, CheckInFormSchema);
  if (!form.success) return refused(null, null, t("offer.invalidForm"), 400);
  const result = await refusable(t, "check-in", () => mall.api.call(checkIn, {}, { headers: { [IDEMPOTENCY_HEADER]: form.data.idempotencyKey } }));
  if (!result.ok) return result.response;
  return data({ ok: true as const, reward: result.value.reward });
}

/** A check-in whose outcome is unknown keeps its form's key for the retry: the loader that mints keys does not run again. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ actionResult, defaultShouldRevalidate }) => !isUnconfirmed(actionResult) && defaultShouldRevalidate;

export const links = () => [{ rel: "stylesheet", href: stylesheet }];

export default function CheckIn() {
  const { t } = useTranslation();
  // Back to the check-in: as the member saw it, asked again in the background (lib/intent-data.ts).
  const { status, idempotencyKey } = useFreshData(useLoaderData<typeof loader>()).data;
  const answer = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  // Days of the current round of the ladder already checked in.
  const doneInRound = status.checkedInToday ? status.ladderDay : status.ladderDay - 1;

  return (
    <div className="check-in">
      <ScreenHero tone="brand" titleId="check-in-title" title={t("screen.checkIn")} className="check-in__hero">
        <p className="check-in__balance">
          <CoinIcon /> {t("checkIn.balance")} <strong data-testid="check-in-balance">{formatPoints(status.balance)}</strong>
        </p>
        <p className="check-in__streak" data-testid="check-in-streak">
          {t("checkIn.streak", { count: status.streak })}
        </p>
      </ScreenHero>

      <section className="card offer-section" aria-labelledby="check-in-ladder">
        <h2 id="check-in-ladder" className="offer-section__title">
          {t("checkIn.ladderTitle")}
        </h2>
        <ol className="check-in__ladder">
          {CHECK_IN_LADDER.map((reward, index) => {
            const day = index + 1;
            const state = day <= doneInRound ? "done" : day === doneInRound + 1 && !status.checkedInToday ? "today" : "later";
            return (
              <li key={day} className={`check-in__day check-in__day--${state}`} aria-current={state === "today" ? "date" : undefined}>
                <span className="check-in__reward">+{reward}</span>
                <span className="check-in__label">{t("checkIn.day", { day })}</span>
                <span className="visually-hidden">{t(`checkIn.state.${state}`)}</span>
              </li>
            );
          })}
        </ol>
        <Form method="post" className="check-in__form">
          <input type="hidden" name="intent" value="check-in" />
          <input type="hidden" name="idempotencyKey" value={idempotencyKey} />
          <button type="submit" className="button button--primary button--block" disabled={busy || status.checkedInToday}>
            {status.checkedInToday ? t("checkIn.done") : t("checkIn.submit", { reward: status.rewardToday })}
          </button>
        </Form>
        {answer && "reward" in answer ? (
          <p className="form-success" role="status">
            {t("checkIn.rewarded", { reward: answer.reward })}
          </p>
        ) : answer && !answer.ok ? (
          <p className="form-message" role="alert">
            {answer.message}
          </p>
        ) : status.checkedInToday ? (
          <p className="check-in__next">{t("checkIn.tomorrow", { reward: status.rewardTomorrow })}</p>
        ) : null}
      </section>

      <section className="card offer-section" aria-labelledby="check-in-rules">
        <h2 id="check-in-rules" className="offer-section__title">
          {t("checkIn.rulesTitle")}
        </h2>
        <ul className="check-in__rules">
          <li>{t("checkIn.rules.once")}</li>
          <li>{t("checkIn.rules.ladder", { rewards: CHECK_IN_LADDER.join(", ") })}</li>
          <li>{t("checkIn.rules.missed")}</li>
          <li>{t("checkIn.rules.ledger")}</li>
        </ul>
      </section>
    </div>
  );
}

export const ErrorBoundary = NotFoundOrErrorScreen;
