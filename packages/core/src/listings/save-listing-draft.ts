import { randomBytes } from 'node:crypto';
import { DRAFT_MAX_BYTES, LISTING_MESSAGES as M, MEDIA_URL_PREFIX, type TDraft, type TListingImages } from '@nj/contracts';
import type { Database } from '@nj/db';
import { AppError } from '../errors/app-error.ts';
import { listingsRepository } from './listings-repository.ts';
import { photoVariantKey } from './store-listing-photos.ts';
import type { Actor } from '../policies/actor.ts';
import { draftScope } from '../policies/draft.ts';

/**
 * A photo kept in a draft (`data.photos`, in order, first = cover), stored under `drafts/{draftId}/…`;
 * `processing` while a large upload waits for the photos.process job (issue 8 §4).
 */
export type DraftPhoto = { name: string; url: { thumb: string; card: string; full: string }; processing?: boolean };

/** The draft photo `name` of draft `draftId` with its variant URLs (`/media/drafts/{draftId}/{name}{_thumb|_card|}.webp`). */
export function draftPhoto(draftId: string, name: string, processing = false): DraftPhoto {
  const url = (v: 'thumb' | 'card' | 'full') => MEDIA_URL_PREFIX + photoVariantKey('drafts', draftId, name, v);
  return { name, url: { thumb: url('thumb'), card: url('card'), full: url('full') }, ...(processing ? { processing: true } : {}) };
}

/** The photos a stored draft holds (`data.photos`), ignoring anything malformed. */
export function draftPhotosOf(draftId: string, data: unknown): DraftPhoto[] {
  const list = (data as { photos?: unknown } | null)?.photos;
  if (!Array.isArray(list)) return [];
  return list.flatMap((p) => {
    const name = typeof p === 'string' ? p : (p as { name?: unknown } | null)?.name;
    const processing = typeof p === 'object' && (p as { processing?: unknown } | null)?.processing === true;
    return typeof name === 'string' && /^[a-f0-9]{16}$/.test(name) ? [draftPhoto(draftId, name, processing)] : [];
  });
}

/** The photo-call answer for a draft: `{ uid: draftId, images: [{ name, order, url }] }`. */
export function presentDraftPhotos(draftId: string, photos: DraftPhoto[]): TListingImages {
  return { uid: draftId, images: photos.map((p, order) => ({ ...p, order })) };
}

export const presentDraft = (d: { id: string; data: Record<string, unknown>; step: number; updated_at: Date }): TDraft => ({
  id: d.id, data: d.data, step: d.step, updated_at: new Date(d.updated_at).toISOString(),
});

/**
 * Creates (no `id`) or saves (`id`) a draft of the publish form owned by `cuid` (issue 4 "Create and edit"). `data`
 * is whatever the form holds so far (not validated beyond being a JSON object under DRAFT_MAX_BYTES). Its `photos`
 * is kept by the server (the draft photo calls add and remove them): a saved `photos` list (names or `{ name }`)
 * only reorders the stored ones; stored photos it leaves out stay, after the listed ones.
 * Returns the draft. Throws AppError BAD_REQUEST 'El borrador es demasiado grande', NOT_FOUND 'No encontramos el
 * borrador' when `id` is not a draft of this client (another client's drafts are never revealed).
 */
export async function saveListingDraft(
  deps: { database: Database },
  input: { actor: Actor; id?: string | undefined; data: Record<string, unknown>; step: number },
): Promise<TDraft> {
  const cuid = draftScope(input.actor, input.id === undefined ? 'create' : 'update');
  if (Buffer.byteLength(JSON.stringify(input.data)) > DRAFT_MAX_BYTES) throw new AppError('BAD_REQUEST', M.draftTooLarge, { data: M.draftTooLarge });
  const { db } = deps.database;
  if (input.id === undefined) {
    return presentDraft(await listingsRepository.insertDraft(db, { id: `d_${randomBytes(10).toString('hex')}`, owner_cuid: cuid, data: { ...input.data, photos: [] }, step: input.step }));
  }
  const id = input.id;
  return db.transaction().execute(async (trx) => {
    const current = id.length <= 100 ? await listingsRepository.lockDraft(trx, cuid, id) : undefined;
    if (!current) throw new AppError('NOT_FOUND', M.draftNotFound);
    const stored = draftPhotosOf(id, current.data);
    const wanted = draftPhotosOf(id, input.data).map((p) => p.name).filter((n, i, all) => all.indexOf(n) === i);
    const photos = [...wanted.flatMap((n) => stored.filter((p) => p.name === n)), ...stored.filter((p) => !wanted.includes(p.name))];
    const saved = await listingsRepository.updateDraft(trx, { id, owner_cuid: cuid, data: { ...input.data, photos }, step: input.step });
    if (!saved) throw new AppError('NOT_FOUND', M.draftNotFound);
    return presentDraft(saved);
  });
}
