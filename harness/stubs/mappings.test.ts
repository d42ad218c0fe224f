/** Recordings as WireMock mappings (./mappings.ts): requests, repeats as scenarios, bodies and files, secure calls, and nothing the recording does not hold. */
import { createHash } from "node:crypto";
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { StubFileSchema } from "#core/controls/stubs";
import { parseRecording, type RecordingFile } from "#harness/recording";
import { SECURE_NOTE, nameOf, wireMockRoot, type Mapping } from "./mappings";

const FIXTURES = new URL("../../fixtures/recordings/", import.meta.url).pathname;
const REAL_MEMBER = new URL("../../examples/partner-ci/recordings/real-member/", import.meta.url).pathname;

let made = 0;
/** A recording file of `request` and `reply` (a GET of /api/x answered 200 unless told). */
function recorded(request: Record<string, unknown> = {}, response: Record<string, unknown> = {}, kind = "api"): RecordingFile {
  const raw = { name: "call", kind, request: { method: "GET", path: "/api/x", ...request }, response: { status: 200, body: { code: 200 }, ...response } };
  return { file: `/recordings/${String(++made).padStart(3, "0")}.json`, recording: parseRecording(raw, "test") };
}

const folder = (dir: string): RecordingFile[] =>
  readdirSync(dir)
    .filter((name) => name.endsWith(".json"))
    .sort()
    .map((name) => ({ file: join(dir, name), recording: parseRecording(JSON.parse(readFileSync(join(dir, name), "utf8")), name) }));

const mappingsOf = (files: RecordingFile[]): Mapping[] => wireMockRoot(files).mappings.map(({ mapping }) => mapping);

describe("a recorded request", () => {
  it("is its method, urlPath and queryParameters (equalTo), with what decides nothing left out", () => {
    const [mapping] = mappingsOf([recorded({ path: "/macaupasssave", query: { state: "", code: "<code>", lang: "en", timestamp: "1795922418" } })]);
    expect(mapping.request).toEqual({ method: "GET", urlPath: "/macaupasssave", queryParameters: { lang: { equalTo: "en" }, state: { equalTo: "" } } });
    expect(mapping.name).toBe("macaupasssave");
  });

  it("a JSON body as WireMock's snapshot writes it, without placeholders, volatile fields or the mall's own addresses", () => {
    const body = { offerId: 53, items: [1, 2], remark: "<redacted:phone>", nonce: "abc", url: "http://localhost:39685/index", nested: { key: "<key:1>", n: 1 } };
    const [mapping] = mappingsOf([recorded({ method: "POST", path: "/api/business/snapup", body, auth: true })]);
    expect(mapping.request).toEqual({
      method: "POST",
      urlPath: "/api/business/snapup",
      bodyPatterns: [{ equalToJson: JSON.stringify({ offerId: 53, items: [1, 2], nested: { n: 1 } }), ignoreArrayOrder: true, ignoreExtraElements: true }],
      headers: { Authorization: { matches: "Bearer .+" } },
    });
  });

  it("a field the contract declares personal holds the recorder's stand-in, which no caller sends again: left out, typed text kept", () => {
    const [home] = mappingsOf([recorded({ path: "/api/business/recommend", query: { tab: "nearby", lat: "22.1972", lng: "113.5409" } })]);
    expect(home.request).toMatchObject({ queryParameters: { tab: { equalTo: "nearby" } } });
    expect(Object.keys((home.request as { queryParameters: object }).queryParameters)).toEqual(["tab"]);
    const address = { name: "陳大文", mobile: "6612 3456", areaCode: "+853", address: "水坑尾街 12 號", isDefault: 0 };
    const [save] = mappingsOf([recorded({ method: "POST", path: "/api/mini/userAddress/save", body: address, auth: true })]);
    expect(JSON.parse((save.request as { bodyPatterns: { equalToJson: string }[] }).bodyPatterns[0].equalToJson)).toEqual({ areaCode: "+853", isDefault: 0 });
  });

  it("a placeholder in the path becomes any one segment", () => {
    const [mapping] = mappingsOf([recorded({ path: "/api/order/<redacted:order>/detail.json" })]);
    expect(mapping.request).toEqual({ method: "GET", urlPathPattern: "/api/order/[^/]+/detail\\.json" });
  });

  it("with a token is tried before the same request without one", () => {
    const [withToken, without] = mappingsOf([recorded({ auth: true }), recorded({ auth: false }, { body: { code: 401, msg: "not login" } })]);
    expect(withToken).toMatchObject({ priority: 4, request: { headers: { Authorization: { matches: "Bearer .+" } } } });
    expect(without.priority).toBeUndefined();
    expect(without.request).not.toHaveProperty("headers");
  });

  it("and its name never make a path: the name is a file name, whatever the recording's path", () => {
    for (const path of ["/../../etc/passwd", "/a/..%2f..%2fb", "/", "/x\\..\\y", `/${"a".repeat(500)}`]) {
      const name = nameOf({ urlPath: path });
      expect(name).toMatch(/^[A-Za-z0-9][A-Za-z0-9._-]*$/);
      expect(name).not.toContain("..");
      expect(name.length).toBeLessThanOrEqual(80);
    }
  });
});

describe("repeated identical requests", () => {
  it("with different replies are a scenario, as WireMock's repeatsAsScenarios names it; the last reply stays", () => {
    const replies = [1, 1, 2, 3].map((point) => recorded({ path: "/api/auth/basic-info", auth: true }, { body: { data: { point } } }));
    const mappings = mappingsOf([...replies, recorded({ path: "/api/other" }, {}), recorded({ path: "/api/other" }, { status: 500 })]);
    expect(
      mappings.map(({ scenarioName, requiredScenarioState, newScenarioState, response }) => ({
        scenarioName,
        requiredScenarioState,
        newScenarioState,
        point: (response as { jsonBody?: { data?: { point: number } } }).jsonBody?.data?.point,
      })),
    ).toEqual([
      // A reply repeated as it was is one state.
      { scenarioName: "scenario-1-api-auth-basic-info", requiredScenarioState: "Started", newScenarioState: "scenario-1-api-auth-basic-info-2", point: 1 },
      { scenarioName: "scenario-1-api-auth-basic-info", requiredScenarioState: "scenario-1-api-auth-basic-info-2", newScenarioState: "scenario-1-api-auth-basic-info-3", point: 2 },
      { scenarioName: "scenario-1-api-auth-basic-info", requiredScenarioState: "scenario-1-api-auth-basic-info-3", newScenarioState: undefined, point: 3 },
      { scenarioName: "scenario-2-api-other", requiredScenarioState: "Started", newScenarioState: "scenario-2-api-other-2", point: undefined },
      { scenarioName: "scenario-2-api-other", requiredScenarioState: "scenario-2-api-other-2", newScenarioState: undefined, point: undefined },
    ]);
  });

  it("with the same reply are one mapping, and requests that differ are apart", () => {
    const mappings = mappingsOf([recorded(), recorded(), recorded({ query: { id: "1" } }), recorded({ query: { id: "2" } })]);
    expect(mappings).toHaveLength(3);
    expect(mappings.every((mapping) => mapping.scenarioName === undefined)).toBe(true);
    // Written twice, a folder is the same: ids come from the recording.
    expect(mappingsOf([recorded(), recorded({ query: { id: "1" } })]).map(({ id }) => id)).toEqual(mappings.slice(0, 2).map(({ id }) => id));
  });
});

describe("replies", () => {
  it("JSON as jsonBody, text as body with its type, none for a reply without a body", () => {
    const svg = '<svg xmlns="http://www.w3.org/2000/svg"></svg>';
    const [json, picture, text, empty] = mappingsOf([
      recorded({ path: "/a" }),
      recorded({ path: "/b.svg" }, { body: svg }),
      recorded({ path: "/c" }, { body: "ok" }),
      recorded({ path: "/d" }, { status: 204, body: undefined }),
    ]);
    expect(json.response).toEqual({ status: 200, headers: { "Content-Type": "application/json" }, jsonBody: { code: 200 } });
    expect(picture.response).toEqual({ status: 200, headers: { "Content-Type": "image/svg+xml" }, body: svg });
    expect(text.response).toEqual({ status: 200, headers: { "Content-Type": "text/plain; charset=utf-8" }, body: "ok" });
    expect(empty.response).toEqual({ status: 204 });
  });

  it("kept pictures at their addresses' paths: an SVG inline, any other in __files/, a path already recorded left to its recording", () => {
    const png = Buffer.from("89504e470d0a1a0a0000000d49484452", "hex");
    const pngFile = `${createHash("sha256").update(png).digest("hex")}.png`;
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>');
    const root = wireMockRoot(
      [recorded({ path: "/static/recorded.svg" })],
      [
        { url: "http://127.0.0.1:42819/static/offers/1.png", file: pngFile, bytes: png },
        { url: "http://cdn.example/static/offers/1-copy.png", file: pngFile, bytes: png },
        { url: "http://127.0.0.1:42819/static/offers/2.svg", file: "a".repeat(64) + ".svg", bytes: svg },
        { url: "http://127.0.0.1:42819/static/recorded.svg", file: "b".repeat(64) + ".svg", bytes: svg },
      ],
    );
    expect(root.files).toEqual([{ file: pngFile, bytes: png }]);
    const pictures = root.mappings.slice(1).map(({ mapping }) => [mapping.request, mapping.response]);
    expect(pictures).toEqual([
      [
        { method: "GET", urlPath: "/static/offers/1.png" },
        { status: 200, headers: { "Content-Type": "image/png" }, bodyFileName: pngFile },
      ],
      [
        { method: "GET", urlPath: "/static/offers/1-copy.png" },
        { status: 200, headers: { "Content-Type": "image/png" }, bodyFileName: pngFile },
      ],
      [
        { method: "GET", urlPath: "/static/offers/2.svg" },
        { status: 200, headers: { "Content-Type": "image/svg+xml" }, body: svg.toString() },
      ],
    ]);
  });
});

describe("the secure gateway's calls", () => {
  it("match the opened request and answer the opened reply, said so in their metadata", () => {
    const files = folder(FIXTURES).filter(({ recording }) => recording.kind === "secure");
    expect(files.length).toBeGreaterThan(0);
    const mappings = mappingsOf(files);
    const browse = mappings.find((mapping) => (mapping.metadata as { mcoin: { recording: string } }).mcoin.recording === "08-task-detail-browse.json");
    expect(browse?.request).toEqual({
      method: "POST",
      urlPath: "/bservice/discount/gateway/getTaskDetail",
      bodyPatterns: [{ equalToJson: JSON.stringify({ system_name: "taskCenter", data_source: "H5", task_no: "T1" }), ignoreArrayOrder: true, ignoreExtraElements: true }],
    });
    expect(browse?.response).toMatchObject({ status: 200, jsonBody: { result: { code: "000000" }, data: { task_no: "T1" } } });
    expect(mappings.every((mapping) => (mapping.metadata as { mcoin: { secure?: string } }).mcoin.secure === SECURE_NOTE)).toBe(true);
  });
});

describe("recordings left out", () => {
  it("are the sandbox's control calls and secure calls that stayed sealed, each named with why", () => {
    const root = wireMockRoot([
      recorded({ path: "/__sandbox/reset", method: "POST" }),
      recorded({ method: "POST", path: "/bservice/x", body: "<sealed>" }, { body: "<sealed>" }, "secure"),
      recorded(),
    ]);
    expect(root.mappings).toHaveLength(1);
    expect(root.leftOut).toEqual([expect.stringMatching(/\.json: a call to the sandbox's own controls/), expect.stringMatching(/\.json: a secure gateway call that stayed sealed/)]);
  });
});

describe("what is written", () => {
  /** Every text and number a value holds, JSON texts opened. */
  function leaves(value: unknown, into = new Set<unknown>()): Set<unknown> {
    if (typeof value === "string" && /^[[{]/.test(value)) {
      try {
        return leaves(JSON.parse(value), into);
      } catch {
        // Not JSON: a text like any other.
      }
    }
    if (Array.isArray(value)) value.forEach((item) => leaves(item, into));
    else if (value !== null && typeof value === "object") Object.entries(value).forEach(([key, item]) => (into.add(key), leaves(item, into)));
    else into.add(value);
    return into;
  }

  it("holds no value the recording does not hold, but the mapping's own words; and every mapping loads as the sandbox reads mappings", () => {
    for (const dir of [FIXTURES, REAL_MEMBER]) {
      const files = folder(dir);
      const held = leaves(files.map(({ file, recording }) => [file.split("/").at(-1), recording.request, recording.response]));
      const own = new Set<unknown>(["Bearer .+", "application/json", "image/svg+xml", "text/plain; charset=utf-8", "Started", SECURE_NOTE, true]);
      for (const { mapping } of wireMockRoot(files).mappings) {
        expect(() => StubFileSchema.parse(mapping)).not.toThrow();
        const { id, name, scenarioName, requiredScenarioState, newScenarioState, ...rest } = mapping;
        expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
        expect(`${name} ${String(scenarioName)} ${String(requiredScenarioState)} ${String(newScenarioState)}`).toMatch(/^[\w.-]+( (scenario-\d+-[\w.-]+|Started|undefined))*$/);
        const request = rest.request as { urlPath?: string; urlPathPattern?: string };
        // urlPath is a recorded path; the pattern only stands for one.
        const words = [...leaves(rest)].filter((value) => value !== request.urlPathPattern);
        const keys = new Set([
          "request",
          "response",
          "method",
          "urlPath",
          "urlPathPattern",
          "queryParameters",
          "equalTo",
          "headers",
          "Authorization",
          "matches",
          "Content-Type",
          "bodyPatterns",
          "equalToJson",
          "ignoreArrayOrder",
          "ignoreExtraElements",
          "status",
          "jsonBody",
          "body",
          "priority",
          "metadata",
          "mcoin",
          "recording",
          "secure",
          "picture",
          4,
        ]);
        expect(words.filter((value) => !held.has(value) && !own.has(value) && !keys.has(value as string))).toEqual([]);
      }
    }
  });
});
