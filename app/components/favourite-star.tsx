/**
 * The star on an offer in a list (a store's offers): favourites or un-favourites it at once, says so
 * in the toast once the gateway has it, and goes back, telling the page why (`onRefused`), when the
 * gateway refuses. Posts the `collect` intent to the page's own action
 * (app/server/favourites.server.ts).
 */
import { useFetcher } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import type { FavouriteActionResult } from "../server/favourites.server";
import { StarIcon } from "./icons";
import { useToastOn } from "./toast";
import "./favourite-star.css";

export function FavouriteStar({ offerId, title, collected: saved, onRefused }: { offerId: number; title: string; collected: boolean; onRefused(message: string): void }) {
  const { t } = useTranslation();
  const fetcher = useFetcher<FavouriteActionResult>();
  const pending = fetcher.formData?.get("collected");
  const answer = fetcher.state === "idle" ? fetcher.data : undefined;
  const collected = typeof pending === "string" ? pending === "1" : answer?.ok ? answer.collected : saved;

  useToastOn(answer, (reply) => (reply.ok ? t(reply.collected ? "toast.favourited" : "toast.unfavourited") : null));
  const told = useRef<unknown>(null);
  useEffect(() => {
    if (!answer || answer.ok || told.current === answer) return;
    told.current = answer;
    onRefused(answer.message);
  }, [answer, onRefused]);

  return (
    <fetcher.Form method="post" className="favourite-star">
      <input type="hidden" name="intent" value="collect" />
      <input type="hidden" name="offerId" value={offerId} />
      <button
        type="submit"
        name="collected"
        value={collected ? "0" : "1"}
        className={`icon-button favourite-star__button${collected ? " favourite-star__button--on" : ""}`}
        aria-pressed={collected}
        aria-label={t("favourites.toggle", { title })}
      >
        <StarIcon filled={collected} />
      </button>
    </fetcher.Form>
  );
}
