import { sql } from 'kysely';
import type { Database } from '@nj/db';
import { propertiesRepository } from '../properties/properties-repository.ts';
import { discardMediaKeys } from './pending-media.ts';
import type { MediaStorage } from './storage/media-storage.ts';

/** The key prefixes uploads write under: listing and draft photos, their originals, profile photos, sealed personal documents, credit report PDFs, rent inventory photos and CRM clients' sealed documents. */
const SWEPT_PREFIXES = ['properties/', 'drafts/', 'originals/', 'profile/', 'documents/', 'credit-reports/', 'inventory/', 'crm-documents/'] as const;
const VARIANT = /^(properties|drafts)\/([^/]+)\/([a-z0-9]+)(?:_thumb|_card)?\.webp$/i;
const ORIGINAL = /^originals\/(properties|drafts)\/([^/]+)\/([a-z0-9]+)$/i;
const PROFILE = /^profile\/([^/]+)\/([a-z0-9]+?)(?:-thumb)?\.webp$/i;

/**
 * Deletes stored objects that no committed row references and that are older than `olderThanSeconds` (issue 7 §7
 * "files left by an interrupted upload are removed"): the media_pending journal covers every upload since migration
 * 011; this scan also removes what escaped it — files of uploads interrupted before it existed, temporary files of
 * an interrupted write, photos whose delete failed silently. Referenced means: a listing's `images` (variants and
 * original), a draft's `data.photos`, a client's `profile_photo_name` (and its thumbnail), a personal document's
 * `storage_key` (so the sealed files of documents deleted with their client or rent go too), a credit report's
 * `m_sic_pdf` (its sealed PDF goes with the report), a CRM client's document's `storage_key` (so the files of
 * crm_documents rows deleted by ON DELETE CASCADE with their CRM client, agency or agent go too; decision 032). Keys still in the journal
 * are left to sweepPendingMedia. The grace must be far longer than any upload (files are written before the row that
 * references them commits). Walks the storage with list(), one query per listing/draft/client met (cached).
 * Returns how many objects were looked at and deleted. Throws when the storage cannot be listed or the database read.
 */
export async function sweepOrphanMedia(
  deps: { database: Database; storage: MediaStorage },
  options: { olderThanSeconds: number },
): Promise<{ scanned: number; deleted: number }> {
  const { db } = deps.database;
  const cutoff = Date.now() - options.olderThanSeconds * 1000;
  const listings = new Map<string, Set<string>>();
  const drafts = new Map<string, Set<string>>();
  const profiles = new Map<string, string | null>();

  const listingNames = async (puid: string) => {
    let names = listings.get(puid);
    if (!names) {
      names = await propertiesRepository.photoNames(db, puid);
      listings.set(puid, names);
    }
    return names;
  };
  const draftNames = async (id: string) => {
    let names = drafts.get(id);
    if (!names) {
      const row = await db.selectFrom('property_drafts').select('data').where('id', '=', id).executeTakeFirst();
      const photos = (row?.data as { photos?: unknown } | undefined)?.photos;
      const list = Array.isArray(photos) ? photos : [];
      names = new Set(list.map((p) => (typeof p === 'string' ? p : (p as { name?: unknown } | null)?.name)).filter((n): n is string => typeof n === 'string'));
      drafts.set(id, names);
    }
    return names;
  };
  const profileName = async (cuid: string) => {
    if (!profiles.has(cuid)) {
      const row = await db.selectFrom('clients').select('profile_photo_name').where('cuid', '=', cuid).executeTakeFirst();
      profiles.set(cuid, row?.profile_photo_name ?? null);
    }
    return profiles.get(cuid);
  };
  const referenced = async (key: string): Promise<boolean> => {
    const photo = VARIANT.exec(key) ?? ORIGINAL.exec(key);
    if (photo) {
      const names = photo[1] === 'properties' ? await listingNames(photo[2]!) : await draftNames(photo[2]!);
      return names.has(photo[3]!);
    }
    if (key.startsWith('documents/')) {
      return (await db.selectFrom('person_documents').select('slug').where('storage_key', '=', key).executeTakeFirst()) !== undefined;
    }
    if (key.startsWith('inventory/')) {
      return (await sql<{ one: number }>`SELECT 1 AS one FROM rent_inventory_photos WHERE storage_key = ${key} LIMIT 1`.execute(db)).rows.length > 0;
    }
    if (key.startsWith('crm-documents/')) {
      return (await sql<{ one: number }>`SELECT 1 AS one FROM crm_documents WHERE storage_key = ${key} LIMIT 1`.execute(db)).rows.length > 0;
    }
    if (key.startsWith('credit-reports/')) {
      return (await sql<{ one: number }>`SELECT 1 AS one FROM credit_reports WHERE m_sic_pdf = ${key} LIMIT 1`.execute(db)).rows.length > 0;
    }
    const profile = PROFILE.exec(key);
    if (profile) return (await profileName(profile[1]!)) === `profile/${profile[1]}/${profile[2]}.webp`;
    return false;
  };

  let scanned = 0;
  let deleted = 0;
  let batch: string[] = [];
  const flush = async () => {
    if (batch.length === 0) return;
    const journaled = new Set((await sql<{ key: string }>`SELECT key FROM media_pending WHERE key IN (${sql.join(batch)})`.execute(db)).rows.map((r) => r.key));
    const orphans = batch.filter((k) => !journaled.has(k));
    batch = [];
    if (orphans.length) deleted += await discardMediaKeys(deps, orphans);
  };
  for (const prefix of SWEPT_PREFIXES) {
    for await (const object of deps.storage.list(prefix)) {
      scanned++;
      if (object.modifiedAt.getTime() > cutoff || await referenced(object.key)) continue;
      batch.push(object.key);
      if (batch.length >= 200) await flush();
    }
  }
  await flush();
  return { scanned, deleted };
}
