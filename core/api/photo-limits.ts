/**
 * A refund's photos, as the gateway takes them. A module of its own, without schemas: the refund
 * form reads it in the browser, and only the screens that send photos load it.
 */

/** The photos a refund may carry (the member's evidence: what the coupon or the goods looked like). */
export const REFUND_PHOTOS_MAX = 3;
/** The largest photo the gateway takes, in bytes: a phone's photo made 1,280 pixels across (app/lib/photos.ts) is far under it. */
export const REFUND_PHOTO_MAX_BYTES = 400 * 1024;
