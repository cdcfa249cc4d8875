import type { Database } from '@nj/db';
import type { ExchangeRates } from '../properties/exchange-rates.ts';
import { marketRepository } from './market-repository.ts';
import { marketMonth } from './market-constants.ts';

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
