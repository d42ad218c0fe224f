/**
 * The gateway's own words for its refusals and for why an order failed, in the caller's language
 * (spec section 8's messages where it has one; zh in Traditional Chinese). The mall translates
 * `data.reason` itself; these are what an engineer or the CLI reads in `msg`.
 */
import type { ShopRefusal } from "#core/api/shop-endpoints";

export type Locale = "zh" | "en";
type Texts = Record<Locale, string>;

export const REFUSAL_MESSAGES: Record<ShopRefusal, Texts> = {
  INSUFFICIENT_MCOIN: { en: "Insufficient mCoin!", zh: "mCoin 不足！" },
  MCOIN_NOT_ALLOWED: { en: "Insufficient mCoin balance. Please select again.", zh: "mCoin 餘額不足，請重新選擇。" },
  OUT_OF_STOCK: { en: "Out of Stock", zh: "庫存不足" },
  SOLD_OUT: { en: "Coupons sold out", zh: "優惠券已售罄" },
  TAKEN_DOWN: { en: "This offer is no longer available.", zh: "此優惠已下架。" },
  NOT_STARTED: { en: "This offer has not started yet.", zh: "此優惠尚未開始。" },
  ENDED: { en: "This offer has ended.", zh: "此優惠已結束。" },
  LIMIT_REACHED: { en: "You have reached the purchase limit for this offer.", zh: "你已達此優惠的購買上限。" },
  ADULTS_ONLY: { en: "This offer is only for members aged 18 or older.", zh: "此優惠只適用於年滿18歲的會員。" },
  ADDRESS_REQUIRED: { en: "Please add a shipping address for delivery.", zh: "請先新增收貨地址。" },
  CANCEL_WINDOW_PASSED: {
    en: "The order has been established beyond the designated cancellation window and cannot be canceled",
    zh: "訂單成立已超過指定的取消時限，無法取消",
  },
  CANNOT_REFUND: { en: "This order cannot be refunded.", zh: "此訂單不可退款。" },
  EARNING_SPENT: {
    en: "The mCoin this order earned go back with its refund, and your balance does not cover them: refund it once it does.",
    zh: "此訂單獲得的 mCoin 須隨退款扣回，你的結餘不足以扣回，請待結餘足夠後再申請退款。",
  },
  CANNOT_DELETE: { en: "Only a finished order can be deleted.", zh: "只可刪除已完結的訂單。" },
  PHOTO_INVALID: { en: "This photo cannot be used: send a JPEG or PNG of at most 400 KB.", zh: "此相片無法使用，請上傳不超過 400 KB 的 JPEG 或 PNG 相片。" },
  PHOTO_UNKNOWN: { en: "A photo of this refund is no longer available: please add it again.", zh: "此退款的相片已失效，請重新加入。" },
  CANNOT_CONFIRM: { en: "This order is not on its way to you.", zh: "此訂單尚未發貨。" },
  CODE_INVALID: { en: "This code cannot be redeemed.", zh: "此兌換碼無效。" },
  ALREADY_USED: { en: "This coupon has already been used.", zh: "此優惠券已使用。" },
  ALREADY_CHECKED_IN: { en: "You have already checked in today.", zh: "你今天已簽到。" },
  MILES_ACCOUNT_NOT_FOUND: { en: "No Asia Miles member account has this membership number and name.", zh: "找不到此會員號碼及姓名的亞洲萬里通會員帳戶。" },
  MILES_STEP_INVALID: { en: "Please choose one of the amounts offered.", zh: "請選擇提供的兌換數量。" },
  MILES_DAILY_LIMIT: { en: "You have reached the daily redemption limit", zh: "你已達到每日兌換上限" },
  MILES_MONTHLY_LIMIT: { en: "You have reached the monthly redemption limit", zh: "你已達到每月兌換上限" },
  MILES_BELOW_STANDARD: { en: "Member redemption limited lower than redeemed miles standard.", zh: "會員可兌換額度低於兌換里數標準。" },
  ADDRESS_LIMIT: { en: "Max addresses reached. Remove to add new.", zh: "地址數量已達上限，請刪除後再新增。" },
  ADDRESS_NOT_FOUND: { en: "Address not found", zh: "找不到此地址" },
  ORDER_NOT_FOUND: { en: "Order not found", zh: "找不到此訂單" },
  CANNOT_CANCEL: { en: "Unable to cancel the order", zh: "無法取消訂單" },
  ORDER_CLOSED: { en: "The order has closed; the payment will be refunded automatically.", zh: "訂單已關閉，款項將自動退還。" },
  AMOUNT_MISMATCH: { en: "The amount paid does not match the amount due.", zh: "付款金額與應付金額不符。" },
  DUPLICATE_PAYMENT: { en: "The order was already paid; this payment will be refunded automatically.", zh: "訂單已付款，此筆款項將自動退還。" },
  IDEMPOTENCY_KEY_REQUIRED: {
    en: "This call needs an Idempotency-Key header: 16 to 64 letters, digits, '-' or '_'.",
    zh: "此請求須附 Idempotency-Key 標頭：16 至 64 個字母、數字、「-」或「_」。",
  },
  IDEMPOTENCY_KEY_REUSED: {
    en: "This Idempotency-Key was already used for another request.",
    zh: "此 Idempotency-Key 已用於另一個請求。",
  },
};

export type OrderFailureCode = "PAID_AFTER_CLOSE" | "PAYMENT_FAILED";

export const FAILURE_MESSAGES: Record<OrderFailureCode, Texts> = {
  // The spec's default failure text.
  PAID_AFTER_CLOSE: {
    en: "Points were insufficient; the amount paid will be refunded automatically.",
    zh: "積分不足，已付金額將自動退還。",
  },
  PAYMENT_FAILED: { en: "Payment Failed", zh: "支付失敗" },
};
