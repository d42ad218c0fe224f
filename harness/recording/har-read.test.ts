import { describe, expect, it } from "vitest";
import { readRedaction } from "#harness/redaction";
import type { HarnessError } from "#harness/errors";
import { recordingsFromHar as readHar } from "./har-read";
import { SEALED_TEXT } from "./placeholders";

/** A HAR read as `mcoin replay` reads one: redacted by the recorder's own rules. */
const recordingsFromHar = (har: unknown, file: string) => readHar(har, file, readRedaction);

const GATEWAY = "http://127.0.0.1:4010";
const TASK_DETAIL = "/bservice/discount/gateway/getTaskDetail";

const har = (entries: unknown[], creator = "mcoin") => ({ log: { version: "1.2", creator: { name: creator, version: "1" }, entries } });

interface EntryOptions {
  method?: string;
  url: string;
  headers?: Record<string, string>;
  postData?: { text?: string; comment?: string; mimeType?: string };
  status?: number;
  content?: { text?: string; comment?: string; mimeType?: string; encoding?: string };
  comment?: string;
  at?: string;
}

function entry(options: EntryOptions) {
  return {
    startedDateTime: options.at ?? "2026-11-21T10:00:00.000+08:00",
    time: 12,
    comment: options.comment,
    request: {
      method: options.method ?? "GET",
      url: options.url,
      httpVersion: "HTTP/1.1",
      headers: Object.entries(options.headers ?? {}).map(([name, value]) => ({ name, value })),
      queryString: [],
      cookies: [],
      headersSize: -1,
      bodySize: -1,
      ...(options.postData ? { postData: { mimeType: "application/json", ...options.postData } } : {}),
    },
    response: {
      status: options.status ?? 200,
      statusText: "OK",
      httpVersion: "HTTP/1.1",
      headers: [],
      cookies: [],
      content: { size: 0, mimeType: "application/json", ...options.content },
      redirectURL: "",
      headersSize: -1,
      bodySize: -1,
    },
    cache: {},
    timings: { send: 0, wait: 10, receive: 2 },
  };
}

const secureRequest = { system_name: "taskCenter", data_source: "H5", task_no: "T1", cust_id_ciphertext: "<cust>" };
const secureReply = { result: { code: "000000", subCode: "0000", message: "success" }, data: { task_no: "T1", reward: 10 } };

function usageErrorOf(run: () => unknown): HarnessError {
  try {
    run();
  } catch (error) {
    return error as HarnessError;
  }
  throw new Error("no error");
}

describe("HAR files written by mcoin record --har", () => {
  const file = "capture.har";
  const recordings = recordingsFromHar(
    har([
      entry({
        url: `${GATEWAY}/api/system/time`,
        headers: { "accept-language": "en" },
        content: { text: '{"code":200,"msg":"success","data":{"sysTime":1795242286166}}' },
        comment: JSON.stringify({ mcoin: { kind: "api", ignore: ["$.data.sysTime"] } }),
      }),
      entry({
        url: `${GATEWAY}/api/auth/basicinformation`,
        headers: { authorization: "Bearer <token>" },
        content: { text: '{"code":200,"msg":"success","data":{"point":12580}}' },
        comment: JSON.stringify({ mcoin: { kind: "api", ignore: [], needs: { member: "mpay-1001" } } }),
      }),
      entry({
        method: "POST",
        url: `${GATEWAY}${TASK_DETAIL}`,
        headers: { Token: "<cust>" },
        postData: { text: SEALED_TEXT, comment: JSON.stringify(secureRequest) },
        content: { mimeType: "text/plain", text: SEALED_TEXT, comment: JSON.stringify(secureReply) },
        comment: JSON.stringify({ mcoin: { kind: "secure", ignore: [], needs: { cust: "C1" } } }),
        at: "2026-11-20T09:30:00.000Z",
      }),
    ]),
    file,
  );

  it("makes one recording per entry, in order, dated by the entry's start", () => {
    expect(recordings.map(({ file: source, entry: number, recording }) => [source, number, recording.name, recording.recordedAt])).toEqual([
      [file, 1, "GET /api/system/time", "2026-11-21T10:00:00.000+08:00"],
      [file, 2, "GET /api/auth/basicinformation", "2026-11-21T10:00:00.000+08:00"],
      [file, 3, `POST ${TASK_DETAIL}`, "2026-11-20T09:30:00.000Z"],
    ]);
  });

  it("keeps the plain calls' language, token need, ignore and needs", () => {
    expect(recordings[0].recording).toMatchObject({
      kind: "api",
      replayable: true,
      ignore: ["$.data.sysTime"],
      request: { method: "GET", path: "/api/system/time", headers: { "accept-language": "en" }, auth: false },
      response: { status: 200, body: { data: { sysTime: 1795242286166 } } },
    });
    expect(recordings[1].recording).toMatchObject({ needs: { member: "mpay-1001" }, request: { auth: true } });
  });

  it("reads a secure call's decrypted bodies from the comments", () => {
    expect(recordings[2].recording).toMatchObject({
      kind: "secure",
      replayable: true,
      needs: { cust: "C1" },
      request: { method: "POST", path: TASK_DETAIL, headers: { Token: "<cust>" }, body: secureRequest },
      response: { status: 200, body: secureReply },
    });
  });

  it("refuses an mcoin comment that is not one, naming the entry", () => {
    const bad = har([entry({ url: `${GATEWAY}/api/system/time`, content: { text: "{}" }, comment: JSON.stringify({ mcoin: { kind: "graphql" } }) })]);
    expect(usageErrorOf(() => recordingsFromHar(bad, file)).message).toContain("capture.har entry 1 has an mcoin comment that is not one: mcoin.kind");
    const badIgnore = har([entry({ url: `${GATEWAY}/api/system/time`, content: { text: "{}" }, comment: JSON.stringify({ mcoin: { ignore: ["data.x"] } }) })]);
    expect(usageErrorOf(() => recordingsFromHar(badIgnore, file)).message).toContain("capture.har entry 1 is not a recording: ignore.0");
  });
});

describe("HAR files saved by a browser", () => {
  const recordings = recordingsFromHar(
    har(
      [
        entry({ url: "http://localhost:3000/", content: { mimeType: "text/html", text: "<!doctype html><html></html>" } }),
        entry({ url: "https://cdn.example.com/app.js", content: { mimeType: "application/javascript", text: "console.log(1)" } }),
        entry({ url: "https://cdn.example.com/logo.png", content: { mimeType: "image/png", text: "iVBORw0KGgo=", encoding: "base64" } }),
        entry({ method: "OPTIONS", url: `${GATEWAY}/api/auth/basicinformation`, content: { text: "" } }),
        entry({
          url: `${GATEWAY}/api/auth/basicinformation`,
          headers: { Authorization: "Bearer sbx_real_token", "Accept-Language": "zh" },
          content: { text: Buffer.from('{"code":200,"data":{"point":1}}').toString("base64"), encoding: "base64" },
        }),
        entry({
          method: "POST",
          url: `${GATEWAY}/member/login`,
          postData: { text: '{"openId":"mpay-1001"}' },
          content: { text: '{"code":200,"data":{"status":1,"token":"sbx_fresh"}}' },
        }),
        entry({ url: `${GATEWAY}/macaupasssave?code=one-time&state=s`, content: { text: '{"code":200,"data":{"token":"sbx_x","open_id":"o"}}' } }),
        entry({
          method: "POST",
          url: `${GATEWAY}${TASK_DETAIL}`,
          headers: { Token: "the-real-ciphertext" },
          postData: { text: "U2VhbGVk" },
          content: { mimeType: "text/plain", text: "U2VhbGVkUmVwbHk=" },
        }),
      ],
      "Firefox",
    ),
    "browser.har",
  );

  it("keeps the JSON calls and drops pages, scripts, images and preflights", () => {
    expect(recordings.map((file) => [file.entry, file.recording.name])).toEqual([
      [5, "GET /api/auth/basicinformation"],
      [6, "POST /member/login"],
      [7, "GET /macaupasssave"],
      [8, `POST ${TASK_DETAIL}`],
    ]);
  });

  it("redacts the tokens it finds and needs a token where one was sent", () => {
    expect(recordings[0].recording).toMatchObject({ replayable: true, request: { auth: true, headers: { "accept-language": "zh" } }, response: { body: { data: { point: 1 } } } });
    expect(recordings[1].recording.response.body).toEqual({ code: 200, data: { status: 1, token: "<token>" } });
    expect(JSON.stringify(recordings)).not.toContain("sbx_");
    expect(JSON.stringify(recordings)).not.toContain("the-real-ciphertext");
  });

  it("keeps what cannot be sent again as not replayable, with the reason", () => {
    expect(recordings[2]).toMatchObject({ recording: { replayable: false, request: { query: { code: "<code>", state: "s" } } }, reason: expect.stringContaining("single-use code") });
    expect(recordings[3]).toMatchObject({ recording: { kind: "secure", replayable: false }, reason: expect.stringContaining("sealed") });
  });

  it("refuses a document that is not a HAR, as a usage error", () => {
    const error = usageErrorOf(() => recordingsFromHar({ entries: [] }, "x.har"));
    expect(error.exitCode).toBe(2);
    expect(error.message).toBe("x.har is not a HAR file (it has no log.entries)");
    expect(usageErrorOf(() => recordingsFromHar(har([{ request: {} }]), "x.har")).message).toContain("x.har entry 1 is not a HAR entry");
  });
});

describe("idempotency keys in a HAR", () => {
  const buy = (key: string | undefined) =>
    entry({
      method: "POST",
      url: `${GATEWAY}/api/business/snapup`,
      headers: { authorization: "Bearer <token>", ...(key ? { "Idempotency-Key": key } : {}) },
      postData: { text: JSON.stringify({ offerId: 1, quantity: 1, mcoinUsed: 2380 }) },
      content: { text: JSON.stringify({ code: 200, data: { id: 13 } }) },
    });

  it("keeps mcoin's roles, and turns a browser's keys into roles: the same key, the same role", () => {
    const fromMcoin = recordingsFromHar(har([buy("<key:2>")]), "mcoin.har");
    expect(fromMcoin[0].recording.request.headers).toEqual({ "Idempotency-Key": "<key:2>" });
    const fromBrowser = recordingsFromHar(har([buy("3f1a0c9e7b"), buy("3f1a0c9e7b"), buy("88aa11bb22"), buy(undefined)], "WebInspector"), "browser.har");
    expect(fromBrowser.map((file) => file.recording.request.headers["Idempotency-Key"])).toEqual(["<key:1>", "<key:1>", "<key:2>", undefined]);
  });
});

describe("whom a HAR's calls act as", () => {
  const signIn = (openId: string) =>
    entry({
      method: "POST",
      url: `${GATEWAY}/member/login`,
      postData: { text: JSON.stringify({ openId }) },
      content: { text: JSON.stringify({ code: 200, data: { status: 1, token: "<token>" } }) },
    });
  const balance = entry({ url: `${GATEWAY}/api/auth/basicinformation`, headers: { authorization: "Bearer <token>" }, content: { text: JSON.stringify({ code: 200, data: { point: 1 } }) } });
  const clock = entry({ url: `${GATEWAY}/api/system/time`, content: { text: JSON.stringify({ code: 200, data: { sysTime: 1 } }) } });

  it("takes the one member the file signs in for the calls that act as a member", () => {
    const read = recordingsFromHar(har([signIn("mpay-1003"), balance, clock]), "session.har");
    expect(read.map((file) => file.recording.needs)).toEqual([undefined, { member: "mpay-1003" }, undefined]);
  });

  it("guesses nobody when the file signs in several members, or none", () => {
    expect(recordingsFromHar(har([signIn("mpay-1003"), signIn("mpay-1001"), balance]), "two.har")[2].recording.needs).toBeUndefined();
    expect(recordingsFromHar(har([balance]), "none.har")[0].recording.needs).toBeUndefined();
  });

  it("leaves the needs an mcoin comment names", () => {
    const named = { ...balance, comment: JSON.stringify({ mcoin: { kind: "api", ignore: [], needs: { member: "mpay-1001" } } }) };
    expect(recordingsFromHar(har([signIn("mpay-1003"), named]), "named.har")[1].recording.needs).toEqual({ member: "mpay-1001" });
  });
});
