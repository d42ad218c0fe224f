/** The rows of an order's earning taken back, shown with a refund's terms and with the refund itself. */
import type { EarningReversal } from "#core/money/refund";
import { formatPoints } from "../../lib/money/format";

/** A deduction: the minus sign joined to its amount, so a narrow row never breaks between them. */
const minus = (amount: string) => `\u2212\u2060${amount}`;

/** Where the order's earning goes back from, one row a part that takes anything (none when it earned nothing). */
export function reversalRows(reversal: EarningReversal, t: (key: string, options?: Record<string, unknown>) => string): [string, string][] {
  const rows: [string, string][] = [];
  if (reversal.fromMcoinRefund > 0) rows.push([t("refund.reversal.fromMcoinRefund"), minus(formatPoints(reversal.fromMcoinRefund))]);
  if (reversal.fromBalance > 0) rows.push([t("refund.reversal.fromBalance"), minus(formatPoints(reversal.fromBalance))]);
  return rows;
}

/** The two parts of the earning taken back as rows: from the mCoin refunded, and from the balance (null when nothing). */
export function reversalParts(reversal: EarningReversal, t: (key: string, options?: Record<string, unknown>) => string): [[string, string] | null, [string, string] | null] {
  return [
    reversal.fromMcoinRefund > 0 ? [t("refund.reversal.fromMcoinRefund"), minus(formatPoints(reversal.fromMcoinRefund))] : null,
    reversal.fromBalance > 0 ? [t("refund.reversal.fromBalance"), minus(formatPoints(reversal.fromBalance))] : null,
  ];
}
