/**
 * The sandbox's stand-in for the wallet app's sign-in: lists the demo members and sends the chosen
 * one back to the mall with login parameters (a single-use `code` and the `state`), as the host does.
 * It returns only to the mall's own origins: a login code sent anywhere else is a session handed to
 * whoever owns that address. Serving recordings of members of its own (`--recordings`), it lists
 * those personas instead, each with their recorded nickname: the served environment is theirs, and a
 * demo member there would meet nothing recorded (docs/decisions/034-served-recordings-as-the-member-left-them.md).
 */
import { http, HttpResponse, type HttpHandler } from "msw";
import type { Books } from "./domain/books";
import type { Logins } from "./domain/logins";
import type { Members } from "./domain/members";

type PageLocale = "zh" | "en";

/**
 * The page's own words: it is the wallet's screen, not the mall's, so it carries its texts rather
 * than reading the mall's locale files. zh in Traditional Chinese; `{{name}}` and `{{points}}` are
 * filled in.
 */
export const LOGIN_PAGE_TEXTS: Record<PageLocale, Record<"title" | "subtitle" | "subtitleRecorded" | "points" | "choose" | "invalidRedirect" | "footer", string>> = {
  zh: {
    title: "使用 MPay 登入",
    subtitle: "沙盒環境：請選擇示範會員以進入 mCoin 商城。",
    subtitleRecorded: "錄製重播：請選擇錄製中的會員以進入 mCoin 商城。",
    points: "{{points}} mCoin",
    choose: "以 {{name}} 身份繼續",
    invalidRedirect: "此登入連結缺少返回地址。",
    footer: "mCoin 沙盒閘道的測試登入頁，不涉及真實帳戶。",
  },
  en: {
    title: "Sign in with MPay",
    subtitle: "Sandbox: choose a demo member to continue to mCoin Mall.",
    subtitleRecorded: "Served recording: choose a recorded member to continue to mCoin Mall.",
    points: "{{points}} mCoin",
    choose: "Continue as {{name}}",
    invalidRedirect: "This sign-in link is missing where to return to.",
    footer: "Test-only sign-in page of the mCoin sandbox gateway. No real account is used.",
  },
};

/** The app market's stand-in page: where the mall's upgrade prompt sends a member whose MPay is too old. */
const APP_MARKET_TEXTS: Record<PageLocale, Record<"title" | "app" | "version" | "update" | "note", string>> = {
  zh: {
    title: "應用市場",
    app: "MPay",
    version: "最新版本 5.8.6 或以上",
    update: "更新",
    note: "mCoin 沙盒閘道代替應用市場的頁面：在真實手機上，會員會在此更新 MPay。",
  },
  en: {
    title: "App market",
    app: "MPay",
    version: "Latest version: 5.8.6 or later",
    update: "Update",
    note: "The mCoin sandbox gateway's stand-in for the app market: on a real phone, the member updates MPay here.",
  },
};

/** GET /__wallet/app-market: the app market's page for MPay, as the sandbox stands in for it. */
export function appMarketPageHandler(): HttpHandler {
  return http.get("*/__wallet/app-market", ({ request }) => {
    const url = new URL(request.url);
    const locale = pageLocale(url, request);
    const t = APP_MARKET_TEXTS[locale];
    const html = `${pageHead(locale, t.title)}<style>
  :root { color-scheme: light; --brand: #c4450d; --ink: #1f2329; --muted: #676d79; --line: #ebedf0; }
  body { margin: 0; font: 15px/1.5 -apple-system, "PingFang TC", "Noto Sans TC", "Noto Sans CJK TC", sans-serif; color: var(--ink); }
  header { padding: 16px 20px; border-bottom: 1px solid var(--line); font-weight: 600; }
  main { display: flex; align-items: center; gap: 16px; padding: 20px; }
  .icon { width: 64px; height: 64px; border-radius: 16px; background: linear-gradient(135deg, #c84f12, #b53c0a); color: #fff; display: grid; place-items: center; font-weight: 700; }
  .what { flex: 1; }
  h1 { margin: 0; font-size: 20px; }
  .what p { margin: 2px 0 0; color: var(--muted); font-size: 13px; }
  button { min-height: 44px; padding: 0 20px; border: 0; border-radius: 22px; background: var(--brand); color: #fff; font: inherit; font-weight: 600; }
  footer { padding: 0 20px; color: var(--muted); font-size: 12px; }
</style>
</head>
<body>
<header>${escapeHtml(t.title)}</header>
<main>
  <div class="icon" aria-hidden="true">M</div>
  <div class="what"><h1>${escapeHtml(t.app)}</h1><p>${escapeHtml(t.version)}</p></div>
  <button type="button">${escapeHtml(t.update)}</button>
</main>
<footer><p>${escapeHtml(t.note)}</p></footer>
</body>
</html>`;
    return new HttpResponse(html, { headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" } });
  });
}

/** The start of the sandbox's stand-in pages: the document, in the page's language, up to its styles. */
function pageHead(locale: PageLocale, title: string): string {
  return `<!doctype html>
<html lang="${locale === "zh" ? "zh-Hant" : "en"}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover">
<title>${escapeHtml(title)}</title>
<link rel="icon" href="data:,">
`;
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] as string);
}

function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{\{(\w+)\}\}/g, (_, key: string) => values[key] ?? "");
}

function pageLocale(url: URL, request: Request): PageLocale {
  const asked = url.searchParams.get("lang") ?? /language[/=]([a-z]{2})/i.exec(request.headers.get("user-agent") ?? "")?.[1];
  return asked?.toLowerCase().startsWith("en") ? "en" : "zh";
}

export { DEFAULT_MALL_ORIGINS, MallOriginSchema } from "./access";

/** The return address when it is on one of the mall's origins (scheme, host and port alike). */
function safeRedirect(raw: string | null, mallOrigins: ReadonlySet<string>): URL | null {
  if (!raw) return null;
  try {
    const url = new URL(raw);
    return mallOrigins.has(url.origin) ? url : null;
  } catch {
    return null;
  }
}

/** `mallOrigins`: where the page may send a login code; `personas`: a served recording's members, listed instead of the demo members when there are any. */
export function loginPageHandlers({
  members,
  logins,
  books,
  mallOrigins,
  mount = "",
  personas = [],
}: {
  members: Members;
  logins: Logins;
  books: Books;
  mallOrigins: ReadonlySet<string>;
  /** The path the sandbox is reached under (a tenant's `/tenants/NAME`): the form posts back under it. */
  mount?: string;
  personas?: readonly string[];
}): HttpHandler[] {
  const recorded = () => personas.flatMap((openId) => members.get(openId) ?? []);
  return [
    http.get("*/oauth/authorize", ({ request }) => {
      const url = new URL(request.url);
      const locale = pageLocale(url, request);
      const t = LOGIN_PAGE_TEXTS[locale];
      const redirect = safeRedirect(url.searchParams.get("redirect_uri"), mallOrigins);
      const loginState = url.searchParams.get("state") ?? "";
      const personaMembers = recorded();
      const listed = personaMembers.length > 0 ? personaMembers : members.all();
      // The button is named by what it shows (the member, their blurb and points), with "Continue as"
      // around the name for screen readers only: an aria-label would hide the visible text from voice
      // control ("label-content-name-mismatch").
      const [before = "", after = ""] = t.choose.split("{{name}}");
      const choose = { before, after };
      const items = listed
        .map((member) => {
          const name = escapeHtml(member.nickname);
          return `<li><form method="post" action="${escapeHtml(mount)}/oauth/authorize">
  <input type="hidden" name="openId" value="${escapeHtml(member.openId)}">
  <input type="hidden" name="redirect_uri" value="${escapeHtml(redirect?.href ?? "")}">
  <input type="hidden" name="state" value="${escapeHtml(loginState)}">
  <button type="submit">
    <img src="/static/avatars/${escapeHtml(member.avatar)}" alt="" width="48" height="48">
    <span class="who"><strong><span class="vh">${escapeHtml(choose.before)}</span>${name}<span class="vh">${escapeHtml(choose.after)}</span></strong><small>${escapeHtml(member.blurb[locale])}</small></span>
    <span class="pts">${escapeHtml(fill(t.points, { points: books.balance(member.openId).toLocaleString("en-US") }))}</span>
  </button>
</form></li>`;
        })
        .join("\n");
      const body = redirect ? `<ul>${items}</ul>` : `<p class="warn" role="alert">${escapeHtml(t.invalidRedirect)}</p>`;
      const html = `${pageHead(locale, t.title)}<style>
  /* The mall's design tokens (app/styles/tokens.css), which meet WCAG AA: brand text on white, white text on both ends of the gradient. */
  :root { color-scheme: light; --brand: #c4450d; --brand-gradient: linear-gradient(135deg, #c84f12 0%, #b53c0a 100%); --ink: #1f2329; --muted: #676d79; --line: #ebedf0; --bg: #f5f6f8; --danger: #c62a30; }
  * { box-sizing: border-box; }
  body { margin: 0; font: 15px/1.5 -apple-system, "PingFang TC", "Noto Sans TC", "Noto Sans CJK TC", sans-serif; background: var(--bg); color: var(--ink); }
  header { background: var(--brand-gradient); color: #fff; padding: 40px 20px 28px; }
  h1 { margin: 0 0 6px; font-size: 22px; }
  header p { margin: 0; font-size: 14px; }
  ul { list-style: none; margin: -12px 16px 0; padding: 0; }
  li + li { margin-top: 10px; }
  form { margin: 0; }
  button { width: 100%; min-height: 72px; display: flex; align-items: center; gap: 12px; padding: 12px 14px; border: 1px solid var(--line); border-radius: 14px; background: #fff; color: inherit; font: inherit; text-align: left; cursor: pointer; box-shadow: 0 2px 8px rgba(31,35,41,.06); }
  button:active { background: #fff4ee; }
  img { border-radius: 50%; flex: none; }
  .who { flex: 1; display: flex; flex-direction: column; min-width: 0; }
  .who small { color: var(--muted); font-size: 12px; }
  .vh { position: absolute; width: 1px; height: 1px; margin: -1px; padding: 0; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; border: 0; }
  .pts { color: var(--brand); font-weight: 600; font-size: 13px; white-space: nowrap; }
  .warn { margin: 16px; padding: 12px; background: #fff; border-radius: 12px; color: var(--danger); }
  footer { margin: 24px 16px; color: var(--muted); font-size: 12px; text-align: center; }
</style>
</head>
<body>
<header><h1>${escapeHtml(t.title)}</h1><p>${escapeHtml(personaMembers.length > 0 ? t.subtitleRecorded : t.subtitle)}</p></header>
<main>${body}</main>
<footer>${escapeHtml(t.footer)}</footer>
</body>
</html>`;
      return new HttpResponse(html, { headers: { "content-type": "text/html; charset=utf-8", "cache-control": "no-store" } });
    }),

    http.post("*/oauth/authorize", async ({ request }) => {
      const form = new URLSearchParams(await request.text());
      const member = members.get(form.get("openId") ?? "");
      const redirect = safeRedirect(form.get("redirect_uri"), mallOrigins);
      if (!member) return HttpResponse.json({ code: 400, msg: personas.length > 0 ? "choose one of the recorded members" : "choose one of the demo members" }, { status: 400 });
      if (!redirect) return HttpResponse.json({ code: 400, msg: "redirect_uri is not on one of the mall's origins (--mall-origin)" }, { status: 400 });
      redirect.searchParams.set("code", logins.issueAuthCode(member.openId));
      redirect.searchParams.set("state", form.get("state") ?? "");
      return new HttpResponse(null, { status: 302, headers: { location: redirect.href } });
    }),
  ];
}
