import type { InventoryPhase } from '@nj/contracts';
import { inventoryTables, type InventoryDb } from './inventory-tables.ts';

/** One room of an inventory with its notes and its photos' storage keys (oldest first). */
export type InventoryRoomData = {
  id: string; name: string; notes: string; position: number;
  photos: Array<{ id: string; storageKey: string; width: number; height: number; createdAt: Date }>;
  /** The same storage keys as `photos`, for callers that only need the files (the contract's annex). */
  photoKeys: string[];
};

/** One phase of a rent's inventory as stored. */
export type InventoryData = {
  ruid: string; phase: InventoryPhase; rooms: InventoryRoomData[];
  renterConfirmedAt: Date | null; ownerConfirmedAt: Date | null; completedAt: Date | null;
  /** Centavos MXN of the deposit the owner keeps (move-out; 0 otherwise), and why. */
  deductionCents: number; deductionReason: string;
};

/**
 * The inventory of rent `ruid` at `phase` (issue 13 'Inventory'; spec 03 §2; decision 022): rooms in their order
 * with notes and photo storage keys (read the bytes with the media storage's `get`; photos are WebP), each side's
 * confirmation time and, at move-out, the agreed deposit deduction in centavos. An inventory nobody started is empty
 * (no rooms, nothing confirmed). No authorization: the caller's (the contract's annex, the inventory calls).
 * Takes the database or a transaction.
 */
export async function getInventory(db: InventoryDb, ruid: string, phase: InventoryPhase): Promise<InventoryData> {
  const k = inventoryTables(db);
  const head = await k.selectFrom('rent_inventories').selectAll().where('ruid', '=', ruid).where('phase', '=', phase).executeTakeFirst();
  const rooms = await k.selectFrom('rent_inventory_rooms').selectAll().where('ruid', '=', ruid).where('phase', '=', phase)
    .orderBy('position').orderBy('created_at').execute();
  const photos = rooms.length === 0 ? [] : await k.selectFrom('rent_inventory_photos').selectAll()
    .where('room_id', 'in', rooms.map((r) => r.id)).orderBy('created_at').orderBy('id').execute();
  return {
    ruid, phase,
    rooms: rooms.map((r) => {
      const own = photos.filter((p) => p.room_id === r.id)
        .map((p) => ({ id: p.id, storageKey: p.storage_key, width: p.width, height: p.height, createdAt: new Date(p.created_at) }));
      return { id: r.id, name: r.name, notes: r.notes, position: r.position, photos: own, photoKeys: own.map((p) => p.storageKey) };
    }),
    renterConfirmedAt: head?.renter_confirmed_at ? new Date(head.renter_confirmed_at) : null,
    ownerConfirmedAt: head?.owner_confirmed_at ? new Date(head.owner_confirmed_at) : null,
    completedAt: head?.completed_at ? new Date(head.completed_at) : null,
    deductionCents: head ? Number(head.deduction_cents) : 0,
    deductionReason: head?.deduction_reason ?? '',
  };
}
