import { describe, expect, it } from "vitest";
import { parseRecording, type Recording } from "#harness/recording";
import { mintLoginCode, signsInByCode } from "./credentials";
import { KeyRing, withIdempotencyKey } from "./keys";
import { replayExitCode, skipNotice } from "./report";

const purchase = (headers: Record<string, string>): Recording =>
  parseRecording(
    {
      name: "buy",
      kind: "api",
      request: { method: "POST", path: "/api/business/snapup", headers, body: { offerId: 1, quantity: 1, mcoinUsed: 2380 }, auth: true },
      response: { status: 200, body: {} },
    },
    "test",
  );

/** Keys numbered in the order minted, so a test can tell them apart. */
const counting = () => {
  let minted = 0;
  return new KeyRing(() => `replay-key-${++minted}`);
};

describe("idempotency keys at replay", () => {
  it("mints one fresh key per role and run: a recorded retry is sent with its original's key", () => {
    const keys = counting();
    const original = purchase({ "Idempotency-Key": "<key:1>" });
    const retry = purchase({ "Idempotency-Key": "<key:1>" });
    const another = purchase({ "Idempotency-Key": "<key:2>" });
    const sent = [original, retry, another].map((recording) => withIdempotencyKey(recording, recording.request, keys).headers["Idempotency-Key"]);
    expect(sent).toEqual(["replay-key-1", "replay-key-1", "replay-key-2"]);
    // The next run mints its own.
    const next = new KeyRing();
    expect(withIdempotencyKey(original, original.request, next).headers["Idempotency-Key"]).not.toBe("replay-key-1");
    expect(withIdempotencyKey(original, original.request, next).headers["Idempotency-Key"]).toMatch(/^[0-9a-f]{32}$/);
  });

  it("gives a mutation recorded without a key one of its own, each time", () => {
    const keys = counting();
    const bare = purchase({ "accept-language": "zh" });
    expect(withIdempotencyKey(bare, bare.request, keys).headers).toEqual({ "accept-language": "zh", "Idempotency-Key": "replay-key-1" });
    expect(withIdempotencyKey(bare, bare.request, keys).headers["Idempotency-Key"]).toBe("replay-key-2");
  });

  it("leaves a literal key as it was recorded, and a call that changes nothing without one", () => {
    const keys = counting();
    const literal = purchase({ "idempotency-key": "a-key-written-by-hand" });
    expect(withIdempotencyKey(literal, literal.request, keys).headers).toEqual({ "idempotency-key": "a-key-written-by-hand" });
    const read = parseRecording({ name: "time", kind: "api", request: { method: "GET", path: "/api/system/time" }, response: { status: 200, body: {} } }, "test");
    expect(withIdempotencyKey(read, read.request, keys)).toBe(read.request);
  });
});

describe("the exit code of a replay", () => {
  const run = (fields: Partial<{ checked: number; failed: number; skipped: number; differed: number }>) => ({ checked: 1, failed: 0, skipped: 0, differed: 0, ...fields });

  it("is 0 only when something was checked and nothing differed, failed or was skipped", () => {
    expect(replayExitCode(run({}), false)).toBe(0);
    expect(replayExitCode(run({ differed: 1 }), false)).toBe(1);
    expect(replayExitCode(run({ failed: 1 }), true)).toBe(1);
  });

  it("is 1 when nothing was checked, skips allowed or not", () => {
    expect(replayExitCode(run({ checked: 0 }), false)).toBe(1);
    expect(replayExitCode(run({ checked: 0, skipped: 3 }), true)).toBe(1);
  });

  it("is 1 for a skip unless skips are allowed", () => {
    expect(replayExitCode(run({ skipped: 1 }), false)).toBe(1);
    expect(replayExitCode(run({ skipped: 1 }), true)).toBe(0);
  });

  it("says plainly what was skipped and whether that fails the run", () => {
    const skipped = [{ source: "a.json", name: "buy", reason: "needs a member's token" }];
    expect(skipNotice(skipped, false)).toEqual([
      "NOT EVERYTHING WAS CHECKED: 1 recording was skipped:",
      "  - a.json (buy): needs a member's token",
      "a skip fails the run (exit 1); pass --allow-skips to accept them",
    ]);
    expect(skipNotice(skipped, true).at(-1)).toBe("--allow-skips: the skips do not fail the run");
    expect(skipNotice([], false)).toEqual([]);
  });
});

describe("the wallet's sign-in at replay", () => {
  /** The sandbox's sign-in page as a fetch: it returns only to `accepted`. */
  const signInPage = (accepted: string) => {
    const asked: string[] = [];
    const fetchImpl = (async (_url: string, init: RequestInit) => {
      const form = new URLSearchParams(String(init.body));
      asked.push(form.get("redirect_uri") ?? "");
      if (!form.get("redirect_uri")?.startsWith(accepted)) return new Response('{"code":400,"msg":"redirect_uri is not on one of the mall\'s origins"}', { status: 400 });
      return new Response(null, { status: 302, headers: { location: `${form.get("redirect_uri")}?code=code-for-${form.get("openId")}&state=` } });
    }) as typeof fetch;
    return { asked, fetchImpl };
  };

  it("knows a recording whose only single-use part is the login code", () => {
    const signIn = parseRecording(
      { name: "sign-in", kind: "api", replayable: false, request: { method: "GET", path: "/macaupasssave", query: { code: "<code>", state: "" } }, response: { status: 200, body: {} } },
      "t",
    );
    expect(signsInByCode(signIn)).toBe(true);
    expect(signsInByCode(purchase({}))).toBe(false);
  });

  it("asks the sandbox's sign-in page for a new code, trying each of the mall's origins", async () => {
    const page = signInPage("http://127.0.0.1:3000");
    expect(await mintLoginCode("http://sandbox", "mpay-1001", ["http://localhost:3000", "http://127.0.0.1:3000"], page.fetchImpl)).toBe("code-for-mpay-1001");
    expect(page.asked).toEqual(["http://localhost:3000/index", "http://127.0.0.1:3000/index"]);
  });

  it("says so when the page returns to none of them, or refuses the member", async () => {
    await expect(mintLoginCode("http://sandbox", "mpay-1001", ["http://localhost:3000"], signInPage("http://mall.test").fetchImpl)).rejects.toThrow(
      /returns to none of http:\/\/localhost:3000; set MCOIN_APP_URL/,
    );
    const refusing = (async () => new Response('{"code":400,"msg":"choose one of the demo members"}', { status: 400 })) as unknown as typeof fetch;
    await expect(mintLoginCode("http://sandbox", "nobody", ["http://localhost:3000"], refusing)).rejects.toThrow("the sandbox's sign-in page answered HTTP 400");
  });
});
