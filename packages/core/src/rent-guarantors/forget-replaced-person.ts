import type { Database } from '@nj/db';
import type { MediaStorage } from '../media/storage/media-storage.ts';

/**
 * When the tenant names someone else as guarantor or second renter, the data the previous person filled in for that
 * role (their rent_persons row and their documents of this rent) are deleted, so the new person never sees them
 * and nothing of a person who left the rent is kept (issue 12 'Rules'; LFPDPPP). The sealed files are deleted from
 * the storage after the rows (best effort: a failure is logged, the row is already gone).
 * @returns how many documents were deleted
 */
export async function forgetReplacedPerson(deps: { database: Database; storage?: MediaStorage | undefined }, ruid: string, role: 'aval' | 'second_renter'): Promise<number> {
  const keys = await deps.database.db.transaction().execute(async (trx) => {
    await trx.deleteFrom('rent_persons').where('ruid', '=', ruid).where('role', '=', role).execute();
    const removed = await trx.deleteFrom('person_documents').where('ruid', '=', ruid).where('role', '=', role).returning('storage_key').execute();
    return removed.map((r) => r.storage_key);
  });
  for (const key of keys) {
    try {
      await deps.storage?.delete(key);
    } catch (error) {
      console.error(`forgetReplacedPerson: file of ${ruid}/${role} not deleted: ${error instanceof Error ? error.message : 'error'}`);
    }
  }
  return keys.length;
}
