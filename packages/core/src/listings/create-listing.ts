import { LISTING_MESSAGES as M, LISTING_PHOTO, type TPropertyDetail } from '@nj/contracts';
import type { Database } from '@nj/db';
import { buildSlug, newNjUid, newPuid } from '@nj/db/import/listing-identity';
import { AppError } from '../errors/app-error.ts';
import type { MediaStorage } from '../media/storage/media-storage.ts';
import { getProperty } from '../search/get-property.ts';
import type { ExchangeRates } from '../properties/exchange-rates.ts';
import { listingsRepository } from './listings-repository.ts';
import { propertiesRepository } from '../properties/properties-repository.ts';
import { listingColumns, parseListingInput } from './parse-listing-input.ts';
import { draftPhotosOf } from './save-listing-draft.ts';
import { discardMediaKeys, recordPendingKeys } from '../media/pending-media.ts';
import { copyDraftPhotos, photoKeysOf, settleStoredPhotos, storeListingPhotos } from './store-listing-photos.ts';
import { enqueuePhotoProcessing } from './process-stored-photo.ts';
import type { Actor } from '../policies/actor.ts';
import { draftScope } from '../policies/draft.ts';
import { authorize } from '../policies/policy.ts';
import { listingPolicy } from '../policies/listing.ts';

export type ListingDeps = { database: Database; storage: MediaStorage; config: { exchangeRates: ExchangeRates } };

/**
 * Publishes a listing owned by `cuid` (issue 4; spec 03 §7 `POST /v1/property`): `data` is checked with
 * ZListingInput, photos (`files`, in order, first = cover) are processed and stored, then one transaction inserts
 * the row (source 'owner', new puid/nj_uid, title and slug like the importer's, is_active true) and deletes the
 * draft `draftId` of this owner. The photos already uploaded to that draft come first (in the draft's order), then
 * `files`; their stored files are copied to `properties/{puid}/…` and the draft's removed after the commit.
 * Files are journaled (media_pending) before they are written and settled in the transaction that inserts the row,
 * so a failure or a crash midway leaves no partial listing and no served file (issue 7 §7; see storeListingPhotos).
 * A large photo (or a draft photo still processing) is kept `processing` and made by the job queue after the answer
 * (enqueuePhotoProcessing, in the same transaction); the detail answered shows the photos that are ready.
 * The search index shows it at once (change_seq). Returns the listing's detail.
 * Throws AppError BAD_REQUEST with per-field messages (nothing stored), the photo errors of processListingPhoto,
 * BAD_REQUEST 'Una propiedad puede tener como máximo 30 fotos'.
 */
export async function createListing(
  deps: ListingDeps,
  input: { actor: Actor; data: unknown; files?: Buffer[]; draftId?: string | undefined },
): Promise<TPropertyDetail> {
  authorize(input.actor, listingPolicy, 'create');
  const cuid = draftScope(input.actor, 'update');
  const listing = parseListingInput(input.data, deps.config.exchangeRates);
  const columns = listingColumns(listing);
  const files = input.files ?? [];
  const draft = input.draftId && input.draftId.length <= 100 ? await listingsRepository.findDraft(deps.database.db, cuid, input.draftId) : undefined;
  const draftPhotos = draft ? draftPhotosOf(draft.id, draft.data) : [];
  const draftNames = draftPhotos.map((p) => p.name);
  if (draftNames.length + files.length > LISTING_PHOTO.maxPhotos) throw new AppError('BAD_REQUEST', M.photoTooMany, { images: M.photoTooMany });
  const puid = newPuid();
  const uploaded = await storeListingPhotos(deps, puid, files);
  const names = [...draftNames, ...uploaded.names];
  const processing = [...draftPhotos.filter((p) => p.processing).map((p) => p.name), ...uploaded.processing];
  let written = uploaded.keys;
  let retired: string[] = [];
  try {
    if (draft) written = [...written, ...await copyDraftPhotos(deps, draft.id, puid, draftPhotos)];
    await deps.database.db.transaction().execute(async (trx) => {
      let njUid = newNjUid();
      while (await propertiesRepository.njUidTaken(trx, njUid)) njUid = newNjUid();
      await propertiesRepository.insert(trx, {
        ...columns, puid, nj_uid: njUid, slug: buildSlug(columns.title, njUid), source_id: puid, owner_cuid: cuid,
        images: names.map((name, order) => ({ name, order, ...(processing.includes(name) ? { processing: true } : {}) })),
      });
      await settleStoredPhotos(trx, written);
      await enqueuePhotoProcessing(trx, 'properties', puid, processing);
      if (input.draftId) {
        // The draft's files (every photo it holds now) are deleted after the commit; journaled in case we die first.
        const current = await listingsRepository.lockDraft(trx, cuid, input.draftId);
        if (current) {
          retired = photoKeysOf(current.id, draftPhotosOf(current.id, current.data).map((p) => p.name), 'drafts');
          await recordPendingKeys(trx, retired);
          await listingsRepository.deleteDraft(trx, cuid, input.draftId);
        }
      }
    });
  } catch (error) {
    await discardMediaKeys(deps, written);
    throw error;
  }
  await discardMediaKeys(deps, retired);
  return getProperty({ database: deps.database, idOrSlugOrCode: puid, config: deps.config });
}
