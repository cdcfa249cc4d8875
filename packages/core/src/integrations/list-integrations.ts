import type { Database } from '@nj/db';
import { INTEGRATION_RUNS_SHOWN, type TIntegrationsList } from '@nj/contracts';
import type { Actor } from '../policies/actor.ts';
import { syncedListingsRepository } from '../properties/synced-listings-repository.ts';
import { loadOwnAgency, presentRun } from './integration-access.ts';
import { integrationsRepository } from './integrations-repository.ts';

/**
 * GET /v1/integrations (spec 03 §7; issue 16): the connections of the agency the caller administers, each with the
 * last characters of its credentials (never the credentials), its active synced listings and its latest runs.
 * A signed-in client without an agency gets `{ auid: null, items: [] }`.
 * @throws AppError UNAUTHORIZED unless signed in (the browser shows the empty list without a message on 401, spec 02)
 */
export async function listIntegrations(database: Database, input: { actor: Actor }): Promise<TIntegrationsList> {
  const agency = await loadOwnAgency(database, input.actor, false);
  if (!agency) return { auid: null, items: [] };
  const rows = await integrationsRepository.listForAgency(database.db, agency.auid);
  const iuids = rows.map((r) => r.iuid);
  const [runs, counts] = await Promise.all([
    integrationsRepository.latestRuns(database.db, iuids, INTEGRATION_RUNS_SHOWN),
    syncedListingsRepository.countActive(database.db, iuids),
  ]);
  return {
    auid: agency.auid,
    items: rows.map((r) => ({
      iuid: r.iuid, provider: r.provider, credentials_hint: r.credentials_hint, is_enabled: r.is_enabled,
      created_at: new Date(r.created_at).toISOString(),
      last_complete_sync_at: r.last_complete_sync_at ? new Date(r.last_complete_sync_at).toISOString() : null,
      listings: counts.get(r.iuid) ?? 0,
      runs: (runs.get(r.iuid) ?? []).map(presentRun),
    })),
  };
}
