/**
 * The active tab of my coupons (spec section 3's global state: "active coupon tab (starts at 1)"),
 * kept for the visit in the tab's session storage. A successful payment sets it back to 1 (spec
 * section 4) so 'view coupons' opens on the unused coupons; the coupons screen reads and writes it.
 */
export const COUPON_TAB_KEY = "mcoin.couponTab";
export const FIRST_COUPON_TAB = 1;

export function couponTab(): number {
  try {
    const tab = Number(window.sessionStorage.getItem(COUPON_TAB_KEY));
    return Number.isInteger(tab) && tab >= 1 ? tab : FIRST_COUPON_TAB;
  } catch {
    return FIRST_COUPON_TAB;
  }
}

export function setCouponTab(tab: number): void {
  try {
    window.sessionStorage.setItem(COUPON_TAB_KEY, String(tab));
  } catch {
    // Without storage the tab starts at 1 on every visit anyway.
  }
}
