import { randomUUID } from 'node:crypto';
import { TENANT_FILE_MESSAGES as M, type TTenantFile } from '@nj/contracts';
import type { Database } from '@nj/db';
import { decideCreditPassed, type CreditRuleSettings } from '../credit-investigation/decide-credit-passed.ts';
import { investigationsRepository } from '../credit-investigation/investigations-repository.ts';
import { AppError } from '../errors/app-error.ts';
import type { MediaStorage } from '../media/storage/media-storage.ts';
import type { Actor } from '../policies/actor.ts';
import { rentPolicy } from '../policies/rent.ts';
import { documentsRepository } from '../rent-documents/documents-repository.ts';
import { saveDocumentFile } from '../rent-documents/save-document-file.ts';
import { loadRentFor } from '../rents/rent-access.ts';
import { screeningRepository } from '../screening/screening-repository.ts';
import { openSealedBytes } from '../security/seal-bytes.ts';
import { readTenantFile } from './read-tenant-file.ts';
import { tenantFileRepository } from './tenant-file-repository.ts';

export type TenantFileDeps = { database: Database; storage: MediaStorage; config: { dataKey: Buffer; creditRule: CreditRuleSettings } };

/**
 * Reuses the renter's verified file in rent `ruid` (POST /api/v1/rents/{ruid}/tenant-file; issue 12 'A reusable
 * tenant file'): from their latest application sent in the last 30 days, the renter's person data (identifiers
 * still sealed), their proofs of address and income (each file opened and stored again, sealed, for this rent:
 * the owner of this listing gets their own watermarked copies) and income with employer; and their latest valid
 * investigation (within 30 days and its report's m_ttl) unless this rent already has one, with is_cr_passed decided
 * again for this rent's price and maintenance (decideCreditPassed; nothing is charged). Identity and references are
 * the account's and need no copy. Only the renter, only in client_offer_in_process.
 * @param now the moment of the window (tests pass one)
 * @returns ZTenantFile with `applied`: what was copied
 * @throws AppError UNAUTHORIZED; NOT_FOUND for a stranger; FORBIDDEN for anyone but the renter; CONFLICT in another
 *   step ('Tu expediente solo puede agregarse…'), or when nothing is reusable ('No tienes un expediente verificado…')
 */
export async function applyTenantFile(deps: TenantFileDeps, input: { actor: Actor; ruid: string }, now: Date = new Date()): Promise<TTenantFile> {
  const { database } = deps;
  const { rent, role } = await loadRentFor(database, input.actor, input.ruid, rentPolicy, 'act');
  if (role !== 'renter' || rent.renter_cuid !== input.actor.cuid) throw new AppError('FORBIDDEN', M.renterOnly);
  if (rent.step !== 'client_offer_in_process') throw new AppError('CONFLICT', M.onlyInProcess);
  const { view, source, investigation } = await readTenantFile(database, rent, now);
  if (!view.reusable) throw new AppError('CONFLICT', M.nothingToReuse);
  const applied = new Set<'person' | 'documents' | 'income' | 'investigation'>();

  // Each proof is stored with its own atomic write (sealed file journaled until its row commits).
  for (const kind of view.documents) {
    const row = await documentsRepository.findAt(database.db, { cuid: rent.renter_cuid, kind, ruid: source!.ruid, role: 'renter' });
    const stored = row ? await deps.storage.get(row.storage_key) : null;
    if (!row || !stored) continue;
    await saveDocumentFile({ database, storage: deps.storage, dataKey: deps.config.dataKey }, {
      place: { cuid: rent.renter_cuid, kind, ruid: rent.ruid, role: 'renter' },
      file: openSealedBytes(deps.config.dataKey, stored.body), filename: row.filename,
      address: kind === 'poa' && row.addr && row.city && row.municipality && row.state && row.cp
        ? { addr: row.addr, neighborhood: row.neighborhood ?? '', city: row.city, municipality: row.municipality, state: row.state, cp: row.cp }
        : null,
    });
    applied.add('documents');
  }

  const state = await investigationsRepository.rentState(database, rent.ruid);
  const reuseInvestigation = investigation && !state?.last_completed_ic;
  const decision = reuseInvestigation
    ? decideCreditPassed({
      score: investigation.score, monthlyRent: rent.price, monthlyMaintenance: rent.maintenance_fee ?? 0,
      verifiedMonthlyIncome: investigation.has_poi ? investigation.total_income : null,
      matches: (await tenantFileRepository.matchesOf(database, investigation.icuid))
        .map((m) => ({ listId: m.list_id, listKind: m.list_kind, entryStatus: m.entry_status, strength: m.strength })),
      listsAvailable: await listsAvailable(database),
    }, deps.config.creditRule)
    : null;

  await database.db.transaction().execute(async (trx) => {
    if (source?.has_person) {
      await tenantFileRepository.copyRenterPerson(trx, source.ruid, rent.ruid);
      applied.add('person');
    }
    if (source && source.total_income !== null) {
      await tenantFileRepository.copyIncome(trx, source, rent.ruid);
      applied.add('income');
    }
    if (reuseInvestigation && decision) {
      await tenantFileRepository.copyInvestigation(trx, {
        from: investigation.icuid, to: rent.ruid, icuid: randomUUID(), mUid: randomUUID(),
        outcome: decision.outcome, reasons: decision.reasons, isCrPassed: decision.isCrPassed,
      });
      applied.add('investigation');
    }
  });
  return { ...view, target_has_data: view.target_has_data || applied.has('person') || applied.has('documents'), applied: [...applied] };
}

/** Whether a blacklist and a PLD list have been imported (the rule notes when one never was). */
async function listsAvailable(database: Database): Promise<{ blacklist: boolean; pld: boolean }> {
  const lists = await screeningRepository.lists(database);
  return { blacklist: lists.some((l) => l.kind === 'blacklist'), pld: lists.some((l) => l.kind === 'pld') };
}
