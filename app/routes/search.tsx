/**
 * Search (/search): the keyword box, the member's recent searches (kept by the gateway per member;
 * clearing asks first) and popular searches. Results open at /classify/{keyword}.
 */
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useFetcher, useLoaderData, useNavigate } from "@remix-run/react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { useGoBack } from "../components/app-header";
import { Dialog } from "../components/dialog";
import { BackIcon, SearchIcon, TrashIcon } from "../components/icons";
import { parseForm } from "../server/forms.server";
import { getRequestContext, requireMember } from "../server/gateway.server";
import { clearSearchHistory, popularSearches, searchHistory } from "../lib/api/catalog-endpoints";

export async function loader({ request }: LoaderFunctionArgs) {
  const context = await getRequestContext(request);
  const [popular, history] = await Promise.all([
    context.call(popularSearches),
    context.member ? context.call(searchHistory) : Promise.resolve({ keywords: [] as string[] }),
  ]);
  return data(
    { popular: popular.keywords, history: history.keywords, keyword: new URL(request.url).searchParams.get("keyword") ?? "" },
    { headers: await context.headers() },
  );
}

export async function action({ request }: ActionFunctionArgs) {
  const context = await requireMember(request);
  const form = await parseForm(request, z.object({ intent: z.literal("clear-history") }));
  if (!form.success) return data({ ok: false as const }, { status: 400 });
  await context.call(clearSearchHistory);
  return data({ ok: true as const }, { headers: await context.headers() });
}

/** Where a keyword's results are. */
export function resultsPath(keyword: string): string {
  return `/classify/${encodeURIComponent(keyword)}`;
}

export default function Search() {
  const { t } = useTranslation();
  const { popular, history, keyword: initialKeyword } = useLoaderData<typeof loader>();
  const navigate = useNavigate();
  const goBack = useGoBack(false);
  const [keyword, setKeyword] = useState(initialKeyword);
  const [empty, setEmpty] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const clear = useFetcher<typeof action>();
  const shownHistory = clear.data?.ok ? [] : history;

  return (
    <div className="search-page">
      <Form
        role="search"
        className="search-bar"
        onSubmit={(event) => {
          event.preventDefault();
          const trimmed = keyword.trim();
          if (!trimmed) {
            setEmpty(true);
            return;
          }
          navigate(resultsPath(trimmed));
        }}
      >
        <button type="button" className="icon-button" onClick={goBack} aria-label={t("common.back")}>
          <BackIcon />
        </button>
        <label className="search-bar__field">
          <SearchIcon />
          <span className="visually-hidden">{t("search.label")}</span>
          <input
            type="search"
            name="keyword"
            value={keyword}
            maxLength={60}
            enterKeyHint="search"
            placeholder={t("search.placeholder")}
            autoFocus
            onChange={(event) => {
              setKeyword(event.currentTarget.value);
              setEmpty(false);
            }}
          />
        </label>
        <button type="submit" className="search-bar__submit">
          {t("search.submit")}
        </button>
      </Form>
      {empty ? (
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
        {shownHistory.length > 0 ? (
          <KeywordChips keywords={shownHistory} />
        ) : (
          <p className="keyword-section__empty">{t("search.noHistory")}</p>
        )}
      </section>

      <section className="keyword-section" aria-labelledby="popular-searches">
        <div className="keyword-section__head">
          <h2 id="popular-searches">{t("search.popular")}</h2>
        </div>
        <KeywordChips keywords={popular} />
      </section>

      {confirming ? (
        <Dialog
          role="alertdialog"
          title={t("search.clearTitle")}
          onDismiss={() => setConfirming(false)}
          actions={
            <>
              <button type="button" className="button button--secondary" onClick={() => setConfirming(false)}>
                {t("common.cancel")}
              </button>
              <button
                type="button"
                className="button button--primary"
                onClick={() => {
                  setConfirming(false);
                  clear.submit({ intent: "clear-history" }, { method: "post" });
                }}
              >
                {t("search.clearConfirm")}
              </button>
            </>
          }
        >
          <p>{t("search.clearBody")}</p>
        </Dialog>
      ) : null}
    </div>
  );
}

function KeywordChips({ keywords }: { keywords: string[] }) {
  return (
    <ul className="chips keyword-chips">
      {keywords.map((keyword) => (
        <li key={keyword}>
          <Link to={resultsPath(keyword)} className="chip">
            {keyword}
          </Link>
        </li>
      ))}
    </ul>
  );
}
