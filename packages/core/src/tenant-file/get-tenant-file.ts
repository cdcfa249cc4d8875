import { TENANT_FILE_MESSAGES as M, type TTenantFile } from '@nj/contracts';
import type { Database } from '@nj/db';
import { AppError } from '../errors/app-error.ts';
import type { Actor } from '../policies/actor.ts';
import { rentPolicy } from '../policies/rent.ts';
import { loadRentFor } from '../rents/rent-access.ts';
import { readTenantFile } from './read-tenant-file.ts';

/**
 * What of the renter's verified file rent `ruid` can reuse, shown before it is used (GET
 * /api/v1/rents/{ruid}/tenant-file; issue 12 'A reusable tenant file'). Only the rent's renter.
 * @param now the moment the 30-day window and the report's validity are measured at (tests pass one)
 * @returns ZTenantFile (`reusable` false when there is nothing to reuse)
 * @throws AppError UNAUTHORIZED; NOT_FOUND for a stranger; FORBIDDEN for anyone but the renter
 */
export async function getTenantFile(database: Database, input: { actor: Actor; ruid: string }, now: Date = new Date()): Promise<TTenantFile> {
  const { rent, role } = await loadRentFor(database, input.actor, input.ruid, rentPolicy, 'read');
  if (role !== 'renter' || rent.renter_cuid !== input.actor.cuid) throw new AppError('FORBIDDEN', M.renterOnly);
  return (await readTenantFile(database, rent, now)).view;
}
