/** What the mall's offer cards show, read the same way by every spec. */
import type { Locator } from "@playwright/test";

/** The MOP price a card shows: beside its original price, or as the whole of what is paid when that is cash. */
export async function shownPrices(cards: Locator): Promise<number[]> {
  const texts = await cards.evaluateAll((elements) => elements.map((element) => (element.querySelector(".offer-card__price") ?? element.querySelector(".offer-card__pay"))?.textContent ?? ""));
  return texts.map((text) => Number(text.replace(/[^\d.]/g, "")));
}
