import type { TInventoryPhaseState, TRentInventory } from '@nj/contracts';
import type { Database } from '@nj/db';
import type { Actor } from '../policies/actor.ts';
import { depositCentsOf } from './confirm-inventory.ts';
import { getInventory, type InventoryData } from './get-inventory.ts';
import { inventoryClosedReason, loadInventoryParty } from './inventory-access.ts';
import { inventoryPhotoLink } from './inventory-tables.ts';

/**
 * GET /v1/rents/inventory?ruid (spec 03 §7): both inventories of rent `ruid` for one of its parties (renter, owner,
 * accepted second renter): rooms with notes and party-only photo links, each side's confirmation, the move-out
 * deduction (centavos MXN) and the deposit it is bounded by, and whether the reader may change each phase now.
 * @throws AppError UNAUTHORIZED, NOT_FOUND 'No encontramos el inventario de esta renta' (anyone else)
 */
export async function readRentInventory(database: Database, input: { actor: Actor; ruid: string }): Promise<TRentInventory> {
  const party = await loadInventoryParty(database, input.actor, input.ruid, 'read');
  const [moveIn, moveOut] = await Promise.all([getInventory(database, input.ruid, 'move_in'), getInventory(database, input.ruid, 'move_out')]);
  const done = { moveIn: moveIn.completedAt !== null, moveOut: moveOut.completedAt !== null };
  const canEdit = party.role !== 'second_renter';
  const present = (d: InventoryData): TInventoryPhaseState => ({
    phase: d.phase,
    rooms: d.rooms.map((r) => ({
      id: r.id, name: r.name, notes: r.notes, position: r.position,
      photos: r.photos.map((p) => ({ id: p.id, img_link: inventoryPhotoLink(input.ruid, p.id), created_at: p.createdAt.toISOString() })),
    })),
    renter_confirmed_at: d.renterConfirmedAt?.toISOString() ?? null,
    owner_confirmed_at: d.ownerConfirmedAt?.toISOString() ?? null,
    completed_at: d.completedAt?.toISOString() ?? null,
    deduction_cents: d.deductionCents, deduction_reason: d.deductionReason,
    editable: canEdit && inventoryClosedReason(party.rent.step, d.phase, done) === null,
  });
  return {
    ruid: input.ruid, step: party.rent.step, role: party.role,
    deposit_cents: await depositCentsOf(database.db, input.ruid),
    move_in: present(moveIn), move_out: present(moveOut),
  };
}
