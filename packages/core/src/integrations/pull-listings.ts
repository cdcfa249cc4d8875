import { INTEGRATION_MESSAGES as M, type IntegrationProvider, type TPullResult } from '@nj/contracts';
import { AppError } from '../errors/app-error.ts';
import type { Actor } from '../policies/actor.ts';
import { loadOwnAgency } from './integration-access.ts';
import { integrationsRepository } from './integrations-repository.ts';
import { syncConnection, type SyncDeps } from './sync-connection.ts';

/**
 * GET /v1/integrations/easybroker/pull?dryrun&ebid (spec 03 §7) and GET /v1/integrations/kw/pull?dryrun&kwid
 * (decision 033): the agency's administrator pulls the listings of their connection to `provider` now, or with
 * `dryRun` sees what a pull would create, update and deactivate; `sourceId` pulls one listing. See syncConnection.
 * @returns the pull's counts, listings and run
 * @throws AppError UNAUTHORIZED; FORBIDDEN no agency / not its administrator; NOT_FOUND 'Tu agencia no ha conectado
 *   esta integración' or the id is unknown at the provider; CONFLICT a pull in progress or credentials refused;
 *   UNAVAILABLE the provider is down or not configured
 */
export async function pullListings(deps: SyncDeps, input: { actor: Actor; provider: IntegrationProvider; dryRun: boolean; sourceId?: string | undefined }): Promise<TPullResult> {
  const agency = (await loadOwnAgency(deps.database, input.actor))!;
  const connection = await integrationsRepository.find(deps.database.db, agency.auid, input.provider);
  if (!connection) throw new AppError('NOT_FOUND', M.notConnected);
  return syncConnection(deps, connection, { dryRun: input.dryRun, sourceId: input.sourceId, trigger: 'manual' });
}
