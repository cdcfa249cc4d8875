import { LISTING_PHOTO } from '@nj/contracts';
import type { Database } from '@nj/db';
import { AppError } from '../errors/app-error.ts';
import { enqueue } from '../jobs/enqueue.ts';
import type { JobDefinition, JobContext } from '../jobs/job-worker.ts';
import type { JobExecutor } from '../jobs/jobs-repository.ts';
import { discardMediaKeys, recordPendingKeys } from '../media/pending-media.ts';
import type { MediaStorage } from '../media/storage/media-storage.ts';
import { enqueuePhotoProcessing } from '../listings/process-stored-photo.ts';
import { listingPhotoKeys, settleStoredPhotos, storeListingPhotos } from '../listings/store-listing-photos.ts';
import { propertiesRepository, type StoredImage } from '../properties/properties-repository.ts';
import { syncedListingsRepository } from '../properties/synced-listings-repository.ts';
import { PhotoFetchError, type PhotoFetcher } from './fetch-listing-photo.ts';

/** Job name: bring one synced listing's photos in line with its source's photo URLs (payload `{ puid }`). */
export const INTEGRATION_PHOTOS_JOB = 'integrations.photos';

/** Photos of one listing downloaded at once. */
export const PHOTO_DOWNLOADS_AT_ONCE = 3;

/** What the photo job needs: the database, media storage and the downloader. */
export type SyncPhotosDeps = { database: Database; storage: MediaStorage; fetchPhoto: PhotoFetcher };

/**
 * Inside the sync's transaction: one INTEGRATION_PHOTOS_JOB for the listing `puid` (outbox: it exists when the sync's
 * write commits), deduplicated per listing and sync run. Throws only database errors.
 */
export async function enqueueListingPhotos(trx: JobExecutor, puid: string, runId: number): Promise<void> {
  await enqueue(trx, INTEGRATION_PHOTOS_JOB, { puid }, { key: `${puid}:${runId}` });
}

type Downloaded = { url: string; name: string; keys: string[]; processing: boolean };

/** Runs `work` over `items`, at most `limit` at a time. */
async function eachLimited<T>(items: T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) await work(items[next++]!);
  }));
}

/**
 * The handler of INTEGRATION_PHOTOS_JOB (decision 033 'Photos'): makes a synced listing's photos follow the photo URLs
 * its last sync stored (`properties.source_photo_urls`, migration 057).
 * - A URL already downloaded (a photo whose `source_url` is it) is kept, never downloaded again.
 * - A URL not yet there is downloaded (PhotoFetcher: http(s), address checks, time and byte limits), at most
 *   PHOTO_DOWNLOADS_AT_ONCE at a time, and fed to the owners' upload pipeline (storeListingPhotos: kind by content,
 *   bytes and pixels bounded, thumb/card/full WebP; a large one is left `processing` to `photos.process`).
 * - A photo whose URL the source no longer lists is removed and its files deleted after the commit.
 * - Photos the owner uploaded by hand (no `source_url`) stay, after the source's; the source's are cut to fit
 *   LISTING_PHOTO.maxPhotos with them.
 * The result is written under the row's lock against the URLs as they are then (a newer sync meanwhile wins).
 * A refused photo (not an image, too large, a private address, a 4xx…) is dropped and logged; the others are kept.
 * When some download failed in a way that may pass (network, time limit, 5xx), what did arrive is written, then
 * the handler throws so the job queue retries the rest (the listing's other data never waits on it).
 * Takes the payload `{ puid }` and the job context; returns when done; throws to be retried.
 */
export async function syncListingPhotos(deps: SyncPhotosDeps, payload: unknown, ctx: Pick<JobContext, 'completeWith'>): Promise<void> {
  const puid = (payload as { puid?: unknown } | null)?.puid;
  const state = typeof puid === 'string' ? await syncedListingsRepository.findPhotoState(deps.database.db, puid) : undefined;
  if (typeof puid !== 'string' || !state || state.source_photo_urls === null) {
    await ctx.completeWith(async () => undefined);
    return;
  }
  const have = new Set(state.images.map((i) => i.source_url).filter(Boolean));
  const missing = state.source_photo_urls.slice(0, LISTING_PHOTO.maxPhotos).filter((u) => !have.has(u));
  const downloaded: Downloaded[] = [];
  const retry: string[] = [];
  await eachLimited(missing, PHOTO_DOWNLOADS_AT_ONCE, async (url) => {
    try {
      const bytes = await deps.fetchPhoto(url);
      const stored = await storeListingPhotos(deps, puid, [bytes]);
      downloaded.push({ url, name: stored.names[0]!, keys: stored.keys, processing: stored.processing.length > 0 });
    } catch (error) {
      const permanent = error instanceof PhotoFetchError ? error.permanent : error instanceof AppError && error.code !== 'INTERNAL';
      const why = error instanceof Error ? error.message : String(error);
      if (permanent) console.warn(`integrations.photos: la foto ${url} de ${puid} no se usó (${why})`);
      else retry.push(`${url}: ${why}`);
    }
  });

  const write = async (trx: JobExecutor) => {
    const now = await syncedListingsRepository.findPhotoState(trx, puid, true);
    const fresh = new Map(downloaded.map((d) => [d.url, d]));
    if (!now || now.source_photo_urls === null) return { drop: [] as string[], unused: downloaded.flatMap((d) => d.keys) };
    const images = [...now.images].sort((a, b) => a.order - b.order);
    const bySource = new Map<string, StoredImage>();
    for (const img of images) if (img.source_url && !bySource.has(img.source_url)) bySource.set(img.source_url, img);
    const manual = images.filter((img) => !img.source_url);
    const used: Downloaded[] = [];
    const fromSource: StoredImage[] = [];
    for (const url of now.source_photo_urls) {
      if (fromSource.length >= LISTING_PHOTO.maxPhotos - manual.length) break;
      const kept = bySource.get(url);
      const added = kept ? undefined : fresh.get(url);
      if (kept) fromSource.push(kept);
      else if (added) {
        used.push(added);
        fromSource.push({ name: added.name, order: 0, source_url: url, ...(added.processing ? { processing: true } : {}) });
      }
    }
    const next = [...fromSource, ...manual].map((img, order) => ({ ...img, order }));
    const nextNames = new Set(next.map((i) => i.name));
    const removed = images.filter((img) => !nextNames.has(img.name));
    const drop = removed.flatMap((img) => listingPhotoKeys(puid, img.name));
    const unchanged = removed.length === 0 && used.length === 0 && next.every((img, i) => img.name === images[i]?.name && img.order === images[i]?.order);
    if (!unchanged) {
      await propertiesRepository.setImages(trx, puid, next);
      await settleStoredPhotos(trx, used.flatMap((d) => d.keys));
      await enqueuePhotoProcessing(trx, 'properties', puid, used.filter((d) => d.processing).map((d) => d.name));
      await recordPendingKeys(trx, drop);
    }
    const usedNames = new Set(used.map((d) => d.name));
    return { drop, unused: downloaded.filter((d) => !usedNames.has(d.name)).flatMap((d) => d.keys) };
  };

  let done: Awaited<ReturnType<typeof write>>;
  try {
    done = retry.length === 0 ? await ctx.completeWith(write) : await deps.database.db.transaction().execute(write);
  } catch (error) {
    await discardMediaKeys(deps, downloaded.flatMap((d) => d.keys));
    throw error;
  }
  await discardMediaKeys(deps, [...done.drop, ...done.unused]);
  if (retry.length > 0) throw new Error(`integrations.photos ${puid}: ${retry.length} fotos por reintentar (${retry[0]})`);
}

/** The job table entry of INTEGRATION_PHOTOS_JOB: 6 attempts, the first retry after 20 s. */
export function integrationPhotosJob(deps: SyncPhotosDeps): JobDefinition {
  return { handler: (payload, ctx) => syncListingPhotos(deps, payload, ctx), maxAttempts: 6, retryBaseMs: 20_000 };
}
