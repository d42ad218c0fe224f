/**
 * The shipped recordings (fixtures/recordings: .json and .har) hold no secret: every file is scanned
 * with the recorder's own findSecrets, and a finding fails the run naming the file and the JSONPath.
 * The planted-secret test proves the scan can fail. What the recorder itself keeps out of the files
 * it writes: cli/record-leaks.integration.test.ts.
 */
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { describeFindings, findSecrets } from "#harness/redaction";
import { ROOT } from "./testing";

const RECORDINGS = join(ROOT, "fixtures/recordings");

const files = readdirSync(RECORDINGS)
  .filter((name) => /\.(json|har)$/i.test(name))
  .sort();

describe("the shipped recordings hold no secret", () => {
  it("there are recordings to scan", () => {
    expect(files.length).toBeGreaterThan(0);
  });

  it.each(files)("%s", (name) => {
    const document = JSON.parse(readFileSync(join(RECORDINGS, name), "utf8")) as unknown;
    const findings = describeFindings(findSecrets(document)).map((line) => `${name}: ${line}`);
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
    const patterns = findSecrets(planted).map((finding) => `${finding.pattern} ${finding.path}`);
    expect(patterns).toEqual(expect.arrayContaining(["sensitive-field:token $.response.body.planted.token", "phone-number $.response.body.planted.contact", "pem-block $.response.body.planted.key"]));
  });
});
