import { ensureDemoData, type Database } from '@nj/db';
import { deriveColoniasFromListings, loadShippedPlaces } from '@nj/geo';
import { dedupRepository } from '@nj/core/dedup/dedup-repository';
import { regroupAllListings } from '@nj/core/dedup/regroup-all-listings';
import { computeMarketFiguresIfMissing } from '@nj/core/market/compute-market-figures';

/**
 * First-start data: imports the shipped places and the demo listings when the database is empty. Each step is
 * idempotent (skips when its data is present), so later starts cost one count query per step.
 * Order matters: places, then listings, then the colonias derived from the listings, then the duplicate groups of
 * the listings (issue 16; decision 034: once, when never grouped; afterwards the job queue keeps them).
 */
export async function prepareData(database: Database, options: {
  log: (line: string) => void; exchangeRates?: { usd: number; eur: number } | undefined;
}): Promise<void> {
  await loadShippedPlaces(database, { log: options.log });
  await ensureDemoData(database, { log: options.log });
  await deriveColoniasFromListings(database, { log: options.log });
  if ((await dedupRepository.state(database.db)).full_at === null) {
    const r = await regroupAllListings(database, options.exchangeRates ?? { usd: 18.5, eur: 20 });
    options.log(`Duplicados agrupados: ${r.groups} grupos entre ${r.listings} propiedades en ${Math.round(r.ms)} ms`);
  }
  // Issue 17 (decision 036): the market figures once, so place pages show them before the nightly job runs.
  if (await computeMarketFiguresIfMissing(database, options.exchangeRates ?? { usd: 18.5, eur: 20 })) options.log('Cifras de mercado calculadas');
}
