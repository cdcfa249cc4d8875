import type { ColumnType, Kysely } from 'kysely';
import type { Database } from '@nj/db';
import type { InventoryPhase } from '@nj/contracts';

/** Kysely types of migration 037's tables (issue 13 'Inventory'; decision 022). */
export interface InventoryTables {
  rent_inventories: {
    ruid: string; phase: InventoryPhase;
    renter_confirmed_at: Date | null; owner_confirmed_at: Date | null; completed_at: Date | null;
    /** Centavos MXN; bigint, read as a string. */
    deduction_cents: ColumnType<string, number | undefined, number>;
    deduction_reason: ColumnType<string, string | undefined, string>;
    updated_at: ColumnType<Date, Date | undefined, Date>;
  };
  rent_inventory_rooms: {
    id: string; ruid: string; phase: InventoryPhase; name: string; notes: ColumnType<string, string | undefined, string>;
    position: number; created_at: ColumnType<Date, Date | undefined, never>;
  };
  rent_inventory_photos: {
    id: string; room_id: string; ruid: string; storage_key: string; width: number; height: number; size: number;
    uploaded_by: string | null; created_at: ColumnType<Date, Date | undefined, never>;
  };
}

/** A database handle or a transaction (any Kysely). */
export type InventoryDb = Database | Kysely<any>;

/** The Kysely of `db` typed with migration 037's tables. */
export function inventoryTables(db: InventoryDb): Kysely<InventoryTables> {
  const k = 'db' in db && 'kind' in db ? (db as Database).db : db;
  return k as unknown as Kysely<InventoryTables>;
}

/** Storage key prefix of inventory photos; /media serves nothing under it (media-access knows no such key). */
export const INVENTORY_PREFIX = 'inventory/';

/** The party-only URL of one inventory photo (what the API calls `img_link`). */
export function inventoryPhotoLink(ruid: string, id: string): string {
  return `/api/v1/rents/${encodeURIComponent(ruid)}/inventory/photos/${encodeURIComponent(id)}`;
}
