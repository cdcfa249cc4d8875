import type { TDataErasure } from '@nj/contracts';
import type { Database } from '@nj/db';
import { enqueue } from '../jobs/enqueue.ts';
import type { Actor } from '../policies/actor.ts';
import { authorize } from '../policies/policy.ts';
import { personalDataPolicy } from '../policies/personal-data.ts';
import { ERASE_PERSONAL_DATA_JOB } from './erase-personal-data.ts';
import { erasureRepository } from './erasure-repository.ts';

/** The request of `cuid` as the client reads it. */
async function present(database: Database, cuid: string): Promise<TDataErasure> {
  const row = await erasureRepository.find(database, cuid);
  const retained = row && !row.erased_at ? await erasureRepository.retained(database.db, cuid) : [];
  return {
    requested_at: row?.requested_at.toISOString() ?? null,
    last_run_at: row?.last_run_at?.toISOString() ?? null,
    erased_at: row?.erased_at?.toISOString() ?? null,
    retained,
  };
}

/**
 * The signed-in client's erasure request (GET /api/v1/client/personal-data/erasure; decision 019).
 * @returns ZDataErasure (all null and no rents when they never asked)
 * @throws AppError UNAUTHORIZED for visitors and anonymous clients
 */
export async function getPersonalDataErasure(database: Database, input: { actor: Actor }): Promise<TDataErasure> {
  authorize(input.actor, personalDataPolicy, 'manage_own');
  return present(database, input.actor.cuid!);
}

/**
 * Records the signed-in client's request to erase their personal data of the rental process (POST
 * /api/v1/client/personal-data/erasure; issue 12 'Rules', LFPDPPP derecho de cancelación; decision 019) and queues
 * its run (job personal-data.erase, in the same transaction), which starts within moments.
 * @returns ZDataErasure as recorded (not yet run)
 * @throws AppError UNAUTHORIZED for visitors and anonymous clients
 */
export async function requestPersonalDataErasure(database: Database, input: { actor: Actor }): Promise<TDataErasure> {
  authorize(input.actor, personalDataPolicy, 'manage_own');
  const cuid = input.actor.cuid!;
  await database.db.transaction().execute(async (trx) => {
    await erasureRepository.request(trx, cuid);
    await enqueue(trx, ERASE_PERSONAL_DATA_JOB, { cuid }, { key: `${cuid}:${Date.now()}`, maxAttempts: 5 });
  });
  return present(database, cuid);
}
