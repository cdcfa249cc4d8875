import { upsertListingFacts, type Database, type ListingFacts } from '@nj/db';
import { INTEGRATION_MESSAGES as M, INTEGRATION_PULL_ITEMS_SHOWN, type TPullItem, type TPullResult } from '@nj/contracts';
import { AppError } from '../errors/app-error.ts';
import { agenciesRepository } from '../agencies/agencies-repository.ts';
import { syncedListingsRepository } from '../properties/synced-listings-repository.ts';
import type { ListingSources } from './create-listing-sources.ts';
import { openCredentials, presentRun, providerNotConfigured } from './integration-access.ts';
import { integrationsRepository, type ConnectionRow } from './integrations-repository.ts';
import type { ListingSource, SourceItem, SyncedListing } from './synced-listing.ts';
import { enqueueListingPhotos } from './sync-listing-photos.ts';

/** Rows written per transaction. */
const WRITE_BATCH = 200;

export type SyncDeps = { database: Database; dataKey: Buffer; sources: ListingSources };

/** A synced listing → the importer's facts (its primary operation: renta when rented, else venta). */
export function toListingFacts(l: SyncedListing): ListingFacts {
  const op = (l.rent ?? l.sale)!;
  return {
    source: l.provider, sourceId: l.sourceId, opType: l.rent ? 'renta' : 'venta', propertyType: l.propertyType,
    price: op.price, currency: op.currency, maintenanceFee: l.maintenanceFee, landArea: l.landArea,
    constructionArea: l.constructionArea, rooms: l.rooms, bathrooms: l.bathrooms, halfBathrooms: l.halfBathrooms,
    parkingSpots: l.parkingSpots, age: null, amenities: [], street: l.street, colonia: l.colonia,
    municipality: l.municipality, state: l.state, lat: l.lat!, lng: l.lng!, publishedAt: l.publishedAt, precision: 'exact',
    exteriorNumber: l.exteriorNumber, postalCode: l.postalCode, constructionYear: l.constructionYear,
    title: l.title, description: l.description, sourceUrl: l.sourceUrl,
  };
}

/** Why a listing cannot be published here, or null. */
function unusable(l: SyncedListing): string | null {
  if (l.lat === null || l.lng === null) return M.noPoint;
  if (!l.rent && !l.sale) return M.noOperation;
  return null;
}

/**
 * Pulls the listings of one connection (issue 16; spec 03 §7 GET /v1/integrations/easybroker/pull?dryrun&ebid) and
 * records the run. Without `sourceId` it is a complete sync: every published listing of the source is listed page
 * by page; new ones and those changed since the last complete sync are read in detail; listings of this connection
 * the source no longer publishes are deactivated. With `sourceId` only that listing is read. Listings are written
 * through the importer's upsert (`properties.source` = provider, `source_id` = its id, owner = the agency's
 * administrator, the source's title and description kept), then the source flag, both operations with their
 * commissions and the seen time are set, and the source's photo URLs stored with an `integrations.photos` job for each
 * listing whose photos differ from them (downloaded after the answer: sync-listing-photos.ts). With `dryRun` nothing of the catalogue changes: the answer says what would
 * be created, updated and deactivated (the run is still recorded, marked as a simulation).
 * @returns counts over every listing, the first 100 one by one, and the run
 * @throws AppError CONFLICT a writing run of this connection is in progress, or the provider refused the stored
 *   credentials; NOT_FOUND `sourceId` unknown at the source; UNAVAILABLE the provider is down, answers malformed
 *   bodies or is not configured. A failed run is recorded with its Spanish reason.
 */
export async function syncConnection(
  deps: SyncDeps, connection: ConnectionRow, options: { dryRun: boolean; sourceId?: string | undefined; trigger: 'manual' | 'schedule' },
): Promise<TPullResult> {
  const source = deps.sources[connection.provider] as ListingSource<unknown> | null;
  if (!source) throw providerNotConfigured(connection.provider);
  const complete = !options.sourceId;
  const run = await integrationsRepository.startRun(deps.database.db, { iuid: connection.iuid, trigger: options.trigger, dryRun: options.dryRun, complete });
  if (!run) throw new AppError('CONFLICT', M.syncRunning);
  const counts = { created: 0, updated: 0, unchanged: 0, deactivated: 0, failed: 0 };
  const items: TPullItem[] = [];
  const note = (item: TPullItem) => {
    if (items.length < INTEGRATION_PULL_ITEMS_SHOWN) items.push(item);
  };
  try {
    const agency = await agenciesRepository.find(deps.database, connection.auid);
    if (!agency) throw new AppError('NOT_FOUND', M.notConnected);
    const owner = agency.admin_cuid;
    const credentials = openCredentials(deps.dataKey, connection);

    // 1. What the source publishes.
    const index: SourceItem[] = [];
    if (options.sourceId) {
      const one = await source.get(credentials, options.sourceId);
      if (!one) throw new AppError('NOT_FOUND', M.listingNotFoundAtProvider);
      index.push({ sourceId: one.sourceId, updatedAt: one.updatedAt, listing: one });
    } else {
      for await (const item of source.list(credentials)) index.push(item);
    }
    const stored = await syncedListingsRepository.findBySource(deps.database.db, connection.provider, index.map((i) => i.sourceId));
    const since = connection.last_complete_sync_at ? new Date(connection.last_complete_sync_at).getTime() : null;

    // 2. Read in detail what is new or changed; decide per listing.
    const writes: SyncedListing[] = [];
    const unchanged: string[] = [];
    const seen = new Set<string>();
    const dropped: { puid: string; source_id: string; title: string }[] = [];
    for (const item of index) {
      if (seen.has(item.sourceId)) continue;
      seen.add(item.sourceId);
      const mine = stored.get(item.sourceId);
      const ours = mine && mine.owner_cuid === owner;
      // A listing synced before photos were (source_photo_urls NULL, decision 033 'Photos') is read once more for them.
      const changed = !mine || !ours || since === null || !item.updatedAt || Date.parse(item.updatedAt) > since || mine.integration_iuid !== connection.iuid
        || mine.source_photo_urls === null;
      if (!changed && !item.listing) {
        counts.unchanged++;
        unchanged.push(item.sourceId);
        note({ source_id: item.sourceId, title: item.sourceId, action: 'unchanged', puid: mine.puid });
        continue;
      }
      const listing = item.listing ?? await source.get(credentials, item.sourceId);
      if (!listing) continue;
      if (mine && !ours) {
        counts.failed++;
        note({ source_id: listing.sourceId, title: listing.title, action: 'fail', reason: M.ownedByAnother, puid: null });
        continue;
      }
      if (!listing.active) {
        // The source keeps it but no longer publishes it (sold, rented, withdrawn): ours is deactivated.
        seen.delete(listing.sourceId);
        if (mine?.is_active) dropped.push({ puid: mine.puid, source_id: mine.source_id, title: listing.title });
        continue;
      }
      const reason = unusable(listing);
      if (reason) {
        counts.failed++;
        note({ source_id: listing.sourceId, title: listing.title, action: 'fail', reason, puid: mine?.puid ?? null });
        continue;
      }
      if (mine) counts.updated++;
      else counts.created++;
      writes.push(listing);
      note({ source_id: listing.sourceId, title: listing.title, action: mine ? 'update' : 'create', puid: mine?.puid ?? null });
    }

    // 3. What this connection has that the source no longer publishes (complete syncs only).
    const gone = complete ? await syncedListingsRepository.activeNotSeen(deps.database.db, connection.iuid, seen) : dropped;
    counts.deactivated = gone.length;
    for (const g of gone) note({ source_id: g.source_id, title: g.title, action: 'deactivate', puid: g.puid });

    // 4. Write.
    if (!options.dryRun) {
      const seenAt = new Date(run.started_at);
      for (let i = 0; i < writes.length || i === 0; i += WRITE_BATCH) {
        const batch = writes.slice(i, i + WRITE_BATCH);
        await deps.database.db.transaction().execute(async (trx) => {
          const result = await upsertListingFacts(trx, batch.map((l) => ({ facts: toListingFacts(l), active: true })), { ownerCuid: owner, keepText: true });
          if (result.blocked.size > 0) throw new AppError('CONFLICT', M.ownedByAnother);
          await syncedListingsRepository.applySyncedFields(trx, {
            provider: connection.provider, iuid: connection.iuid, ownerCuid: owner, seenAt,
            rows: batch.map((l) => ({ sourceId: l.sourceId, rent: l.rent, sale: l.sale })),
          });
          // Photos (decision 033 'Photos'): the source's URLs stored; the job downloads what is new after the commit.
          const photos = await syncedListingsRepository.setSourcePhotos(trx, {
            provider: connection.provider, ownerCuid: owner, rows: batch.map((l) => ({ sourceId: l.sourceId, urls: l.photoUrls })),
          });
          for (const p of photos) if (p.differs) await enqueueListingPhotos(trx, p.puid, run.id);
          if (i === 0) {
            await syncedListingsRepository.markSeen(trx, connection.iuid, unchanged, seenAt);
            await syncedListingsRepository.deactivate(trx, gone.map((g) => g.puid));
            if (complete) await integrationsRepository.setLastCompleteSync(trx, connection.iuid, seenAt);
          }
        });
        if (writes.length === 0) break;
      }
      const after = await syncedListingsRepository.findBySource(deps.database.db, connection.provider, items.map((i) => i.source_id));
      for (const item of items) item.puid = after.get(item.source_id)?.puid ?? item.puid;
    }
    const finished = await integrationsRepository.finishRun(deps.database.db, run.id, { ...counts, error: null });
    return { dry_run: options.dryRun, ...counts, items, run: presentRun(finished) };
  } catch (error) {
    const msg = error instanceof AppError ? error.msg : M.providerUnavailable;
    await integrationsRepository.finishRun(deps.database.db, run.id, { ...counts, error: msg });
    if (error instanceof AppError) throw error;
    console.error(`integration sync ${connection.iuid} failed: ${String(error)}`);
    throw new AppError('UNAVAILABLE', M.providerUnavailable);
  }
}
