/**
 * Playwright fixtures: the sandbox reset before every test and driven through its controls (the
 * typed client of core/controls/client.ts), a signed-in member through the sandbox's sign-in page,
 * and the simulated host's log.
 */
import { test as base, expect, type APIRequestContext, type Page } from "@playwright/test";
import { createControlClient, type ControlClient } from "#core/controls/client";
import * as controls from "#core/controls/declarations";
import type { ControlInput, LoggedCallView } from "#core/controls/declarations";
import { E2E_APP_URL, E2E_SANDBOX_URL } from "./env";

export { expect };

/** The demo members of fixtures/members.json. */
export const MEMBERS = {
  chan: { openId: "mpay-1001", nickname: "陳大文", point: "12,580" },
  ana: { openId: "mpay-1002", nickname: "Ana Sousa", point: "3,200" },
  wong: { openId: "mpay-1003", nickname: "黃美玲", point: "56,800" },
  lei: { openId: "mpay-1004", nickname: "李志明", point: "0" },
  /** 500 mCoin, terms accepted: buys 2 pieces of offer 7 with 300 mCoin (issue 8's acceptance). */
  sam: { openId: "mpay-1005", nickname: "Sam Ho", point: "500" },
} as const;
export type MemberKey = keyof typeof MEMBERS;

export type { FaultKind } from "#core/controls/faults";
import type { FaultKind } from "#core/controls/faults";

export type LoggedCall = LoggedCallView;

/**
 * The sandbox of the test's worker: its controls through the one typed client (`controls`, and the
 * helpers below for what tests do often), and what a member's phone or the sign-in page does there.
 */
export class SandboxControl {
  /** The controls (core/controls/declarations.ts), typed. */
  readonly controls: ControlClient = createControlClient({ baseUrl: E2E_SANDBOX_URL });

  constructor(private readonly request: APIRequestContext) {}

  async reset() {
    await this.controls.get(controls.reset);
  }

  async fault(path: string, kind: FaultKind, times = 1, delayMs = 0) {
    await this.controls.get(controls.addFault, { input: { path, kind, times, ...(kind === "delay" || delayMs > 0 ? { delayMs } : {}) } });
  }

  async calls(pathFragment?: string): Promise<LoggedCall[]> {
    const { calls } = await this.controls.get(controls.log);
    return pathFragment ? calls.filter((call) => call.path.includes(pathFragment)) : calls;
  }

  /** The error reports the sandbox collected for the mall (what `mcoin sandbox errors` prints). */
  async errors() {
    return (await this.controls.get(controls.errors)).errors;
  }

  async patchMember(openId: string, patch: ControlInput<typeof controls.patchMember>) {
    await this.controls.get(controls.patchMember, { params: { openId }, input: patch });
  }

  /** A member's mCoin ledger, oldest first, as the sandbox keeps it. */
  async ledger(openId: string) {
    return (await this.controls.get(controls.ledger, { params: { openId } })).entries;
  }

  /** A member's orders, oldest first, as the sandbox keeps them. */
  async orders(openId: string) {
    return (await this.controls.get(controls.orders, { params: { openId } })).orders;
  }

  async setOffer(offerId: number, patch: ControlInput<typeof controls.patchOffer>) {
    await this.controls.get(controls.patchOffer, { params: { id: offerId }, input: patch });
  }

  /** The sandbox's clock now. */
  async now(): Promise<number> {
    return (await this.controls.get(controls.clock)).now;
  }

  /** Moves the sandbox's clock (it keeps running). */
  async setClock(at: number) {
    await this.controls.get(controls.setClock, { input: { now: at } });
  }

  /** Moves the sandbox's clock `ms` on from where it is (it keeps running). */
  async advanceClock(ms: number) {
    await this.setClock((await this.now()) + ms);
  }

  async digest(): Promise<string> {
    return (await this.controls.get(controls.state)).digest;
  }

  /** A session token for a member, as engineers get one with POST /member/login. */
  async token(openId: string): Promise<string> {
    const body = (await (await this.request.post("/member/login", { data: { openId } })).json()) as { data: { token: string } };
    return body.data.token;
  }

  /** A member's address book as the gateway lists it (the default first). */
  async addresses(openId: string): Promise<{ id: number; isDefault: number; name: string; areaCode: string; mobile: string; area: string; address: string }[]> {
    const token = await this.token(openId);
    const reply = await this.request.get("/api/mini/userAddress/lists", { headers: { authorization: `Bearer ${token}`, mpay: "1" } });
    return ((await reply.json()) as { data: { snatchList: never[] } }).data.snatchList;
  }

  /** A single-use login code, as the sign-in page hands out, returned to `redirectUri`. */
  async loginRedirect(openId: string, redirectUri: string, state = ""): Promise<string> {
    const response = await this.request.post("/oauth/authorize", {
      form: { openId, redirect_uri: redirectUri, state },
      maxRedirects: 0,
    });
    expect(response.status()).toBe(302);
    return response.headers().location;
  }
}

export async function hostCalls(page: Page): Promise<{ method: string; args: unknown[] }[]> {
  return page.evaluate(() => JSON.parse(window.sessionStorage.getItem("mcoin.host.log") ?? "[]"));
}

/** Resolves once the page has hydrated: the first effect creates the host bridge. */
export async function hydrated(page: Page): Promise<void> {
  await page.waitForFunction(() => window.__mcoinHost !== undefined);
}

/** Where the simulated host puts the member (Senado Square), as the page keeps it in its cookie. */
export const MEMBER_LOCATION = "22.19350,113.53970";

/** The sandbox's sign-in page (it stands in for the wallet app's). */
export function isLoginPage(url: URL | string): boolean {
  return new URL(String(url)).pathname === "/oauth/authorize";
}

/**
 * Where the mall sends a signed-out visitor of `from`: the sandbox's sign-in page, with the mall's
 * return address and state. Asked with the page's request context, so the state cookie the mall sets
 * is the browser's.
 */
async function signInPageFor(page: Page, from: string): Promise<URL> {
  let url = new URL(from, E2E_APP_URL);
  for (let hop = 0; hop < 5; hop++) {
    const reply = await page.request.get(url.href, { maxRedirects: 0 });
    const location = reply.headers().location;
    if (!location) throw new Error(`${from} did not send a signed-out visitor to sign in (${reply.status()} at ${url.pathname})`);
    url = new URL(location, url);
    if (isLoginPage(url)) return url;
  }
  throw new Error(`${from} redirected more than 5 times without reaching the sign-in page`);
}

interface Fixtures {
  sandbox: SandboxControl;
  /**
   * Signs a member in through the sign-in page; agrees to the terms if they pop up (unless told not
   * to). The member's location is already known (as after an earlier visit), so the page does not
   * reload its data when the host answers; `firstVisit` leaves it to the host. The sign-in page is
   * drawn and tapped with `throughPage` (and on a first visit); otherwise the same redirects run without
   * it, which saves a page load in every test. `draw: false` follows the last redirect without the
   * page (the session cookie lands in the context's jar all the same), for tests that only need it.
   */
  signIn: (member: MemberKey, options?: { from?: string; agree?: boolean; firstVisit?: boolean; throughPage?: boolean; draw?: boolean }) => Promise<void>;
}

export const test = base.extend<Fixtures>({
  sandbox: async ({ playwright }, use) => {
    const request = await playwright.request.newContext({ baseURL: E2E_SANDBOX_URL });
    const sandbox = new SandboxControl(request);
    await sandbox.reset();
    await use(sandbox);
    await request.dispose();
  },
  signIn: async ({ page, sandbox }, use) => {
    await use(async (member, { from = "/index", agree = true, firstVisit = false, throughPage = firstVisit, draw = true } = {}) => {
      if (!firstVisit) await page.context().addCookies([{ name: "mcoin_geo", value: encodeURIComponent(MEMBER_LOCATION), url: E2E_APP_URL }]);
      if (throughPage) {
        await page.goto(from);
        await expect(page).toHaveURL(isLoginPage);
        // The sign-in page speaks the member's language; the nickname is the same in both.
        await page.getByRole("button", { name: new RegExp(MEMBERS[member].nickname) }).click();
      } else {
        // The same redirects without drawing the sign-in page: the mall sends the visitor to it (its
        // state cookie lands in the browser's jar, which the page's request context shares), the
        // member is chosen there, and the browser follows the code back to the mall and on to `from`.
        const login = await signInPageFor(page, from);
        const back = await sandbox.loginRedirect(MEMBERS[member].openId, login.searchParams.get("redirect_uri") ?? "", login.searchParams.get("state") ?? "");
        if (!draw) {
          const landed = await page.request.get(back);
          expect(landed.ok(), `signing in landed on ${landed.url()} with ${landed.status()}`).toBe(true);
          expect(isLoginPage(new URL(landed.url()))).toBe(false);
          return;
        }
        await page.goto(back);
      }
      await page.waitForURL((url) => !isLoginPage(url));
      await hydrated(page);
      if (agree) {
        const dialog = page.getByRole("dialog");
        // Members whose terms are pending see the pop-up; agree to get it out of the way.
        if (await dialog.isVisible()) {
          await dialog.getByRole("checkbox").check();
          await dialog.getByRole("button", { name: /^(Agree|同意)$/ }).click();
          await expect(dialog).toBeHidden();
        }
      }
    });
  },
});
