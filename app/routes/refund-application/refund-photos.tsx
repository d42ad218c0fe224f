/**
 * A refund's photos (optional, up to REFUND_PHOTOS_MAX): taken with the host's camera or chosen from
 * its album (the bridge's `chooseImage`), made small on the phone (app/lib/photos.ts) and sent one by
 * one to /resources/refund-photo, each under a key of its own so a retry never sends it twice. The
 * form sends the ids the gateway gave; it waits while a photo is still on its way.
 */
import { useEffect, useRef, useState, type SVGProps } from "react";
import { useTranslation } from "react-i18next";
import { REFUND_PHOTOS_MAX } from "#core/api/photo-limits";
import { showToast } from "../../components/toast";
import { useHydrated } from "../../hooks/use-hydrated";
import { getHostBridge } from "../../lib/host-bridge";
import { HostBridgeError } from "../../lib/host-bridge/types";
import { newIdempotencyKey } from "../../lib/idempotency-key";
import { shrinkPhoto } from "../../lib/photos";
import type { RefundPhotoResult } from "../resources.refund-photo";

interface Photo {
  key: string;
  preview: string | null;
  photoId: string | null;
}

export function RefundPhotos({ onPendingChange }: { onPendingChange(pending: boolean): void }) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const [photos, setPhotos] = useState<Photo[]>([]);
  const pending = photos.some((photo) => photo.photoId === null);
  useEffect(() => onPendingChange(pending), [pending, onPendingChange]);
  // The previews are object URLs: given back when the photos go, and when the form does.
  const previews = useRef(new Set<string>());
  useEffect(() => () => previews.current.forEach((url) => URL.revokeObjectURL(url)), []);
  const update = (key: string, change: Partial<Photo> | null) =>
    setPhotos((current) => (change === null ? current.filter((photo) => photo.key !== key) : current.map((photo) => (photo.key === key ? { ...photo, ...change } : photo))));

  const send = async (address: string, key: string) => {
    const blob = await shrinkPhoto(address);
    if (address.startsWith("blob:")) URL.revokeObjectURL(address);
    if (!blob) {
      update(key, null);
      showToast(t("shop.refusal.PHOTO_INVALID"));
      return;
    }
    const preview = URL.createObjectURL(blob);
    previews.current.add(preview);
    update(key, { preview });
    let answer: RefundPhotoResult | null = null;
    try {
      const reply = await fetch("/resources/refund-photo", { method: "POST", headers: { "Content-Type": blob.type, "Idempotency-Key": key }, body: blob, credentials: "same-origin" });
      answer = (await reply.json().catch(() => null)) as RefundPhotoResult | null;
    } catch {
      answer = null;
    }
    if (answer?.ok) {
      update(key, { photoId: answer.photoId });
      return;
    }
    update(key, null);
    showToast(answer?.message ?? t("refund.photoNotSent"));
  };

  const add = async (source: "camera" | "album") => {
    let addresses: string[];
    try {
      addresses = await getHostBridge().chooseImage(source);
    } catch (error) {
      const code = error instanceof HostBridgeError ? error.code : "FAILED";
      if (code !== "CANCELLED") showToast(t(code === "UNSUPPORTED" ? "refund.photoUnsupported" : code === "DENIED" ? "refund.photoDenied" : "refund.photoNotSent"));
      return;
    }
    const room = REFUND_PHOTOS_MAX - photos.length;
    const taken = addresses.slice(0, room).map((address) => ({ address, key: newIdempotencyKey() }));
    if (addresses.length > room) showToast(t("refund.photosMax", { count: REFUND_PHOTOS_MAX }));
    setPhotos((current) => [...current, ...taken.map(({ key }) => ({ key, preview: null, photoId: null }))]);
    await Promise.all(taken.map(({ address, key }) => send(address, key)));
  };

  const remove = (photo: Photo) => {
    if (photo.preview) {
      URL.revokeObjectURL(photo.preview);
      previews.current.delete(photo.preview);
    }
    update(photo.key, null);
  };

  const sent = photos.flatMap((photo) => (photo.photoId ? [photo.photoId] : []));
  return (
    <section className="card offer-section refund-photos" aria-labelledby="refund-photos-title">
      <h2 id="refund-photos-title" className="offer-section__title">
        {t("refund.photosTitle")}
        <span className="field__need">{t("refund.remarksOptional")}</span>
      </h2>
      <p className="field__hint" id="refund-photos-hint">
        {t("refund.photosHint", { count: REFUND_PHOTOS_MAX })}
      </p>
      <input type="hidden" name="photoIds" value={sent.join(",")} />
      {photos.length > 0 ? (
        <ul className="refund-photos__list" aria-label={t("refund.photosTitle")}>
          {photos.map((photo, index) => (
            <li key={photo.key} className="refund-photos__item" data-testid="refund-photo" data-sent={photo.photoId ? "1" : "0"} aria-busy={photo.photoId ? undefined : true}>
              {photo.preview ? <img src={photo.preview} alt={t("refund.photoAlt", { number: index + 1 })} /> : <span className="skeleton refund-photos__placeholder" />}
              {photo.photoId ? null : <span className="refund-photos__sending">{t("refund.photoSending")}</span>}
              <button type="button" className="refund-photos__remove" aria-label={t("refund.photoRemove", { number: index + 1 })} onClick={() => remove(photo)}>
                <CrossIcon />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {photos.length < REFUND_PHOTOS_MAX ? (
        <div className="refund-photos__add">
          <button type="button" className="button button--secondary" disabled={!hydrated} aria-describedby="refund-photos-hint" onClick={() => void add("camera")}>
            <CameraIcon />
            {t("refund.photoCamera")}
          </button>
          <button type="button" className="button button--secondary" disabled={!hydrated} aria-describedby="refund-photos-hint" onClick={() => void add("album")}>
            <AlbumIcon />
            {t("refund.photoAlbum")}
          </button>
        </div>
      ) : null}
    </section>
  );
}

// The section's own icons stay here: the mall's shared icons are part of every screen's first load.
function Icon(props: SVGProps<SVGSVGElement>) {
  return <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={1.8} strokeLinecap="round" strokeLinejoin="round" className="icon" aria-hidden="true" focusable="false" {...props} />;
}

const CameraIcon = () => (
  <Icon>
    <path d="M4 8h3l2-3h6l2 3h3v11H4z" />
    <circle cx="12" cy="13" r="3.5" />
  </Icon>
);

const AlbumIcon = () => (
  <Icon>
    <rect x="4" y="5" width="16" height="14" rx="2" />
    <circle cx="9" cy="10" r="1.5" />
    <path d="M20 16l-5-5-7 8" />
  </Icon>
);

const CrossIcon = () => (
  <Icon>
    <path d="M7 7l10 10M17 7L7 17" />
  </Icon>
);
