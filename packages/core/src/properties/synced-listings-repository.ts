import { sql, type Kysely } from 'kysely';
import type { IntegrationProvider } from '@nj/contracts';
import type { SyncedOperation } from '../integrations/synced-listing.ts';
import type { StoredImage } from './properties-repository.ts';

type Q = Kysely<any>;

/** A listing of one provider already in our table, as a sync compares it. */
export type StoredSyncedListing = {
  source_id: string; puid: string; owner_cuid: string | null; is_active: boolean; integration_iuid: string | null;
  /** Null until a sync stored the source's photo URLs (migration 057): such a listing is read again in detail. */
  source_photo_urls: string[] | null;
};

/**
 * The SQL of synced listings (issue 16, migration 048; decision 033) beside properties-repository.ts: what a provider
 * sync reads and sets besides the importer's upsert (`upsertListingFacts` of @nj/db). Every write moves change_seq
 * (the properties_touch trigger), so every process's search index catches up.
 */
export const syncedListingsRepository = {
  /** The stored listings of `source` among `sourceIds` (any owner). */
  async findBySource(db: Q, source: IntegrationProvider, sourceIds: string[]): Promise<Map<string, StoredSyncedListing>> {
    if (sourceIds.length === 0) return new Map();
    const rows = await db.selectFrom('properties').select(['source_id', 'puid', 'owner_cuid', 'is_active', 'integration_iuid', 'source_photo_urls'])
      .where('source', '=', source).where('source_id', 'in', sourceIds).execute() as StoredSyncedListing[];
    return new Map(rows.map((r) => [r.source_id, r]));
  },

  /**
   * After the upsert: the source flag, the connection, when the sync saw it, both operations with their price basis
   * and commission (the importer's row carries one operation and no commission), land in m², and the freshness clock
   * restarted (a sync reconfirms the listing). Only rows of `ownerCuid` are touched.
   */
  async applySyncedFields(db: Q, input: {
    provider: IntegrationProvider; iuid: string; ownerCuid: string; seenAt: Date;
    rows: { sourceId: string; rent: SyncedOperation | null; sale: SyncedOperation | null }[];
  }): Promise<void> {
    for (const r of input.rows) {
      const op = (o: SyncedOperation | null) => ({
        price: o?.price ?? null, currency: o?.currency ?? 'mxn', basedOn: o?.basedOn ?? 'valor_total',
        type: o?.commission.type ?? 'none', value: o?.commission.value ?? null, cc: o?.commission.currency ?? 'mxn',
      });
      const rent = op(r.rent);
      const sale = op(r.sale);
      await sql`
        UPDATE properties SET
          integration = ${input.provider}, integration_iuid = ${input.iuid}, source_seen_at = ${input.seenAt},
          is_renta = ${r.rent !== null}, is_venta = ${r.sale !== null},
          rent_price = ${rent.price}, rent_currency = ${rent.currency}, rent_based_on = ${rent.basedOn},
          rent_commission_type = ${rent.type}, rent_commission_value = ${rent.value}, rent_commission_currency = ${rent.cc},
          sale_price = ${sale.price}, sale_currency = ${sale.currency}, sale_based_on = ${sale.basedOn},
          sale_commission_type = ${sale.type}, sale_commission_value = ${sale.value}, sale_commission_currency = ${sale.cc},
          land_unit = 'm2', reconfirmed_at = now(), freshness_reminders = 0, freshness_paused_at = NULL
        WHERE source = ${input.provider} AND source_id = ${r.sourceId} AND owner_cuid = ${input.ownerCuid}`.execute(db);
    }
  },

  /**
   * After the upsert: the photo URLs each listing's source gave (migration 057, decision 033 'Photos'), only on rows
   * of `ownerCuid`. Returns, per written listing, its puid and whether its photos differ from those URLs (the
   * downloaded photos' `source_url`s in order), i.e. whether the photo job has work to do.
   */
  async setSourcePhotos(db: Q, input: { provider: IntegrationProvider; ownerCuid: string; rows: { sourceId: string; urls: string[] }[] }): Promise<{ puid: string; differs: boolean }[]> {
    const out: { puid: string; differs: boolean }[] = [];
    for (const r of input.rows) {
      const result = await sql<{ puid: string; images: StoredImage[] | string | null }>`
        UPDATE properties SET source_photo_urls = ${r.urls}::text[]
        WHERE source = ${input.provider} AND source_id = ${r.sourceId} AND owner_cuid = ${input.ownerCuid}
        RETURNING puid, images`.execute(db);
      for (const row of result.rows) {
        const images = (typeof row.images === 'string' ? JSON.parse(row.images) : row.images ?? []) as StoredImage[];
        const have = [...images].sort((a, b) => a.order - b.order).map((i) => i.source_url).filter((u): u is string => typeof u === 'string');
        out.push({ puid: row.puid, differs: have.length !== r.urls.length || have.some((u, i) => u !== r.urls[i]) });
      }
    }
    return out;
  },

  /** A listing's photos and the photo URLs its source gave (null: not synced), the row locked when `lock`. */
  async findPhotoState(db: Q, puid: string, lock = false): Promise<{ images: StoredImage[]; source_photo_urls: string[] | null } | undefined> {
    const result = lock
      ? await sql<{ images: unknown; source_photo_urls: string[] | null }>`SELECT images, source_photo_urls FROM properties WHERE puid = ${puid} FOR UPDATE`.execute(db)
      : await sql<{ images: unknown; source_photo_urls: string[] | null }>`SELECT images, source_photo_urls FROM properties WHERE puid = ${puid}`.execute(db);
    const row = result.rows[0];
    if (!row) return undefined;
    const images = (typeof row.images === 'string' ? JSON.parse(row.images) : row.images ?? []) as StoredImage[];
    return { images: Array.isArray(images) ? images : [], source_photo_urls: row.source_photo_urls };
  },

  /** Marks listings the source still publishes unchanged as seen by this sync (no other column changes). */
  async markSeen(db: Q, iuid: string, sourceIds: string[], seenAt: Date): Promise<void> {
    if (sourceIds.length === 0) return;
    await db.updateTable('properties').set({ source_seen_at: seenAt } as never).where('integration_iuid', '=', iuid)
      .where('source_id', 'in', sourceIds).execute();
  },

  /** Active listings of connection `iuid` whose source id is not in `seen` (a complete sync's leftovers). */
  async activeNotSeen(db: Q, iuid: string, seen: Set<string>): Promise<{ puid: string; source_id: string; title: string }[]> {
    const rows = await db.selectFrom('properties').select(['puid', 'source_id', 'title'])
      .where('integration_iuid', '=', iuid).where('is_active', '=', true).execute() as { puid: string; source_id: string; title: string }[];
    return rows.filter((r) => !seen.has(r.source_id));
  },

  /** Deactivates the listings `puids` (the source no longer publishes them). */
  async deactivate(db: Q, puids: string[]): Promise<void> {
    if (puids.length === 0) return;
    await db.updateTable('properties').set({ is_active: false }).where('puid', 'in', puids).execute();
  },

  /** Active listings synced by each of `iuids`. */
  async countActive(db: Q, iuids: string[]): Promise<Map<string, number>> {
    if (iuids.length === 0) return new Map();
    const rows = await db.selectFrom('properties').select(['integration_iuid', sql<number>`count(*)::int`.as('n')])
      .where('integration_iuid', 'in', iuids).where('is_active', '=', true).groupBy('integration_iuid').execute() as { integration_iuid: string; n: number }[];
    return new Map(rows.map((r) => [r.integration_iuid, Number(r.n)]));
  },
};
