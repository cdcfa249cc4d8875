import type { Database } from '@nj/db';
import type { TReference } from '@nj/contracts';
import { referencesRepository } from './references-repository.ts';
import { presentReference } from './present-reference.ts';
import type { Actor } from '../policies/actor.ts';
import { ownRecords } from '../policies/policy.ts';
import { referencePolicy } from '../policies/reference.ts';

/**
 * The signed-in client's personal references, oldest first (spec 02 §7 `GET /v1/client/references`), each with
 * is_confirmed (confirmed / not yet confirmed). Only `cuid`'s own rows are read.
 */
export async function listReferences(options: { database: Database; actor: Actor }): Promise<TReference[]> {
  const cuid = ownRecords(options.actor, referencePolicy, 'manage_own');
  const rows = await referencesRepository.listByOwner(options.database, cuid);
  const now = Date.now();
  return rows.map((r) => presentReference(r, now));
}
