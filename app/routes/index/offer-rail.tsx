import { OfferTile } from "../../components/offer-card";
import type { OfferTileData } from "../../lib/catalog/card-data";

/** A rail of offers, drawn whole by the server: each tile is a link to its offer, readable without script. */
export function Rail({ title, offers, now }: { title: string; offers: OfferTileData[]; now: number }) {
  if (offers.length === 0) return null;
  return (
    <section className="rail rail--offers" aria-label={title}>
      <h2 className="section-title">{title}</h2>
      <ul className="rail__track">
        {offers.map((offer) => (
          <li key={offer.id}>
            <OfferTile offer={offer} now={now} />
          </li>
        ))}
      </ul>
    </section>
  );
}
