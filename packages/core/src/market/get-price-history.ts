import type { Database } from '@nj/db';
import type { TPriceHistory } from '@nj/contracts/market/schemas';
import { toMxn, type ExchangeRates } from '../properties/exchange-rates.ts';
import { marketRepository } from './market-repository.ts';
import { PRICE_DROP_DAYS } from './market-constants.ts';

/**
 * A listing's price history (issue 17): every recorded price, oldest first, with its MXN value at today's exchange
 * rate, and the percent its price dropped within the last 30 days (null when it did not). The caller has already
 * decided the listing may be shown (getProperty); this reads nothing private.
 * @param puid the listing; `rates` MXN per USD/EUR; `now` the clock of the 30-day window
 */
export async function getPriceHistory(database: Database, puid: string, rates: ExchangeRates, now = new Date()): Promise<TPriceHistory> {
  const rows = await marketRepository.priceEvents(database.db, puid);
  const drops = await marketRepository.priceDrops(database.db, [puid], new Date(now.getTime() - PRICE_DROP_DAYS * 86_400_000));
  return {
    events: rows.map((r) => ({
      operation: r.operation,
      at: new Date(r.at).toISOString(),
      price: r.new_price,
      currency: r.new_currency,
      price_mxn: Math.round(toMxn(r.new_price, r.new_currency, rates)),
      old_price: r.old_price,
      source: r.source,
    })),
    drop_percent: drops.get(puid) ?? null,
  };
}

/**
 * The price drop of each of `puids` within the last 30 days (percent, rounded down; absent when none): what the
 * cards' 'Bajó de precio' badge reads, one query for a whole page of results.
 */
export async function priceDropsOf(database: Database, puids: string[], now = new Date()): Promise<Map<string, number>> {
  return marketRepository.priceDrops(database.db, puids, new Date(now.getTime() - PRICE_DROP_DAYS * 86_400_000));
}
