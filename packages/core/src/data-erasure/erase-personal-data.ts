import type { Database } from '@nj/db';
import { discardMediaKeys, recordPendingKeys } from '../media/pending-media.ts';
import type { MediaStorage } from '../media/storage/media-storage.ts';
import { erasureRepository } from './erasure-repository.ts';

/** Job name of the erasure of one client's personal data (payload `{ cuid }`), and of the nightly re-run. */
export const ERASE_PERSONAL_DATA_JOB = 'personal-data.erase';
export const ERASE_OPEN_REQUESTS_JOB = 'personal-data.erase-open';

/** What one run erased, and how many rents still retain data. */
export type ErasureRun = { documents: number; files: number; persons: number; investigations: number; identity: number; retained: number };

/**
 * Erases client `cuid`'s personal data of the rental process (issue 12 'Rules': deleted on request after the legal
 * retention; LFPDPPP; decision 019), keeping what a rent at on_accepted_offer, on_contract_sign or on_rent needs
 * (RETAINED_STEPS: the lease being made or in force): in one transaction their documents (the INE too when no rent
 * is retained; files journaled, deleted after the commit), their person data in rents (renter, second renter,
 * aval), their credit investigations with the bureau's sealed answers, report PDFs and list matches, the results, income and
 * employer on their rents, the guarantee's address and e-mail of their invitations, and — when no rent is retained —
 * their identity checks (the account is no longer shown as identity-verified). The request row records the run;
 * it is done when nothing is retained, otherwise the nightly job runs it again. A client without a request is left
 * alone. Safe to run again.
 * @returns ErasureRun (zeros when there is no request)
 * @throws database errors (file deletions are best effort and retried by the media sweeps)
 */
export async function erasePersonalData(deps: { database: Database; storage: MediaStorage }, cuid: string): Promise<ErasureRun> {
  const run: ErasureRun = { documents: 0, files: 0, persons: 0, investigations: 0, identity: 0, retained: 0 };
  if (!(await erasureRepository.find(deps.database, cuid))) return run;
  const keys = await deps.database.db.transaction().execute(async (trx) => {
    const retained = (await erasureRepository.retained(trx, cuid)).length;
    const deleted = await erasureRepository.deleteDocuments(trx, cuid, retained > 0);
    run.documents = deleted.length;
    run.persons = await erasureRepository.deletePersons(trx, cuid);
    const investigations = await erasureRepository.deleteInvestigations(trx, cuid);
    run.investigations = investigations.deleted;
    deleted.push(...investigations.pdfKeys);
    await recordPendingKeys(trx, deleted);
    await erasureRepository.blankInvitations(trx, cuid);
    if (retained === 0) run.identity = await erasureRepository.deleteIdentity(trx, cuid);
    run.retained = retained;
    await erasureRepository.recordRun(trx, cuid, retained);
    return deleted;
  });
  run.files = keys.length ? await discardMediaKeys(deps, keys) : 0;
  return run;
}

/** Runs every open request again (nightly): leases that ended let their data go. @returns the clients run */
export async function eraseOpenRequests(deps: { database: Database; storage: MediaStorage }, limit = 500): Promise<number> {
  const open = await erasureRepository.open(deps.database, limit);
  for (const cuid of open) await erasePersonalData(deps, cuid);
  return open.length;
}
