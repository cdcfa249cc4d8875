import type { Database } from '@nj/db';
import { AppError } from '../errors/app-error.ts';
import { enqueue } from '../jobs/enqueue.ts';
import type { JobExecutor } from '../jobs/jobs-repository.ts';
import type { JobContext } from '../jobs/job-worker.ts';
import { discardMediaKeys, recordPendingKeys, settlePendingKeys } from '../media/pending-media.ts';
import type { MediaStorage } from '../media/storage/media-storage.ts';
import { propertiesRepository, type StoredImage } from '../properties/properties-repository.ts';
import { listingsRepository } from './listings-repository.ts';
import { processListingPhoto, type ProcessedListingPhoto } from './process-listing-photo.ts';
import { draftPhotosOf } from './save-listing-draft.ts';
import { listingOriginalKey, listingPhotoKeys, photoVariantKey, type PhotoPlace } from './store-listing-photos.ts';

/** Job name: make the variants of one large uploaded photo (issue 8 §4 "photo processing of large uploads"). */
export const PROCESS_PHOTO_JOB = 'photos.process';

/** Payload of PROCESS_PHOTO_JOB: the photo `name` of listing (place 'properties') or draft `id`. */
export type ProcessPhotoPayload = { place: PhotoPlace; id: string; name: string };

/**
 * Inside the transaction that commits a row marking photos `processing`: enqueues one PROCESS_PHOTO_JOB per name
 * (transactional outbox; deduped by place, id and name). Returns nothing; throws only database errors.
 */
export async function enqueuePhotoProcessing(trx: JobExecutor, place: PhotoPlace, id: string, names: string[]): Promise<void> {
  for (const name of names) await enqueue(trx, PROCESS_PHOTO_JOB, { place, id, name }, { key: `${place}/${id}/${name}` });
}

function parsePayload(payload: unknown): ProcessPhotoPayload | null {
  const p = payload as Partial<ProcessPhotoPayload> | null;
  if (!p || (p.place !== 'properties' && p.place !== 'drafts') || typeof p.id !== 'string' || typeof p.name !== 'string') return null;
  return /^[a-f0-9]{16}$/.test(p.name) && p.id.length > 0 && p.id.length <= 100 ? { place: p.place, id: p.id, name: p.name } : null;
}

/**
 * Finds the photo in its row (locked when `db` is a transaction) and applies `change`: 'ready' clears its
 * `processing` mark, 'drop' removes it (the others keep their order). Returns true when the photo was there and
 * still processing (then the row was written), false otherwise (deleted meanwhile, already done, row gone).
 */
async function changePhoto(db: JobExecutor, target: ProcessPhotoPayload, change: 'check' | 'ready' | 'drop'): Promise<boolean> {
  const lock = change !== 'check';
  const apply = <T extends { name: string; processing?: boolean }>(list: T[]): T[] | null => {
    const at = list.findIndex((p) => p.name === target.name);
    if (at < 0 || !list[at]!.processing) return null;
    if (change === 'drop') return list.filter((_, i) => i !== at);
    const { processing: _done, ...ready } = list[at]!;
    return list.map((p, i) => (i === at ? ready as T : p));
  };
  if (target.place === 'properties') {
    const row = await propertiesRepository.findForWrite(db, target.id, lock);
    const images = (Array.isArray(row?.images) ? [...row.images] : []).sort((a, b) => a.order - b.order) as StoredImage[];
    const next = apply(images);
    if (!next) return false;
    if (change !== 'check') await propertiesRepository.setImages(db, target.id, next.map((img, order) => ({ ...img, order })));
    return true;
  }
  const draft = await listingsRepository.findDraftById(db, target.id, lock);
  if (!draft) return false;
  const next = apply(draftPhotosOf(draft.id, draft.data));
  if (!next) return false;
  if (change !== 'check') await listingsRepository.setDraftData(db, draft.id, { ...(draft.data as Record<string, unknown>), photos: next });
  return true;
}

/**
 * The handler of PROCESS_PHOTO_JOB (issue 8 §4): reads the stored original of a photo marked `processing`, makes
 * its thumb, card and full WebP variants (processListingPhoto, in the process-wide image queue), journals and
 * writes them, then, in the transaction that completes the job (ctx.completeWith), clears the mark and settles the
 * keys, so the search index and the listing's pages show the photo from then on (the write bumps change_seq).
 * Idempotent: a photo deleted meanwhile, or already done, is left alone (written variants are discarded); a re-run
 * after a crash writes the same keys again. A file that cannot be decoded (or whose original is gone) is dropped
 * from its listing or draft and its files deleted (logged; the owner sees the photo gone and can upload another).
 * Takes the payload ({ place, id, name }) and the job context; throws (so the job is retried) on storage or
 * database errors.
 */
export async function processStoredPhoto(deps: { database: Database; storage: MediaStorage }, payload: unknown, ctx: Pick<JobContext, 'completeWith'>): Promise<void> {
  const target = parsePayload(payload);
  if (!target || !(await changePhoto(deps.database.db, target, 'check'))) {
    await ctx.completeWith(async () => undefined);
    return;
  }
  const { place, id, name } = target;
  const original = await deps.storage.get(listingOriginalKey(id, name, place));
  let processed: ProcessedListingPhoto | null = null;
  if (original) {
    try {
      processed = await processListingPhoto(original.body);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
    }
  }
  if (!processed) {
    const keys = listingPhotoKeys(id, name, place);
    const dropped = await ctx.completeWith(async (trx) => {
      const done = await changePhoto(trx, target, 'drop');
      if (done) await recordPendingKeys(trx, keys);
      return done;
    });
    if (dropped) {
      console.warn(`photos.process: la foto ${name} de ${place}/${id} no se pudo procesar y se quitó`);
      await discardMediaKeys(deps, keys);
    }
    return;
  }
  const variants = [photoVariantKey(place, id, name, 'thumb'), photoVariantKey(place, id, name, 'card'), photoVariantKey(place, id, name, 'full')];
  await recordPendingKeys(deps.database.db, variants);
  await Promise.all([
    deps.storage.put(variants[0]!, processed.thumb, { contentType: 'image/webp' }),
    deps.storage.put(variants[1]!, processed.card, { contentType: 'image/webp' }),
    deps.storage.put(variants[2]!, processed.full, { contentType: 'image/webp' }),
  ]);
  const ready = await ctx.completeWith(async (trx) => {
    const done = await changePhoto(trx, target, 'ready');
    if (done) await settlePendingKeys(trx, variants);
    return done;
  });
  if (!ready) await discardMediaKeys(deps, variants);
}
