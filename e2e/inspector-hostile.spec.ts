/**
 * The traffic inspector shows what anyone sent the gateway: markup and script in a path, a query, a
 * header and a body are shown as text, never run or parsed as markup; the page's API answers hostile
 * input with a 4xx naming it, never a 5xx; and a page of another origin cannot read it.
 */
import { get } from "node:http";
import { INSPECT_API } from "#core/controls/inspect";
import { E2E_SANDBOX_URL } from "./env";
import { expect, test } from "./fixtures";

const MARKUP = `<img src=x onerror="window.__pwned=1"><script>window.__pwned=2</script>`;

test.use({ viewport: { width: 1280, height: 900 }, isMobile: false, hasTouch: false });

test("markup sent to the gateway is shown as text in the list and the detail, and nothing of it runs", async ({ page, sandbox: _reset }) => {
  const dialogs: string[] = [];
  page.on("dialog", (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  await page.goto(`${E2E_SANDBOX_URL}/__sandbox/inspect`);
  await expect(page.getByText("Live", { exact: true })).toBeVisible();
  await fetch(`${E2E_SANDBOX_URL}/api/${encodeURIComponent(MARKUP)}?q=${encodeURIComponent(MARKUP)}`, { headers: { "x-note": MARKUP.replace(/"/g, "'") } });
  await fetch(`${E2E_SANDBOX_URL}/api/auth/setClause`, { method: "POST", headers: { "content-type": "application/json", "x-note": "<b>bold</b>" }, body: JSON.stringify({ note: MARKUP }) });

  const rows = page.getByRole("list", { name: "Exchanges, newest first" }).getByRole("listitem");
  await expect(rows).toHaveCount(2);
  await rows.filter({ hasText: "setClause" }).locator("button").click();
  const detail = page.getByRole("region", { name: "Detail" });
  await expect(detail).toContainText("window.__pwned=1");
  await expect(detail).toContainText("<b>bold</b>");
  await rows.filter({ hasText: "%3Cimg" }).locator("button").click();
  await expect(detail).toContainText("<script>window.__pwned=2</script>");
  await expect(detail).toContainText("onerror='window.__pwned=1'");

  expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
  expect(await page.locator("img[src='x'], b").count()).toBe(0);
  expect(dialogs).toEqual([]);
});

test("the API answers hostile input with a 4xx that names it, never a 5xx", async ({ sandbox: _reset }) => {
  const at = (path: string, init?: RequestInit) => fetch(`${E2E_SANDBOX_URL}${path}`, init);
  const json = (body: string) => ({ method: "POST", headers: { "content-type": "application/json" }, body });
  const answers = [
    await at(`${INSPECT_API.exchanges}/99999999999999999999`),
    await at(`${INSPECT_API.exchanges}/-1`),
    await at(`${INSPECT_API.exchanges}?status=${encodeURIComponent(MARKUP)}&text=${"x".repeat(5000)}`),
    await at(`${INSPECT_API.har}?seq=1,two,3`),
    await at(INSPECT_API.save, json(JSON.stringify({ seqs: [1], name: "../../etc/passwd" }))),
    await at(INSPECT_API.save, json(JSON.stringify({ seqs: Array.from({ length: 501 }, (_, index) => index + 1), name: "many" }))),
    await at(INSPECT_API.save, json("[".repeat(10_000))),
    await at(INSPECT_API.replay, json(JSON.stringify({ seq: "1; rm -rf /" }))),
    await at(INSPECT_API.fault, json(JSON.stringify({ path: MARKUP, kind: "<script>" }))),
    await at(INSPECT_API.fault, { method: "POST", headers: { "content-type": "text/plain" }, body: "kind=reset" }),
    await at(`${INSPECT_API.stream}?since=${encodeURIComponent(MARKUP)}`, { signal: AbortSignal.timeout(1000) }).catch(() => new Response(null, { status: 200 })),
  ];
  for (const answer of answers) expect(answer.status, answer.url).toBeLessThan(500);
  // The list with a hostile status filter is the whole list, unfiltered; the stream opens from the start.
  expect(answers[2].status).toBe(200);
  expect(answers[4].status).toBe(400);
  expect(await answers[4].text()).toContain("name: letters, digits and dashes");
  expect(answers[9].status).toBe(415);
});

test("a page of another origin cannot read the inspector's API", async ({ sandbox: _reset }) => {
  const crossSite = await fetch(`${E2E_SANDBOX_URL}${INSPECT_API.exchanges}`, { headers: { "sec-fetch-site": "cross-site", origin: "http://evil.example" } });
  expect(crossSite.status).toBe(403);
  // A DNS-rebound page reaches the loopback sandbox under its own name: only the Host header tells.
  const rebound = await new Promise<number>((resolve, reject) => {
    const asked = get(`${E2E_SANDBOX_URL}${INSPECT_API.stream}`, { headers: { host: "evil.example" } }, (answer) => {
      resolve(answer.statusCode ?? 0);
      answer.destroy();
    });
    asked.on("error", reject);
  });
  expect(rebound).toBe(403);
});
