import type { JobDefinition } from '../jobs/job-worker.ts';
import type { ExchangeRates } from '../properties/exchange-rates.ts';
import { toMxn } from '../properties/exchange-rates.ts';
import { sendSearchAlert, type AlertDeps } from './send-search-alert.ts';
import { savedSearchesRepository, type ChangedListingRow } from './saved-searches-repository.ts';
import type { MatchListing } from './search-matcher.ts';
import { syncedMatcher } from './sync-matcher.ts';

/** Job names: matching the changed listings (every minute) and the daily/weekly digests (every morning). */
export const SAVED_SEARCH_MATCH_JOB = 'saved_searches.match';
export const SAVED_SEARCH_DIGEST_JOB = 'saved_searches.digest';
/** Changed listings read per batch of one matching run. */
const BATCH = 2000;

/** A changed listing as the matcher reads it (prices converted to MXN with `rates`; a missing price is 0). */
export function toMatchListing(r: ChangedListingRow, rates: ExchangeRates): MatchListing {
  return {
    ...r, rent_mxn: r.rent_price === null ? 0 : toMxn(r.rent_price, r.rent_currency, rates),
    sale_mxn: r.sale_price === null ? 0 : toMxn(r.sale_price, r.sale_currency, rates),
  };
}

/**
 * Matches the listings written since the watermark (properties.change_seq > saved_search_state.seen_seq; every
 * writer — the form, the importer, the integrations sync — raises it) against every saved search with this process's
 * in-memory matcher, records the new matches (a listing matched before is never recorded, nor sent, again), moves
 * the watermark, and sends the instant alerts of the searches that got new matches. The first run only sets the
 * watermark (old listings are not news). Run every minute by the queue (issue 17: instant alerts within a minute).
 * @returns `{ listings, matches, alerts }` looked at, recorded, sent
 */
export async function matchChangedListings(deps: AlertDeps & { rates: ExchangeRates }): Promise<{ listings: number; matches: number; alerts: number }> {
  const { db } = deps.database;
  let seen = await savedSearchesRepository.seenSeq(db);
  if (seen === null) {
    await savedSearchesRepository.saveSeenSeq(db, await savedSearchesRepository.maxChangeSeq(db));
    return { listings: 0, matches: 0, alerts: 0 };
  }
  const matcher = await syncedMatcher(deps.database);
  let listings = 0, matches = 0, alerts = 0;
  const instant = new Set<string>();
  for (;;) {
    const changed = await savedSearchesRepository.changedListings(db, seen, BATCH);
    if (!changed.length) break;
    const pairs: { search_id: string; puid: string }[] = [];
    for (const row of changed) for (const id of matcher.match(toMatchListing(row, deps.rates))) pairs.push({ search_id: id, puid: row.puid });
    const fresh = await savedSearchesRepository.insertMatches(db, pairs);
    for (const id of fresh) instant.add(id);
    listings += changed.length;
    matches += pairs.length;
    seen = changed[changed.length - 1]!.change_seq;
    await savedSearchesRepository.saveSeenSeq(db, seen);
    if (changed.length < BATCH) break;
  }
  for (const id of instant) {
    const s = await savedSearchesRepository.get(db, id);
    if (s?.frequency === 'instant' && (await sendSearchAlert(deps, id)) > 0) alerts++;
  }
  return { listings, matches, alerts };
}

/**
 * Sends the digests: every daily search whose last alert is at least 23 hours old and every weekly one at least
 * 6 days 23 hours old, when they have unsent matches (issue 17). Run each morning by the queue.
 * @returns the number of alerts sent
 */
export async function sendAlertDigests(deps: AlertDeps, now: Date = new Date()): Promise<number> {
  const hour = 3_600_000;
  let sent = 0;
  for (const [frequency, age] of [['daily', 23 * hour], ['weekly', (7 * 24 - 1) * hour]] as const) {
    for (const id of await savedSearchesRepository.dueSearches(deps.database.db, frequency, new Date(now.getTime() - age))) {
      if ((await sendSearchAlert(deps, id)) > 0) sent++;
    }
  }
  return sent;
}

/** The two jobs' definitions for the worker's handler table (apps/server/src/jobs/job-handlers.ts). */
export function savedSearchJobs(deps: AlertDeps & { rates: ExchangeRates }): Record<string, JobDefinition> {
  return {
    [SAVED_SEARCH_MATCH_JOB]: { handler: async () => void (await matchChangedListings(deps)) },
    [SAVED_SEARCH_DIGEST_JOB]: { handler: async () => void (await sendAlertDigests(deps)) },
  };
}
