/**
 * Customer service (spec section 1): open 09:00 to 21:00 daily, on Macau's clock whatever the
 * phone's zone. The number is the operator's to set (MCOIN_SERVICE_PHONE); the spec does not give it.
 */
export const SERVICE_OPENS_AT = 9;
export const SERVICE_CLOSES_AT = 21;

/** Whether the line is open at `at` (the gateway's time): from 09:00 up to, not including, 21:00 in Macau. */
export function serviceOpen(at: number): boolean {
  const hour = new Date(at + 8 * 3_600_000).getUTCHours();
  return hour >= SERVICE_OPENS_AT && hour < SERVICE_CLOSES_AT;
}
