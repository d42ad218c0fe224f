/** The refund photos the sandbox takes: real pictures only, each the member's own, in one refund once. */
import { describe, expect, it } from "vitest";
import { REFUND_PHOTO_MAX_BYTES } from "#core/api/photo-limits";
import { PHOTO_STAND_IN } from "#core/api/personal";
import { PHOTO_KEEP_MS, PHOTOS_WAITING_MAX, RefundPhotos } from "./refund-photos";

const jpeg = (size: number) => `data:image/jpeg;base64,${Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(size - 4, 7)]).toString("base64")}`;

function keeper() {
  let now = 1_800_000_000_000;
  const photos = new RefundPhotos(() => now);
  return { photos, later: (ms: number) => (now += ms) };
}

describe("refund photos", () => {
  it("takes a JPEG or PNG within the size, and keeps its size and fingerprint, not the picture", () => {
    const { photos } = keeper();
    const taken = photos.upload("mpay-1001", jpeg(2_000));
    expect(taken).toMatchObject({ ok: true, value: { owner: "mpay-1001", kind: "jpeg", bytes: 2_000, refundOrderNo: null } });
    expect(taken.ok && taken.value.id).toMatch(/^ph_[0-9a-f]{32}$/);
    expect(taken.ok && taken.value.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(photos.upload("mpay-1001", PHOTO_STAND_IN)).toMatchObject({ ok: true, value: { kind: "png" } });
  });

  it("refuses what only says it is a picture, and a picture over the size", () => {
    const { photos } = keeper();
    expect(photos.upload("mpay-1001", `data:image/jpeg;base64,${Buffer.from("<svg onload=alert(1)>").toString("base64")}`)).toEqual({ ok: false, reason: "PHOTO_INVALID" });
    expect(photos.upload("mpay-1001", PHOTO_STAND_IN.replace("image/png", "image/jpeg"))).toEqual({ ok: false, reason: "PHOTO_INVALID" });
    expect(photos.upload("mpay-1001", jpeg(REFUND_PHOTO_MAX_BYTES + 1))).toEqual({ ok: false, reason: "PHOTO_INVALID" });
    expect(photos.upload("mpay-1001", jpeg(REFUND_PHOTO_MAX_BYTES))).toMatchObject({ ok: true });
  });

  it("lets the member's refund name each of their photos once; another member's, a repeat or a used one is refused", () => {
    const { photos } = keeper();
    const mine = [photos.upload("mpay-1001", jpeg(100)), photos.upload("mpay-1001", jpeg(200))].map((taken) => (taken.ok ? taken.value.id : ""));
    const theirs = photos.upload("mpay-1002", jpeg(100));
    expect(photos.check("mpay-1001", [mine[0], mine[0]])).toEqual({ ok: false, reason: "PHOTO_UNKNOWN" });
    expect(photos.check("mpay-1001", [mine[0], theirs.ok ? theirs.value.id : ""])).toEqual({ ok: false, reason: "PHOTO_UNKNOWN" });
    expect(photos.check("mpay-1001", ["ph_00000000000000000000000000000000"])).toEqual({ ok: false, reason: "PHOTO_UNKNOWN" });
    expect(photos.check("mpay-1001", mine)).toMatchObject({ ok: true });
    photos.claim(mine, "RF20261130000001");
    expect(photos.ofRefund("RF20261130000001").map((photo) => photo.bytes)).toEqual([100, 200]);
    expect(photos.check("mpay-1001", [mine[0]])).toEqual({ ok: false, reason: "PHOTO_UNKNOWN" });
  });

  it("forgets a photo no refund named after a day, and makes room for a new one by forgetting the oldest waiting", () => {
    const { photos, later } = keeper();
    const first = photos.upload("mpay-1001", jpeg(100));
    const id = first.ok ? first.value.id : "";
    for (let index = 1; index < PHOTOS_WAITING_MAX; index += 1) photos.upload("mpay-1001", jpeg(100));
    expect(photos.check("mpay-1001", [id])).toMatchObject({ ok: true });
    photos.upload("mpay-1001", jpeg(100));
    expect(photos.check("mpay-1001", [id])).toEqual({ ok: false, reason: "PHOTO_UNKNOWN" });
    const second = photos.upload("mpay-1001", jpeg(100));
    later(PHOTO_KEEP_MS + 1);
    expect(photos.check("mpay-1001", [second.ok ? second.value.id : ""])).toEqual({ ok: false, reason: "PHOTO_UNKNOWN" });
  });
});
