/**
 * Search (/search): the keyword box, the member's recent searches (kept by the gateway per member;
 * clearing asks first) and popular searches. A search is this screen's action, the only thing that
 * adds to the member's history (a link to results adds nothing); results open at /classify/{keyword}.
 */
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useFetcher, useLoaderData } from "@remix-run/react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { useGoBack } from "../components/app-header";
import { ConfirmDialog } from "../components/dialog";
import { BackIcon, SearchIcon, TrashIcon } from "../components/icons";
import { parseForm } from "../server/forms.server";
import { requireMember } from "../server/member.server";
import { KeywordSchema, clearSearchHistory, popularSearches, recordSearch, searchHistory } from "#core/api/catalog-endpoints";
import { isApiError } from "#core/api/errors";
import type { ScreenHandle } from "../screen-handle";
import { mallContext } from "../server/context.server";
import { withSession } from "../server/session.server";
import stylesheet from "./search.css?url";

export const handle: ScreenHandle = {
  analytics: "search",
};

export async function loader(args: LoaderFunctionArgs) {
  const { request } = args;
  const mall = await mallContext(args);
  const [popular, history] = await Promise.all([mall.api.call(popularSearches), mall.member ? mall.api.call(searchHistory) : Promise.resolve({ keywords: [] as string[] })]);
  return data({ popular: popular.keywords, history: history.keywords, keyword: new URL(request.url).searchParams.get("keyword") ?? "" });
}

const SearchActionSchema = z.discriminatedUnion("intent", [z.object({ intent: z.literal("search"), keyword: KeywordSchema.min(1) }), z.object({ intent: z.literal("clear-history") })]);

export async function action(args: ActionFunctionArgs) {
  const { request } = args;
  const mall = await mallContext(args);
  const form = await parseForm(request, SearchActionSchema);
  if (!form.success) return data({ ok: false as const }, { status: 400 });
  if (form.data.intent === "search") {
    const { keyword } = form.data;
    if (mall.member) {
      try {
        await mall.api.raw.reply(recordSearch, { keyword });
      } catch (error) {
        // The results matter more than the history: only a lost session stops the search.
        if (isApiError(error) && error.code === "NOT_LOGIN") throw await mall.api.failure(error);
        console.warn("search history not recorded", error);
      }
    }
    return withSession(mall, redirect(resultsPath(keyword)));
  }
  await requireMember(mall);
  await mall.api.call(clearSearchHistory);
  return data({ ok: true as const });
}

/**
 * Where a keyword's results are. A path segment of `.` or `..` (however encoded) is resolved away by
 * every URL parser, so those two keywords get a trailing space, which the listing trims.
 */
export function resultsPath(keyword: string): string {
  const segment = keyword === "." || keyword === ".." ? `${keyword} ` : keyword;
  return `/classify/${encodeURIComponent(segment)}`;
}

export const links = () => [{ rel: "stylesheet", href: stylesheet }];

export default function Search() {
  const { t } = useTranslation();
  const { popular, history, keyword: initialKeyword } = useLoaderData<typeof loader>();
  const goBack = useGoBack(false);
  // Without script the document's own POST answers a keyword the action refused (blank).
  const refused = useActionData<typeof action>()?.ok === false;
  // Whether the box asks for a keyword: once typed in, not until the next blank search.
  const [empty, setEmpty] = useState<boolean | null>(null);
  const [confirming, setConfirming] = useState(false);
  const clear = useFetcher<typeof action>();
  const shownHistory = clear.data?.ok ? [] : history;

  return (
    <div className="search-page">
      <Form
        method="post"
        role="search"
        className="search-bar"
        onSubmit={(event) => {
          // The box's own value: a member may have typed before the page hydrated.
          if (String(new FormData(event.currentTarget).get("keyword") ?? "").trim()) return;
          event.preventDefault();
          setEmpty(true);
        }}
      >
        <input type="hidden" name="intent" value="search" />
        <button type="button" className="icon-button" onClick={goBack} aria-label={t("common.back")}>
          <BackIcon />
        </button>
        <label className="search-bar__field">
          <SearchIcon />
          <span className="visually-hidden">{t("search.label")}</span>
          <input
            type="search"
            name="keyword"
            // Not controlled: what a member types before the page hydrates stays in the box and is searched.
            defaultValue={initialKeyword}
            key={initialKeyword}
            maxLength={60}
            enterKeyHint="search"
            placeholder={t("search.placeholder")}
            // eslint-disable-next-line jsx-a11y/no-autofocus -- the search screen is opened to type: the keyboard comes up with it, as in the wallet's own search
            autoFocus
            onChange={() => setEmpty(false)}
          />
        </label>
        <button type="submit" className="search-bar__submit">
          {t("search.submit")}
        </button>
      </Form>
      {(empty ?? refused) ? (
        <p className="form-message" role="alert">
          {t("search.empty")}
        </p>
      ) : null}

      <section className="keyword-section" aria-labelledby="recent-searches">
        <div className="keyword-section__head">
          <h2 id="recent-searches">{t("search.recent")}</h2>
          {shownHistory.length > 0 ? (
            <button type="button" className="icon-button" aria-label={t("search.clear")} onClick={() => setConfirming(true)}>
              <TrashIcon />
            </button>
          ) : null}
        </div>
        {shownHistory.length > 0 ? <KeywordChips keywords={shownHistory} /> : <p className="keyword-section__empty">{t("search.noHistory")}</p>}
      </section>

      <section className="keyword-section" aria-labelledby="popular-searches">
        <div className="keyword-section__head">
          <h2 id="popular-searches">{t("search.popular")}</h2>
        </div>
        <KeywordChips keywords={popular} />
      </section>

      {confirming ? (
        <ConfirmDialog
          title={t("search.clearTitle")}
          confirmLabel={t("search.clearConfirm")}
          onCancel={() => setConfirming(false)}
          onConfirm={() => clear.submit({ intent: "clear-history" }, { method: "post" })}
        >
          <p>{t("search.clearBody")}</p>
        </ConfirmDialog>
      ) : null}
    </div>
  );
}

/** Each keyword searches again through the screen's action, so it joins the recent searches. */
function KeywordChips({ keywords }: { keywords: string[] }) {
  return (
    <ul className="chips keyword-chips">
      {keywords.map((keyword) => (
        <li key={keyword}>
          <Form method="post" className="chip-form">
            <input type="hidden" name="intent" value="search" />
            <button type="submit" name="keyword" value={keyword} className="chip">
              {keyword}
            </button>
          </Form>
        </li>
      ))}
    </ul>
  );
}
