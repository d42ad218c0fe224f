/**
 * A partner's test on a served recording: `recordings/real-member` is a session of a member of the
 * team's own, recorded through `mcoin record` while using the mall (their data pseudonymised; the
 * pictures kept beside). Each worker's sandbox serves it alone (`strict`: a call it does not hold is a
 * 404) to a mall on a port of its own; the test signs in as the recorded member and sees what they
 * saw last.
 */
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { expect, test } from "@mcoin/harness/playwright";

const RECORDING = fileURLToPath(new URL("../recordings/real-member", import.meta.url));
const recordings = readdirSync(RECORDING)
  .filter((file) => file.endsWith(".json"))
  .sort()
  .map((file) => JSON.parse(readFileSync(join(RECORDING, file), "utf8")) as { name: string; needs?: { member?: string }; response: { body: { data?: { point?: number } } } });
/** Whom the recording belongs to: a stand-in open id, as every file names it. */
const persona = recordings.find((recording) => recording.needs?.member)!.needs!.member!;
/** The balance the member saw last. */
const balance = recordings.filter((recording) => recording.name === "GET /api/auth/basicinformation").at(-1)!.response.body.data!.point!;

test.use({ mcoinSandboxOptions: { recordings: { dir: RECORDING, strict: true } } });

test("the recorded member signs in on the served recording and sees the balance and the address book they left", async ({ page, signIn }) => {
  await signIn(page, { openId: persona });
  await expect(page.getByTestId("mcoin-balance")).toHaveText(balance.toLocaleString("en"));
  await page.goto("/myAddress");
  await expect(page.getByTestId("address")).toHaveCount(1);
});
