/**
 * The photos members send with a refund (core/api/wallet-endpoints.ts `uploadRefundPhoto`): the
 * sandbox checks that each is a real JPEG or PNG within the size the gateway takes, gives it an id,
 * and lets the member's next refund name it once. It keeps what it checked (the size, the kind and a
 * SHA-256 of the bytes, `ofRefund`), not the picture: a stand-in has no
 * one to show it to. A photo no refund named is forgotten after a day, and the keep is the process's
 * (a restart forgets the photos not yet in a refund, as a gateway's upload area would).
 */
import { createHash, randomBytes } from "node:crypto";
import { REFUND_PHOTOS_MAX, isPhoto } from "#core/api/photo-limits";
import { done, refused, type Outcome } from "./books";

/** How long a photo waits for its refund. */
export const PHOTO_KEEP_MS = 24 * 3_600_000;
/** Photos a member may have waiting at once: a few refunds' worth, never a store of pictures. */
export const PHOTOS_WAITING_MAX = 4 * REFUND_PHOTOS_MAX;

export interface RefundPhoto {
  id: string;
  owner: string;
  kind: "jpeg" | "png";
  bytes: number;
  sha256: string;
  at: number;
  /** The refund order that named it, once one did. */
  refundOrderNo: string | null;
}

export class RefundPhotos {
  readonly #photos = new Map<string, RefundPhoto>();

  constructor(private readonly now: () => number) {}

  /** Takes a photo sent as a data URL (the endpoint's schema has checked its form). */
  upload(owner: string, dataUrl: string): Outcome<RefundPhoto> {
    this.#forgetOld();
    const match = /^data:image\/(jpeg|png);base64,(.*)$/s.exec(dataUrl);
    if (!match) return refused("PHOTO_INVALID");
    const kind = match[1] as RefundPhoto["kind"];
    const bytes = Buffer.from(match[2], "base64");
    if (!isPhoto(bytes, `image/${kind}`)) return refused("PHOTO_INVALID");
    const waiting = [...this.#photos.values()].filter((photo) => photo.owner === owner && photo.refundOrderNo === null);
    // The oldest waiting photo makes room: a member who chose photos and left never blocks the next refund.
    if (waiting.length >= PHOTOS_WAITING_MAX) this.#photos.delete(waiting[0].id);
    const photo: RefundPhoto = {
      id: `ph_${randomBytes(16).toString("hex")}`,
      owner,
      kind,
      bytes: bytes.length,
      sha256: createHash("sha256").update(bytes).digest("hex"),
      at: this.now(),
      refundOrderNo: null,
    };
    this.#photos.set(photo.id, photo);
    return done(photo);
  }

  /** Whether every id names a photo of the member's still waiting for a refund (each once). */
  check(owner: string, ids: readonly string[]): Outcome<RefundPhoto[]> {
    this.#forgetOld();
    if (new Set(ids).size !== ids.length) return refused("PHOTO_UNKNOWN");
    const photos = ids.map((id) => this.#photos.get(id));
    if (photos.some((photo) => !photo || photo.owner !== owner || photo.refundOrderNo !== null)) return refused("PHOTO_UNKNOWN");
    return done(photos as RefundPhoto[]);
  }

  /** The photos (checked just before) now belong to a refund order. */
  claim(ids: readonly string[], refundOrderNo: string): void {
    for (const id of ids) {
      const photo = this.#photos.get(id);
      if (photo) photo.refundOrderNo = refundOrderNo;
    }
  }

  /** A refund order's photos, as the sandbox checked them. */
  ofRefund(refundOrderNo: string): RefundPhoto[] {
    return [...this.#photos.values()].filter((photo) => photo.refundOrderNo === refundOrderNo);
  }

  #forgetOld(): void {
    const oldest = this.now() - PHOTO_KEEP_MS;
    for (const [id, photo] of this.#photos) if (photo.refundOrderNo === null && photo.at < oldest) this.#photos.delete(id);
  }
}
