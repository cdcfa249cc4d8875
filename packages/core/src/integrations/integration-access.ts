import { randomBytes } from 'node:crypto';
import type { Database } from '@nj/db';
import { INTEGRATION_MESSAGES as M, type IntegrationProvider, type TIntegrationRun } from '@nj/contracts';
import { AppError } from '../errors/app-error.ts';
import { agenciesRepository, type AgencyRow } from '../agencies/agencies-repository.ts';
import { loadAgencyFor } from '../agencies/agency-access.ts';
import type { Actor } from '../policies/actor.ts';
import { agencyPolicy } from '../policies/agency.ts';
import { ownRecords } from '../policies/policy.ts';
import { openSealed } from '../security/seal-text.ts';
import type { ConnectionRow, SyncRunRow } from './integrations-repository.ts';
import type { EasyBrokerCredentials, KwCredentials } from './synced-listing.ts';

/** A new connection id: 'int_' + 16 hex characters. */
export function newIuid(): string {
  return `int_${randomBytes(8).toString('hex')}`;
}

/**
 * The agency the signed-in `actor` administers, authorized for agencyPolicy 'manage' (first line of every
 * integration verb). `required` false answers undefined instead of refusing when they administer none.
 * @throws AppError UNAUTHORIZED unless signed in; FORBIDDEN 'Primero crea tu agencia…' when required and none
 */
export async function loadOwnAgency(database: Database, actor: Actor, required = true): Promise<AgencyRow | undefined> {
  const cuid = ownRecords(actor, agencyPolicy, 'read_own');
  const agency = await agenciesRepository.findByAdmin(database, cuid);
  if (!agency) {
    if (required) throw new AppError('FORBIDDEN', M.noAgency);
    return undefined;
  }
  return (await loadAgencyFor(database, actor, agency.auid, 'manage')).agency;
}

/** The stored credentials of `connection`, opened with the data key (never leaves the server). */
export function openCredentials(dataKey: Buffer, connection: Pick<ConnectionRow, 'credentials_sealed' | 'provider'>): EasyBrokerCredentials | KwCredentials {
  return JSON.parse(openSealed(dataKey, connection.credentials_sealed)) as EasyBrokerCredentials | KwCredentials;
}

/** A provider the server has no client for: 503 in Spanish, nothing changes. */
export function providerNotConfigured(provider: IntegrationProvider): AppError {
  console.error(`integration refused: no ${provider} client is configured (EASYBROKER_PROVIDER / KW_PROVIDER)`);
  return new AppError('UNAVAILABLE', M.providerUnavailable);
}

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

/** A run row → ZIntegrationRun. */
export function presentRun(r: SyncRunRow): TIntegrationRun {
  return {
    id: r.id, trigger: r.trigger, dry_run: r.dry_run, is_complete: r.is_complete, started_at: iso(r.started_at)!,
    finished_at: iso(r.finished_at), created: r.created, updated: r.updated, deactivated: r.deactivated, failed: r.failed, error: r.error,
  };
}
