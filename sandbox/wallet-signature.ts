/**
 * How the wallet signs its settlement notices to the gateway (POST /pay/notify, `Wallet-Signature`):
 * the hex HMAC-SHA256 of the raw body with the wallet's secret (fixtures/keys/sandbox-wallet.json,
 * test-only). The wallet's stand-in signs with it and the gateway checks it (handlers/wallet.ts);
 * tests sign their own notices with it.
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import { WALLET_SIGNATURE_HEADER } from "#core/api/shop-endpoints";

/** The signature a settlement notice carries: hex HMAC-SHA256 of its raw body. */
export function walletSignature(rawBody: string, secret: string): string {
  return createHmac("sha256", secret).update(rawBody).digest("hex");
}

/** Whether a notice carries the signature of its raw body, compared in constant time. */
export function signedBy(secret: string, request: Request, rawBody: string): boolean {
  const given = Buffer.from(request.headers.get(WALLET_SIGNATURE_HEADER) ?? "", "utf8");
  const expected = Buffer.from(walletSignature(rawBody, secret), "utf8");
  return given.length === expected.length && timingSafeEqual(given, expected);
}
