import type { Database } from '@nj/db';
import type { ExchangeRates } from '../properties/exchange-rates.ts';
import { marketRepository } from './market-repository.ts';
import { marketMonth } from './market-constants.ts';

/** Job name of the nightly market snapshot (cron in apps/server JOB_SCHEDULES). */
export const MARKET_FIGURES_JOB = 'market.figures';

/**
 * The `market.figures` job (issue 17, decision 036): writes this month's snapshot of every colonia and municipality
 * (active listings, sample, median MXN per m² by operation and type) from our own listings, replacing the month's
 * earlier run; past months are kept, so the 12-month trend builds up month by month.
 * @param rates MXN per USD/EUR (ServerConfig.exchangeRates); `now` fixes the month (America/Mexico_City)
 * @returns the month written (YYYY-MM-01) and how many rows
 */
export async function computeMarketFigures(database: Database, rates: ExchangeRates, now = new Date()): Promise<{ month: string; rows: number }> {
  const month = marketMonth(now);
  const rows = await database.db.transaction().execute((trx) => marketRepository.writeMonth(trx, month, rates));
  return { month, rows };
}

/** Computes the figures once when none exist (first start, so `npm start` shows them); false when some did. */
export async function computeMarketFiguresIfMissing(database: Database, rates: ExchangeRates): Promise<boolean> {
  if (await marketRepository.any(database.db)) return false;
  await computeMarketFigures(database, rates);
  return true;
}
