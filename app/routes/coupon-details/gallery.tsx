/** The offer's pictures: a track that snaps from one to the next, and which one of how many is shown. */
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { OfferDetail } from "#core/api/shop-endpoints";
import { Picture } from "../../components/picture";

export function Gallery({ offer }: { offer: OfferDetail }) {
  const { t } = useTranslation();
  const [shown, setShown] = useState(0);
  return (
    <section className="gallery" aria-roledescription="carousel" aria-label={t("offer.pictures")}>
      <div
        className="gallery__track"
        // A scrolling region is reached by keyboard too: focused, the arrow keys page the pictures.
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- as above (axe: scrollable-region-focusable)
        tabIndex={0}
        onScroll={(event) => {
          const track = event.currentTarget;
          setShown(Math.round(track.scrollLeft / Math.max(1, track.clientWidth)));
        }}
      >
        {offer.images.map((image, index) => (
          <Picture
            key={image}
            className="gallery__image"
            alt={index === 0 ? offer.title : t("offer.picture", { index: index + 1, count: offer.images.length })}
            width={320}
            height={200}
            src={image}
            firstScreen={index === 0}
            box="screen"
          />
        ))}
      </div>
      {offer.images.length > 1 ? (
        <span className="gallery__count" aria-hidden="true">
          {shown + 1}/{offer.images.length}
        </span>
      ) : null}
    </section>
  );
}
