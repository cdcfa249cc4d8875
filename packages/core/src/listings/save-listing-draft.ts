import { randomBytes } from 'node:crypto';
import { DRAFT_MAX_BYTES, LISTING_MESSAGES as M, type TDraft } from '@nj/contracts';
import type { Database } from '@nj/db';
import { AppError } from '../errors/app-error.ts';
import { listingsRepository } from './listings-repository.ts';

export const presentDraft = (d: { id: string; data: Record<string, unknown>; step: number; updated_at: Date }): TDraft => ({
  id: d.id, data: d.data, step: d.step, updated_at: new Date(d.updated_at).toISOString(),
});

/**
 * Creates (no `id`) or saves (`id`) a draft of the publish form owned by `cuid` (issue 4 "Create and edit"). `data`
 * is whatever the form holds so far (not validated beyond being a JSON object under DRAFT_MAX_BYTES).
 * Returns the draft. Throws AppError BAD_REQUEST 'El borrador es demasiado grande', NOT_FOUND 'No encontramos el
 * borrador' when `id` is not a draft of this client (another client's drafts are never revealed).
 */
export async function saveListingDraft(
  deps: { database: Database },
  input: { cuid: string; id?: string | undefined; data: Record<string, unknown>; step: number },
): Promise<TDraft> {
  if (Buffer.byteLength(JSON.stringify(input.data)) > DRAFT_MAX_BYTES) throw new AppError('BAD_REQUEST', M.draftTooLarge, { data: M.draftTooLarge });
  const { db } = deps.database;
  if (input.id === undefined) {
    return presentDraft(await listingsRepository.insertDraft(db, { id: `d_${randomBytes(10).toString('hex')}`, owner_cuid: input.cuid, data: input.data, step: input.step }));
  }
  const saved = await listingsRepository.updateDraft(db, { id: input.id, owner_cuid: input.cuid, data: input.data, step: input.step });
  if (!saved) throw new AppError('NOT_FOUND', M.draftNotFound);
  return presentDraft(saved);
}
