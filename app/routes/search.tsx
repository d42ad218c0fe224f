/**
 * Search (/search): the keyword box, the member's recent searches (kept by the gateway per member;
 * clearing asks first) and popular searches. A search is this screen's action, the only thing that
 * adds to the member's history (a link to results adds nothing); results open at /classify/{keyword}.
 * The way back from the results shows the screen as the member left it, the search just made first
 * among the recent ones, while the screen asks again (lib/intent-data.ts).
 */
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useFetcher, useLoaderData, useLocation, useNavigate, useRouteLoaderData } from "@remix-run/react";
import { useEffect, useRef, useState, type FormEvent, type PointerEvent } from "react";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { BackButton } from "../components/screen-header";
import { useAskAhead } from "../components/list-link";
import { ConfirmDialog } from "../components/dialog";
import { SearchIcon, TrashIcon } from "../components/icons";
import { parseForm } from "../server/forms.server";
import { requireMember } from "../server/member.server";
import { KeywordSchema, clearSearchHistory } from "#core/api/catalog-endpoints";
import type { ScreenHandle } from "../screen-handle";
import { mallContext } from "../server/context.server";
import { withSession } from "../server/session.server";
import { recordSearchHistory } from "../server/search-history.server";
import stylesheet from "./search.css?url";
import { intentClientLoader, reviseSeen, useFreshData } from "../lib/intent-data";
import type { loader as rootLoader } from "../root";
import { searchData } from "./search.server";
import { recentAfterSearch } from "../lib/catalog/recent-searches";

export const handle: ScreenHandle = {
  analytics: "search",
};

/** Its data can be asked for on a tap's first touch (lib/intent-data.ts). */
export const clientLoader = intentClientLoader;

export async function loader(args: LoaderFunctionArgs) {
  return data(await searchData(args));
}

const SearchActionSchema = z.discriminatedUnion("intent", [z.object({ intent: z.literal("search"), keyword: KeywordSchema.min(1) }), z.object({ intent: z.literal("clear-history") })]);

export async function action(args: ActionFunctionArgs) {
  const { request } = args;
  const mall = await mallContext(args);
  const form = await parseForm(request, SearchActionSchema);
  if (!form.success) return data({ ok: false as const }, { status: 400 });
  if (form.data.intent === "search") {
    const { keyword } = form.data;
    await recordSearchHistory(mall, keyword);
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

type SearchData = Awaited<ReturnType<typeof loader>>["data"];

export const links = () => [{ rel: "stylesheet", href: stylesheet }];

/** How long the member pauses typing before the results of the word so far are asked ahead. */
export const SEARCH_PAUSE_MS = 300;

/** The keyword the action would take from `raw` (KeywordSchema: trimmed, 1 to 60 characters, no control characters), or null. */
export function searchableKeyword(raw: string): string | null {
  const keyword = raw.trim();
  return keyword.length > 0 && keyword.length <= 60 && !/\p{Cc}/u.test(keyword) ? keyword : null;
}

/**
 * A search with script (docs/decisions/053-code-ahead-and-back-without-drawing.md): the results are
 * asked for while the word is typed (the first keystroke, then each pause), as a touch asks ahead on a
 * list; the search goes to the results at once and records the search alongside
 * (routes/resources.search-history.ts), rather than waiting for the action and then its redirect. A
 * keyword the action would refuse is left to the form's own submission, which answers it.
 */
function useSearch() {
  const navigate = useNavigate();
  const location = useLocation();
  const signedIn = useRouteLoaderData<typeof rootLoader>("root")?.signedIn ?? false;
  const ask = useAskAhead();
  const asked = useRef<string | null>(null);
  const pause = useRef<number>();
  useEffect(() => () => window.clearTimeout(pause.current), []);
  const askFor = (keyword: string) => {
    const href = resultsPath(keyword);
    if (href === asked.current) return;
    asked.current = href;
    ask(href);
  };
  return {
    typed(raw: string) {
      window.clearTimeout(pause.current);
      const keyword = searchableKeyword(raw);
      if (!keyword) return;
      if (asked.current === null) askFor(keyword);
      else pause.current = window.setTimeout(() => askFor(keyword), SEARCH_PAUSE_MS);
    },
    touched(keyword: string) {
      askFor(keyword);
    },
    /**
     * The search button's first touch: the results of the word in the box, asked for then rather than
     * at the click (a finger rests on the glass some 80 to 120 ms), whatever pause is still to come.
     */
    pressed(form: HTMLFormElement | null) {
      const keyword = form ? searchableKeyword(String(new FormData(form).get("keyword") ?? "")) : null;
      if (!keyword) return;
      window.clearTimeout(pause.current);
      askFor(keyword);
    },
    /** Takes the form's submission when its keyword is one the action takes; false leaves it to the form. */
    submit(event: FormEvent<HTMLFormElement>): boolean {
      const submitter = (event.nativeEvent as SubmitEvent).submitter;
      const keyword = searchableKeyword(String(new FormData(event.currentTarget, submitter).get("keyword") ?? ""));
      if (!keyword) return false;
      event.preventDefault();
      window.clearTimeout(pause.current);
      // keepalive: the record outlives the page, should the member close the wallet at once.
      void fetch("/resources/search-history", { method: "POST", body: new URLSearchParams({ intent: "record", keyword }), keepalive: true }).catch(() => {});
      // What the way back shows: the search first among the recent ones (a visitor's are not kept).
      if (signedIn) reviseSeen<SearchData>(location.pathname + location.search, (seen) => ({ ...seen, history: recentAfterSearch(seen.history, keyword) }));
      navigate(resultsPath(keyword));
      return true;
    },
  };
}

export default function Search() {
  const { t } = useTranslation();
  const { popular, history, keyword: initialKeyword } = useFreshData(useLoaderData<typeof loader>()).data;
  // Without script the document's own POST answers a keyword the action refused (blank).
  const refused = useActionData<typeof action>()?.ok === false;
  // Whether the box asks for a keyword: once typed in, not until the next blank search.
  const [empty, setEmpty] = useState<boolean | null>(null);
  const [confirming, setConfirming] = useState(false);
  const clear = useFetcher<typeof action>();
  const shownHistory = clear.data?.ok ? [] : history;
  const search = useSearch();

  return (
    <div className="search-page">
      <Form
        method="post"
        role="search"
        className="search-bar"
        onSubmit={(event) => {
          // The box's own value: a member may have typed before the page hydrated.
          if (search.submit(event) || String(new FormData(event.currentTarget).get("keyword") ?? "").trim()) return;
          event.preventDefault();
          setEmpty(true);
        }}
      >
        <input type="hidden" name="intent" value="search" />
        <BackButton />
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
            onChange={(event) => {
              setEmpty(false);
              search.typed(event.currentTarget.value);
            }}
          />
        </label>
        <button type="submit" className="search-bar__submit" onPointerDown={(event) => search.pressed(event.currentTarget.form)}>
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
        {shownHistory.length > 0 ? <KeywordChips keywords={shownHistory} search={search} /> : <p className="keyword-section__empty">{t("search.noHistory")}</p>}
      </section>

      <section className="keyword-section" aria-labelledby="popular-searches">
        <div className="keyword-section__head">
          <h2 id="popular-searches">{t("search.popular")}</h2>
        </div>
        <KeywordChips keywords={popular} search={search} />
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

/**
 * Each keyword searches again, so it joins the recent searches: through the screen's action without
 * script, else as the search box does (`useSearch`), its results asked for on the chip's first touch.
 */
function KeywordChips({ keywords, search }: { keywords: string[]; search: ReturnType<typeof useSearch> }) {
  const touched = (keyword: string) => (event: PointerEvent<HTMLButtonElement>) => {
    if (event.isPrimary && event.button === 0) search.touched(keyword);
  };
  return (
    <ul className="chips keyword-chips">
      {keywords.map((keyword) => (
        <li key={keyword}>
          <Form method="post" className="chip-form" onSubmit={(event) => void search.submit(event)}>
            <input type="hidden" name="intent" value="search" />
            <button type="submit" name="keyword" value={keyword} className="chip" onPointerDown={touched(keyword)}>
              {keyword}
            </button>
          </Form>
        </li>
      ))}
    </ul>
  );
}
