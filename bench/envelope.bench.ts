/**
 * Secure envelope throughput: build a sealed request and open a reply, ours (Node's crypto) against
 * the reference (crypto-js + pure-JS RSA), in interleaved rounds of one run. Target: at least 5×.
 */
import { fileURLToPath } from "node:url";
import { openReply, sealReply, sealRequest, type EnvelopeSettings } from "#core/node/gateway/envelope";
import { readSandboxGatewayKeys } from "#core/node/gateway/sandbox-keys";
import { gatewaySettings } from "#core/node/gateway/settings";
import { createReferenceEnvelope } from "./reference-envelope";
import type { BenchResult } from "./report";

const ROUNDS = 6;
const ROUND_MS = 400;

export async function envelopeBench(): Promise<BenchResult> {
  const keys = readSandboxGatewayKeys(fileURLToPath(new URL("../fixtures/keys", import.meta.url)));
  const settings: EnvelopeSettings = gatewaySettings({ environment: "sandbox", vars: {}, sandboxUrl: "http://sandbox.test", sandboxKeys: () => keys, deviceInfo: { clientOs: "ios" } });
  const functionUrl = "/bservice/discount/gateway/getTaskDetail";
  const body = { system_name: "taskCenter", data_source: "H5", task_no: "T1", cust_id_ciphertext: "C1".repeat(40) };
  // A realistic reply to open: the task detail, sealed with a known key and IV.
  const replyKey = "ReplyKey12345678";
  const replyIv = "ReplyIv123456789";
  const reply = sealReply(
    { result: { code: "000000", subCode: "0000", message: "success" }, data: { task_no: "T1", task_type: 0, threshold_type: 0, user_exec_status: 0, threshold_value: 15, note: "x".repeat(600) } },
    replyKey,
    replyIv,
  );

  const reference = createReferenceEnvelope(settings);
  const ours = () => {
    sealRequest(settings, { functionUrl, body, token: "C1" });
    openReply(reply, replyKey, replyIv);
  };
  const theirs = () => {
    reference.seal(functionUrl, body, "C1");
    reference.open(reply, replyKey, replyIv);
  };

  // Both must agree on what they open, or the comparison means nothing.
  if (JSON.stringify(openReply(reply, replyKey, replyIv).value) !== JSON.stringify(reference.open(reply, replyKey, replyIv))) {
    throw new Error("the reference and ours open the reply differently");
  }

  const totals = { ours: { ops: 0, ms: 0 }, reference: { ops: 0, ms: 0 } };
  const run = (fn: () => void, total: { ops: number; ms: number }) => {
    const started = performance.now();
    let ops = 0;
    while (performance.now() - started < ROUND_MS) {
      fn();
      ops += 1;
    }
    total.ops += ops;
    total.ms += performance.now() - started;
  };
  for (let i = 0; i < 50; i++) {
    ours();
    theirs();
  }
  for (let round = 0; round < ROUNDS; round++) {
    // Alternate who goes first so drift on a shared machine falls on both.
    if (round % 2 === 0) {
      run(ours, totals.ours);
      run(theirs, totals.reference);
    } else {
      run(theirs, totals.reference);
      run(ours, totals.ours);
    }
  }
  const oursPerSecond = (totals.ours.ops / totals.ours.ms) * 1000;
  const referencePerSecond = (totals.reference.ops / totals.reference.ms) * 1000;
  const ratio = oursPerSecond / referencePerSecond;
  return {
    name: "secure envelope build + parse",
    measured: `ours ${oursPerSecond.toFixed(0)}/s, reference ${referencePerSecond.toFixed(0)}/s`,
    value: ratio,
    display: `${ratio.toFixed(1)}×`,
    target: "≥ 5× the crypto-js + pure-JS RSA client",
    pass: ratio >= 5,
  };
}
