import { randomBytes } from 'node:crypto';
import type { Database } from '@nj/db';
import { AGENCY_MESSAGES as M, type TAgency } from '@nj/contracts';
import { AppError } from '../errors/app-error.ts';
import type { Actor } from '../policies/actor.ts';
import { agencyPolicy } from '../policies/agency.ts';
import { ownRecords } from '../policies/policy.ts';
import { agenciesRepository, presentAgency } from './agencies-repository.ts';

/** A new agency id: 'ag' + 16 lower-case hex. */
export const newAuid = (): string => `ag${randomBytes(8).toString('hex')}`;

/** True for PostgreSQL's unique_violation (a concurrent insert won). */
export const isUniqueViolation = (e: unknown): boolean => (e as { code?: string } | null)?.code === '23505';

/** The Spanish refusal of a unique violation on agencies, by the index that refused it (migration 042). */
export function clashMessage(e: unknown): string {
  const text = `${(e as { constraint?: string } | null)?.constraint ?? ''} ${e instanceof Error ? e.message : ''}`;
  if (text.includes('agencies_admin')) return M.alreadyAdmin;
  if (text.includes('agencies_base_domain')) return M.domainTaken;
  return M.nameTaken;
}

/**
 * POST /v1/agencies (issue 15; spec 03 §7): the signed-in client creates an agency and becomes its administrator.
 * `name` 2–120 characters, unique case-insensitively; `base_domain` a host name unique among agencies (or null);
 * colours #rrggbb (or null); kind 'agency'. Starts without a plan (FREE_AGENCY_SEATS seats).
 * @returns the agency as its administrator sees it
 * @throws AppError UNAUTHORIZED unless signed in; CONFLICT 'Ya administras una agencia…', 'Ya existe una agencia con
 *   ese nombre', 'Ese dominio ya lo usa otra agencia'
 */
export async function createAgency(database: Database, input: {
  actor: Actor; name: string; baseDomain?: string | null | undefined; colorPrimary?: string | null | undefined; colorSecondary?: string | null | undefined;
}): Promise<TAgency> {
  const cuid = ownRecords(input.actor, agencyPolicy, 'create');
  const auid = newAuid();
  await database.db.transaction().execute(async (trx) => {
    if (await agenciesRepository.findByAdmin(trx, cuid)) throw new AppError('CONFLICT', M.alreadyAdmin);
    if (await agenciesRepository.clash(trx, 'name', input.name, null)) throw new AppError('CONFLICT', M.nameTaken);
    if (input.baseDomain && await agenciesRepository.clash(trx, 'base_domain', input.baseDomain, null)) throw new AppError('CONFLICT', M.domainTaken);
    try {
      await agenciesRepository.insert(trx, {
        auid, name: input.name, kind: 'agency', admin_cuid: cuid, base_domain: input.baseDomain ?? null,
        color_primary: input.colorPrimary ?? null, color_secondary: input.colorSecondary ?? null,
      });
    } catch (e) {
      if (isUniqueViolation(e)) throw new AppError('CONFLICT', clashMessage(e));
      throw e;
    }
  });
  const agency = await agenciesRepository.find(database, auid);
  return presentAgency(agency!, 'admin', 0);
}
