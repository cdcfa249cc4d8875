import type { Database } from '@nj/db';
import { priceDropsOf } from './get-price-history.ts';

/**
 * Marks the cards whose price dropped in the last 30 days (issue 17 'Bajó de precio'): sets `price_drop` (percent,
 * rounded down) on those cards, in place, with one query for the whole page (property_price_events by puid).
 * Takes and returns the same array.
 */
export async function attachPriceDrops<T extends { uid: string; price_drop?: number | undefined }>(database: Database, cards: T[], now = new Date()): Promise<T[]> {
  if (cards.length === 0) return cards;
  const drops = await priceDropsOf(database, cards.map((c) => c.uid), now);
  for (const card of cards) {
    const d = drops.get(card.uid);
    if (d) card.price_drop = d;
  }
  return cards;
}
