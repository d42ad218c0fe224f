/** The sandbox against hostile clients over HTTP: keys that are property names, bodies past the limit, and sign-in pages asked to send a code anywhere but the mall. */
import { describe, expect, it } from "vitest";
import { basicInformation, macaupassSave, memberLogin, systemTime } from "#core/api/endpoints";
import { gzipSync } from "node:zlib";
import { request as httpRequest } from "node:http";
import { connect } from "node:net";
import { once } from "node:events";
import { HEADERS_TIMEOUT_MS, MAX_BODY_BYTES, REQUEST_TIMEOUT_MS, startSandboxServer } from "./server";
import { MAX_GZIP_BODY_BYTES, MAX_INFLATED_BODY_BYTES } from "./gzip-body";
import { chooseMember, client, control, digest, start } from "./http-testing";

describe("keys that are also property names", () => {
  it("are members, tokens and codes that do not exist", async () => {
    const { url } = await start();
    const before = await digest(url);
    for (const name of ["__proto__", "constructor", "toString", "hasOwnProperty", "valueOf"]) {
      expect((await control(url, `/__sandbox/members/${name}`, { method: "PATCH", body: { point: 1 } })).status, name).toBe(404);
      await expect(client(url).call(memberLogin, { openId: name }), name).rejects.toMatchObject({ code: "BUSINESS" });
      expect((await chooseMember(url, name, "http://localhost:3000/index")).status, name).toBe(400);
      await expect(client(url, name).call(basicInformation), name).rejects.toMatchObject({ code: "NOT_LOGIN" });
      await expect(client(url).call(macaupassSave, { code: name }), name).rejects.toMatchObject({ code: "NOT_LOGIN" });
    }
    expect(({} as Record<string, unknown>).point).toBeUndefined();
    expect(await digest(url)).toBe(before);
  });
});

describe("request bodies", () => {
  const post = (url: string, body: BodyInit, type = "application/json") =>
    fetch(`${url}/api/auth/setClause`, { method: "POST", headers: { "content-type": type }, body, duplex: "half" } as RequestInit);

  it("refuses a declared body over the limit at once, and a streamed one once it passes the limit", async () => {
    const { url, server } = await start();
    expect((await post(url, Buffer.alloc(5 * MAX_BODY_BYTES, 32))).status).toBe(413);
    let sent = 0;
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        sent += 65_536;
        if (sent > 64 * MAX_BODY_BYTES) controller.close();
        else controller.enqueue(new Uint8Array(65_536).fill(32));
      },
    });
    const streamed = await post(url, endless);
    expect(streamed.status).toBe(413);
    expect(await streamed.json()).toMatchObject({ code: 413 });
    expect(sent).toBeLessThan(16 * MAX_BODY_BYTES);
    // The sandbox still serves, and a slow client cannot hold a request open for minutes.
    expect((await client(url).call(systemTime)).data.sysTime).toBeGreaterThan(0);
    expect([server.requestTimeout, server.headersTimeout]).toEqual([REQUEST_TIMEOUT_MS, HEADERS_TIMEOUT_MS]);
    expect(REQUEST_TIMEOUT_MS).toBeLessThanOrEqual(60_000);
  });

  it("answers a body over the limit whole, then closes in stages: its own side at once, the connection a moment later", async () => {
    const { url } = await start();
    const { hostname, port } = new URL(url);
    // A client that goes on sending while the answer comes, as an upload does.
    const socket = connect({ host: hostname, port: Number(port), allowHalfOpen: true });
    await once(socket, "connect");
    socket.on("error", () => {});
    let reply = "";
    socket.on("data", (data: Buffer) => (reply += data.toString("latin1")));
    const serverSideClosed = once(socket, "end");
    socket.write(`POST /api/auth/setClause HTTP/1.1\r\nhost: ${hostname}\r\ncontent-type: application/json\r\ntransfer-encoding: chunked\r\n\r\n`);
    const piece = Buffer.alloc(65_536, 32);
    const frame = Buffer.concat([Buffer.from(`${piece.length.toString(16)}\r\n`), piece, Buffer.from("\r\n")]);
    for (let sent = 0; sent <= 2 * MAX_BODY_BYTES; sent += piece.length) socket.write(frame);
    await serverSideClosed;
    expect(reply).toMatch(/^HTTP\/1\.1 413 Payload Too Large\r\n/);
    expect(reply).toMatch(/\r\nconnection: close\r\n/i);
    expect(JSON.parse(reply.slice(reply.indexOf("\r\n\r\n") + 4))).toMatchObject({ code: 413 });
    // What the client sends right after the answer is taken, not answered with a reset (as a
    // connection closed at once does: the client may then lose the answer it has not read yet).
    const endedAt = Date.now();
    const write = () => new Promise<Error | null | undefined>((resolve) => socket.write(Buffer.alloc(1_024, 32), resolve));
    expect(await write()).toBeFalsy();
    // A moment later the connection is gone: a write fails.
    await expect.poll(async () => Boolean(await write()), { timeout: 5_000, interval: 100 }).toBe(true);
    expect(Date.now() - endedAt).toBeGreaterThanOrEqual(500);
    socket.destroy();
  });

  it("keeps at most 2 KB of each body in the call log, and says it was cut", async () => {
    const { url } = await start();
    const big = JSON.stringify({ clauseid: 7, status: 1, padding: "澳".repeat(100_000) });
    await post(url, big);
    await post(url, "x".repeat(5_000), "text/plain");
    await post(url, '{"clauseid":7,"status":1}');
    const { calls } = (await (await control(url, "/__sandbox/log")).json()) as { calls: { body: any }[] };
    const [json, text, small] = calls.map((call) => call.body);
    expect(json).toMatchObject({ truncated: true, bytes: Buffer.byteLength(big) });
    expect(json.excerpt).toMatch(/^\{"clauseid":7,"status":1,"padding":"澳+$/);
    expect(Buffer.byteLength(json.excerpt)).toBeLessThanOrEqual(2048);
    expect(text).toEqual({ truncated: true, bytes: 5_000, excerpt: "x".repeat(2048) });
    expect(small).toEqual({ clauseid: 7, status: 1 });
  });
});

/** The status a POST of `length` declared bytes gets on its headers alone (no byte of the body is sent). */
function declared(url: string, path: string, length: number, encoding: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const sent = httpRequest(`${url}${path}`, { method: "POST", headers: { "content-type": "application/json", "content-encoding": encoding, "content-length": String(length) } }, (reply) => {
      reply.resume();
      resolve(reply.statusCode ?? 0);
    });
    sent.on("error", reject);
    sent.flushHeaders();
  });
}

describe("a compressed state import (the one control that takes one)", () => {
  const importing = (url: string, body: BodyInit, encoding = "gzip") =>
    fetch(`${url}/__sandbox/state/import`, { method: "POST", headers: { "content-type": "application/json", "content-encoding": encoding }, body, duplex: "half" } as RequestInit);

  it("refuses a compressed body past its limit once it passes it, and the same body anywhere else past 1 MiB", async () => {
    const { url } = await start();
    const before = await digest(url);
    let sent = 0;
    // Small pieces, as a client streams: the refusal lands while the next piece is on its way.
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        sent += 65_536;
        if (sent > 4 * MAX_GZIP_BODY_BYTES) controller.close();
        else controller.enqueue(new Uint8Array(65_536).fill(32));
      },
    });
    const streamed = await importing(url, endless);
    expect(streamed.status).toBe(413);
    expect(sent).toBeLessThan(2 * MAX_GZIP_BODY_BYTES);
    // Declared too large: refused on the headers, before a byte of the body is sent.
    expect(await declared(url, "/__sandbox/state/import", MAX_GZIP_BODY_BYTES + 1, "gzip")).toBe(413);
    // Another route, gzip or not, keeps the 1 MiB of every request; so does an import that is not compressed.
    expect(await declared(url, "/api/auth/setClause", 2 * MAX_BODY_BYTES, "gzip")).toBe(413);
    expect(await declared(url, "/__sandbox/state/import", 2 * MAX_BODY_BYTES, "identity")).toBe(413);
    expect(await digest(url)).toBe(before);
  });

  it("refuses a small body that inflates past its bound (a zip bomb) with 413, and a body that is not gzip with 400", async () => {
    const { url } = await start();
    const before = await digest(url);
    // gzip members one after another inflate as one body: 16 MiB of spaces each, a few kilobytes compressed.
    const member = gzipSync(Buffer.alloc(16 * 1024 * 1024, 32), { level: 9 });
    const bomb = Buffer.concat(Array.from({ length: MAX_INFLATED_BODY_BYTES / (16 * 1024 * 1024) + 1 }, () => member));
    expect(bomb.length).toBeLessThan(MAX_BODY_BYTES);
    const exploded = await importing(url, bomb);
    expect(exploded.status).toBe(413);
    expect(await exploded.json()).toMatchObject({ error: expect.stringContaining("inflates past") });
    const notGzip = await importing(url, JSON.stringify({ version: 1, data: {} }));
    expect(notGzip.status).toBe(400);
    expect(await notGzip.json()).toMatchObject({ error: expect.stringContaining("not gzip") });
    // Inflated, it is still held to the export's declaration.
    expect((await importing(url, gzipSync("[1, 2, 3]"))).status).toBe(400);
    expect(await digest(url)).toBe(before);
    expect((await client(url).call(systemTime)).data.sysTime).toBeGreaterThan(0);
  });
});

describe("verify", () => {
  it("answers 400 naming the mistake to a JSONPath that does not parse, and still verifies", async () => {
    const { url } = await start();
    await client(url).call(systemTime);
    for (const path of ["$[", "$.a[?(@.b==", "$..", "$.a)", "$[?(@.a =~ /x/)]extra"]) {
      const answer = await control(url, "/__sandbox/verify", { method: "POST", body: { path: "system/time", bodyMatch: [{ path, value: 1 }] } });
      expect(answer.status, path).toBe(400);
      expect(JSON.stringify(await answer.json()), path).toMatch(/bodyMatch/);
    }
    expect((await control(url, "/__sandbox/verify", { method: "POST", body: { path: "system/time", count: 1 } })).status).toBe(200);
  });
});

describe("the sign-in page returns only to the mall", () => {
  const choose = (url: string, redirectUri: string, state = "") => chooseMember(url, "mpay-1001", redirectUri, state);

  it("sends the code to the mall's default origins, keeping the return address's own query", async () => {
    const { url } = await start();
    for (const origin of ["http://localhost:3000", "http://127.0.0.1:3000"]) {
      const response = await choose(url, `${origin}/index?oauthParams=a%3Bb`, "s1");
      expect(response.status).toBe(302);
      const back = new URL(response.headers.get("location") ?? "");
      expect([back.origin, back.pathname]).toEqual([origin, "/index"]);
      expect(Object.fromEntries(back.searchParams)).toEqual({ oauthParams: "a;b", code: expect.stringMatching(/^[0-9a-f]{24}$/), state: "s1" });
    }
  });

  it("refuses any other origin, whether host, port or scheme differs", async () => {
    const { url } = await start();
    const before = await digest(url);
    for (const redirect of [
      "http://evil.example/index",
      "https://localhost:3000/index",
      "http://localhost:3001/index",
      "http://localhost:3000.evil.example/index",
      "http://localhost:3000@evil.example/index",
      "//evil.example/index",
    ]) {
      const page = await (await fetch(`${url}/oauth/authorize?lang=en&redirect_uri=${encodeURIComponent(redirect)}`)).text();
      expect(page, redirect).toContain("missing where to return to");
      expect(page, redirect).not.toContain("<form");
      expect((await choose(url, redirect)).status, redirect).toBe(400);
    }
    expect(await digest(url)).toBe(before);
  });

  it("takes the mall's origins from mallOrigins, compared exactly", async () => {
    const { url } = await start({ mallOrigins: ["http://localhost:3100/"] });
    expect((await choose(url, "http://localhost:3100/index")).status).toBe(302);
    expect((await choose(url, "http://localhost:3000/index")).status).toBe(400);
    await expect(startSandboxServer({ port: 0, mallOrigins: ["localhost:3000"] })).rejects.toThrow(/not an origin/);
  });
});

describe("tenants' names", () => {
  it("that are not names, or climb out of their prefix, are refused with 404 in words, make no tenant, and reach no other", async () => {
    const { url } = await start();
    for (const path of [
      "/tenants/A/__sandbox/health",
      "/tenants/a%2Fb/__sandbox/health",
      "/tenants/__proto__/__sandbox/health",
      "/tenants/%E0%A4%A/__sandbox/health",
      `/tenants/${"a".repeat(41)}/__sandbox/health`,
      "/tenants//__sandbox/health",
    ]) {
      const reply = await fetch(`${url}${path}`);
      expect(reply.status, path).toBe(404);
      expect(((await reply.json()) as { error: string }).error, path).toMatch(/lower-case letters/);
    }
    // Dot segments are resolved before the router: they land on the tenant they name, or on the root.
    await control(url, "/tenants/one/__sandbox/members", { method: "POST", body: { openId: "only-in-one" } });
    const listed = async (path: string) => ((await (await fetch(`${url}${path}`)).json()) as { members: { openId: string }[] }).members.map((member) => member.openId);
    expect(await listed("/tenants/two/../one/__sandbox/members")).toContain("only-in-one");
    expect(await listed("/tenants/one/../../__sandbox/members")).not.toContain("only-in-one");
    expect(((await (await fetch(`${url}/__sandbox/tenants`)).json()) as { tenants: { name: string }[] }).tenants.map((tenant) => tenant.name)).toEqual(["one"]);
  });
});
