import { sql, type Kysely, type Transaction } from 'kysely';
import type { DB } from '@nj/db';

/** A listing photo as stored in properties.images. */
export type StoredImage = { name: string; order: number };
type Q = Kysely<DB> | Transaction<DB>;

/** The columns a listing write sets (spec 01 §3). Prices in their currency, areas m² (land in land_unit), MXN fees. */
export type ListingColumns = {
  title: string; description: string | null; property_type: string; is_renta: boolean; is_venta: boolean;
  rent_price: number | null; rent_currency: string; rent_based_on: string; rent_commission_type: string;
  rent_commission_value: number | null; rent_commission_currency: string;
  sale_price: number | null; sale_currency: string; sale_based_on: string; sale_commission_type: string;
  sale_commission_value: number | null; sale_commission_currency: string;
  monthly_maintenance_fee: number | null;
  street: string; number_ext: string; number_int: string | null; neighborhood: string; municipality: string;
  city: string | null; state: string; zip: string; lat: number; lng: number;
  land_area: number | null; land_unit: string; construction_area: number | null; rooms: number | null;
  bathrooms: number | null; half_bathrooms: number | null; parking_spots: number | null; floors: number | null;
  apt_floor: number | null; apt_total_floors: number | null; construction_year: string | null; amenities: string[];
};

/** SQL of publishing and editing listings and their drafts. */
export const listingsRepository = {
  /** Owner, source and photos of a listing; `lock` takes a row lock (inside a transaction). */
  async findForWrite(db: Q, puid: string, lock = false) {
    let q = db.selectFrom('properties').select(['puid', 'owner_cuid', 'source', 'images', 'is_active', 'nj_uid', 'title']).where('puid', '=', puid);
    if (lock) q = q.forUpdate();
    return q.executeTakeFirst();
  },

  /** True when an nj_uid is already used (8 random hex digits can meet an existing one). */
  async njUidTaken(db: Q, njUid: string): Promise<boolean> {
    return !!(await db.selectFrom('properties').select('puid').where('nj_uid', '=', njUid).executeTakeFirst());
  },

  /** Inserts an owned listing (source 'owner'), published now. */
  async insert(db: Q, row: ListingColumns & { puid: string; nj_uid: string; slug: string; source_id: string; owner_cuid: string; images: StoredImage[] }): Promise<void> {
    await db.insertInto('properties').values({ ...row, source: 'owner', images: JSON.stringify(row.images), published_at: new Date() }).execute();
  },

  /** Overwrites the editable columns; the slug keeps its nj_uid suffix and follows the new title. */
  async update(db: Q, puid: string, nj_uid: string, slug: string, row: ListingColumns): Promise<void> {
    await db.updateTable('properties').set({ ...row, slug }).where('puid', '=', puid).where('nj_uid', '=', nj_uid).execute();
  },

  async setImages(db: Q, puid: string, images: StoredImage[]): Promise<void> {
    await db.updateTable('properties').set({ images: JSON.stringify(images) }).where('puid', '=', puid).execute();
  },

  async setActive(db: Q, puid: string, isActive: boolean): Promise<void> {
    await db.updateTable('properties').set({ is_active: isActive }).where('puid', '=', puid).execute();
  },

  async insertDraft(db: Q, draft: { id: string; owner_cuid: string; data: Record<string, unknown>; step: number }) {
    return db.insertInto('property_drafts').values({ ...draft, data: JSON.stringify(draft.data) })
      .returning(['id', 'data', 'step', 'updated_at']).executeTakeFirstOrThrow();
  },

  /** Saves a draft of `owner_cuid`; undefined when there is no such draft of that owner. */
  async updateDraft(db: Q, draft: { id: string; owner_cuid: string; data: Record<string, unknown>; step: number }) {
    return db.updateTable('property_drafts').set({ data: JSON.stringify(draft.data), step: draft.step, updated_at: sql`now()` })
      .where('id', '=', draft.id).where('owner_cuid', '=', draft.owner_cuid)
      .returning(['id', 'data', 'step', 'updated_at']).executeTakeFirst();
  },

  /** A draft of the owner by id, or the owner's latest one when id is undefined. */
  async findDraft(db: Q, owner_cuid: string, id?: string) {
    let q = db.selectFrom('property_drafts').select(['id', 'data', 'step', 'updated_at']).where('owner_cuid', '=', owner_cuid);
    if (id !== undefined) q = q.where('id', '=', id);
    return q.orderBy('updated_at', 'desc').limit(1).executeTakeFirst();
  },

  /** A draft of the owner by id with a row lock (inside a transaction); undefined when not this owner's. */
  async lockDraft(db: Q, owner_cuid: string, id: string) {
    return db.selectFrom('property_drafts').select(['id', 'data', 'step', 'updated_at'])
      .where('id', '=', id).where('owner_cuid', '=', owner_cuid).forUpdate().executeTakeFirst();
  },

  /** Overwrites a draft's data (keeps its step). */
  async setDraftData(db: Q, id: string, data: Record<string, unknown>) {
    return db.updateTable('property_drafts').set({ data: JSON.stringify(data), updated_at: sql`now()` })
      .where('id', '=', id).returning(['id', 'data', 'step', 'updated_at']).executeTakeFirstOrThrow();
  },

  async deleteDraft(db: Q, owner_cuid: string, id: string): Promise<void> {
    await db.deleteFrom('property_drafts').where('id', '=', id).where('owner_cuid', '=', owner_cuid).execute();
  },
};
