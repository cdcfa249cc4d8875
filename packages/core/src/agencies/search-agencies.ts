import type { Database } from '@nj/db';
import { AGENCY_LIMITS, type TAgenciesPage } from '@nj/contracts';
import type { Actor } from '../policies/actor.ts';
import { agencyPolicy } from '../policies/agency.ts';
import { authorize } from '../policies/policy.ts';
import { agenciesRepository, presentAgencySummary } from './agencies-repository.ts';

/**
 * GET /v1/agencies?search&page (issue 15: 'ask to join one (search agencies by name)'): agencies whose name contains
 * `search` (case-insensitive; empty: all), by name, AGENCY_LIMITS.pageSize a page, public fields only (name, kind,
 * logo). Anyone may search.
 */
export async function searchAgencies(database: Database, input: { actor: Actor; search: string; page: number }): Promise<TAgenciesPage> {
  authorize(input.actor, agencyPolicy, 'search');
  const size = AGENCY_LIMITS.pageSize;
  const rows = await agenciesRepository.search(database, input.search, size + 1, (input.page - 1) * size);
  return { agencies: rows.slice(0, size).map(presentAgencySummary), page: input.page, has_more: rows.length > size };
}
