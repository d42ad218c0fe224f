/**
 * The shipped recordings (fixtures/recordings: .json and .har) hold no secret: every file is scanned
 * with the recorder's own findSecrets, and a finding fails the run naming the file and the JSONPath.
 * The planted-secret test proves the scan can fail.
 */
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { describeFindings, findSecrets } from "./redaction";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const RECORDINGS = join(ROOT, "fixtures/recordings");

/**
 * The sandbox's demo members' made-up phone numbers (fixtures/members.json): public test data the
 * older recordings carry in full. Only these exact numbers are let through; a new recording from
 * `mcoin record` has them as <redacted:phone> anyway.
 */
function demoPhoneNumbers(): Set<string> {
  const { members } = JSON.parse(readFileSync(join(ROOT, "fixtures/members.json"), "utf8")) as { members: { addresses?: { mobile?: string }[] }[] };
  return new Set(members.flatMap((member) => (member.addresses ?? []).map((address) => address.mobile).filter((mobile): mobile is string => Boolean(mobile))));
}

const files = readdirSync(RECORDINGS)
  .filter((name) => /\.(json|har)$/i.test(name))
  .sort();

describe("the shipped recordings hold no secret", () => {
  const allow = demoPhoneNumbers();

  it("there are recordings to scan", () => {
    expect(files.length).toBeGreaterThan(0);
  });

  it.each(files)("%s", (name) => {
    const document = JSON.parse(readFileSync(join(RECORDINGS, name), "utf8")) as unknown;
    const findings = describeFindings(findSecrets(document, { allow })).map((line) => `${name}: ${line}`);
    expect(findings, `secrets in fixtures/recordings/${name} (re-record it with mcoin record, or redact by hand)`).toEqual([]);
  });

  it("the scan fails on a recording with a planted token, phone number and PEM key", () => {
    const planted = JSON.parse(readFileSync(join(RECORDINGS, files[0]!), "utf8")) as { response: { body: Record<string, unknown> } };
    planted.response.body = {
      ...planted.response.body,
      planted: {
        token: "sbx_QmFzZTY0LXRva2VuLWZvci10aGUtdGVzdA",
        contact: "ask for +853 6688 1234",
        key: "-----BEGIN RSA PRIVATE KEY-----\nMIICXAIBAAKBgQC7\n-----END RSA PRIVATE KEY-----",
      },
    };
    const patterns = findSecrets(planted, { allow }).map((finding) => `${finding.pattern} ${finding.path}`);
    expect(patterns).toEqual(
      expect.arrayContaining([
        "sensitive-field:token $.response.body.planted.token",
        "phone-number $.response.body.planted.contact",
        "pem-block $.response.body.planted.key",
      ]),
    );
  });

  it("the demo numbers are let through only where they are exactly the number", () => {
    expect(allow.size).toBeGreaterThan(0);
    const [number] = [...allow];
    expect(findSecrets({ note: `call +853 ${number}` }, { allow })).toHaveLength(1);
  });
});
