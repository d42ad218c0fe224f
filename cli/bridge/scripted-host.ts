/**
 * The scripted host's answers, apart from the browser: for each call of the mall's (a wallet method
 * and its parameters), the scenario's rule (fixed, chosen by the call's arguments, a sequence, each
 * with a delay; a failure; no answer at all), the cashier for tradePay, a refused permission, or a
 * plausible default. It fills the call's transcript entry (arguments, answer or error, a note).
 */
import type { Profile, Rule, Scenario } from "./scenario";
import { matches, type TranscriptEntry } from "./transcript";

/** Senado Square, Macau: where the scripted phone is unless a rule says otherwise. */
export const SCRIPTED_LOCATION = { latitude: 22.1935, longitude: 113.5397 };

type Answer = { answer: Record<string, unknown> } | { fail: { errorCode: number | string; errorMessage: string } } | { timeout: true };

/** What the cashier asks the wallet's back end (the sandbox's POST /__wallet/pay). */
export interface WalletPayment {
  orderNo: string;
  amountCents: number;
  outcome: "paid" | "failed";
  delayMs: number;
}

export interface ScriptedHostOptions {
  scenario: Pick<Scenario, "rules" | "cashier">;
  profile: Profile;
  /** Settles a payment with the wallet's back end. */
  pay(payment: WalletPayment): Promise<{ ok: boolean; status: number }>;
}

type CallEntry = Extract<TranscriptEntry, { kind: "call" }>;

export function createScriptedHost({ scenario, profile, pay }: ScriptedHostOptions) {
  const denied = new Set<string>();
  const counters = new Map<string, number>();
  let offline = false;

  const ruled = (method: string, params: Record<string, unknown>): (Answer & { delayMs?: number }) | null => {
    const declared = scenario.rules[method];
    if (!declared) return null;
    const rules: Rule[] = Array.isArray(declared) ? declared : [declared];
    const index = rules.findIndex((rule) => matches(params, rule.when));
    if (index < 0) return null;
    const rule = rules[index];
    if ("sequence" in rule) {
      // One answer per call; the last one repeats.
      const key = `${method}#${index}`;
      const at = counters.get(key) ?? 0;
      counters.set(key, at + 1);
      return rule.sequence[Math.min(at, rule.sequence.length - 1)] as Answer & { delayMs?: number };
    }
    return rule as Answer & { delayMs?: number };
  };

  const cashier = async (params: Record<string, unknown>): Promise<{ answer: Answer; note: string }> => {
    const { outcome, confirmAfterMs } = scenario.cashier;
    if (outcome === "cancel") return { answer: { answer: { resultStatus: "6001" } }, note: "cashier: the member left" };
    const paid = await pay({
      orderNo: String(params.paymentId ?? ""),
      amountCents: Math.round(Number(params.amount ?? 0) * 100),
      outcome: outcome === "fail" ? "failed" : "paid",
      delayMs: outcome === "delayed" ? confirmAfterMs : 0,
    });
    if (outcome === "fail") return { answer: { answer: { resultStatus: "4000", memo: "Payment failed" } }, note: "cashier: failed" };
    if (!paid.ok) return { answer: { answer: { resultStatus: "4000", memo: `the wallet refused: HTTP ${paid.status}` } }, note: "cashier: the wallet refused" };
    return { answer: { answer: { resultStatus: "9000" } }, note: outcome === "delayed" ? `cashier: paid, confirmation in ${confirmAfterMs} ms` : "cashier: paid" };
  };

  const fallback = (method: string): Record<string, unknown> => {
    switch (method) {
      case "getLocation":
        return { ...SCRIPTED_LOCATION };
      case "getNetworkType":
        return { networkType: offline ? "none" : "wifi" };
      case "getSystemInfo":
        return {
          screenWidth: profile.screen.width,
          screenHeight: profile.screen.height,
          terminalType: "H5",
          app: "MPay",
          brand: "Scripted",
          model: "mcoin bridge",
          imei: "",
          imsi: "",
          ip: "127.0.0.1",
          mac: "",
          networkType: offline ? "none" : "wifi",
          platform: profile.platform,
        };
      default:
        return {};
    }
  };

  return {
    setOffline(value: boolean) {
      offline = value;
    },
    setDenied(method: string, value: boolean) {
      if (value) denied.add(method);
      else denied.delete(method);
    },
    /** The reply the wallet gives (`{__timeout: true}`: it never calls back); fills `entry`. */
    async answer(method: string, raw: unknown, entry: CallEntry): Promise<Record<string, unknown>> {
      const params = raw && typeof raw === "object" && !Array.isArray(raw) ? (raw as Record<string, unknown>) : {};
      entry.args = params;
      let answer: Answer;
      let delayMs = 0;
      if (denied.has(method)) {
        answer = { fail: { errorCode: 11, errorMessage: "permission denied" } };
        entry.note = "permission refused";
      } else {
        const rule = ruled(method, params);
        if (rule) {
          answer = rule;
          delayMs = rule.delayMs ?? 0;
        } else if (method === "tradePay") {
          delayMs = scenario.cashier.delayMs ?? 0;
          const paid = await cashier(params);
          answer = paid.answer;
          entry.note = paid.note;
        } else {
          answer = { answer: fallback(method) };
        }
      }
      if (delayMs > 0) await new Promise((done) => setTimeout(done, delayMs));
      if ("timeout" in answer) {
        entry.timedOut = true;
        return { __timeout: true };
      }
      if ("fail" in answer) {
        entry.error = { errorCode: answer.fail.errorCode, errorMessage: answer.fail.errorMessage };
        return { errorCode: answer.fail.errorCode, errorMessage: answer.fail.errorMessage };
      }
      entry.answer = answer.answer;
      return answer.answer;
    },
  };
}
