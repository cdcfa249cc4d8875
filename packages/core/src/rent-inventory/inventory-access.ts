import { RENT_INVENTORY_MESSAGES as M, type InventoryPhase } from '@nj/contracts';
import type { Database } from '@nj/db';
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import { AppError } from '../errors/app-error.ts';
import { isClient, type Actor } from '../policies/actor.ts';
import { authorize } from '../policies/policy.ts';
import { rentInventoryPolicy } from '../policies/rent-inventory.ts';
import { rentInvitationsRepository } from '../rent-guarantors/rent-invitations-repository.ts';
import { rentsRepository, type RentRow } from '../rents/rents-repository.ts';
import { inventoryTables } from './inventory-tables.ts';

/** The reader's side of a rent's inventory. */
export type InventoryRole = 'renter' | 'owner' | 'second_renter';
/** A party's view of the rent: the rent, the reader's role and the accepted second renter. */
export type InventoryParty = { rent: RentRow; role: InventoryRole; secondRenterCuid: string | null };

/** Steps in which the move-in inventory may be filled (spec 03 §2: from the accepted offer until both confirm). */
export const MOVE_IN_STEPS: readonly string[] = ['on_accepted_offer', 'on_contract_sign', 'on_rent'];

/**
 * Loads rent `ruid` for a party of its inventory and checks the rent_inventory policy's `action` (read: renter,
 * owner, accepted second renter; edit: renter and owner).
 * @throws AppError UNAUTHORIZED (not signed in); NOT_FOUND 'No encontramos el inventario…' (unknown rent, anyone
 *   else); FORBIDDEN 'Solo el inquilino y el propietario…' (the second renter editing)
 */
export async function loadInventoryParty(database: Database, actor: Actor, ruid: string, action: 'read' | 'edit'): Promise<InventoryParty> {
  authorize(actor, rentInventoryPolicy, action);
  const rent = await rentsRepository.find(database, ruid);
  if (!rent) throw new AppError('NOT_FOUND', M.notFound);
  const members = await rentInvitationsRepository.acceptedMembers(database, ruid);
  const secondRenterCuid = members.find((m) => m.role === 'second_renter')?.cuid ?? null;
  authorize(actor, rentInventoryPolicy, action, { renter_cuid: rent.renter_cuid, owner_cuid: rent.owner_cuid, second_renter_cuid: secondRenterCuid });
  const role: InventoryRole = isClient(actor, rent.renter_cuid) ? 'renter' : isClient(actor, rent.owner_cuid) ? 'owner' : 'second_renter';
  return { rent, role, secondRenterCuid };
}

/**
 * Whether `phase` may be changed at rent step `step` given the phases' completion (decision 022): move-in at
 * on_accepted_offer, on_contract_sign and on_rent until both confirmed; move-out only at on_rent once the move-in is
 * complete, until both confirmed. Returns null when it may, else the Spanish reason.
 */
export function inventoryClosedReason(step: string, phase: InventoryPhase, done: { moveIn: boolean; moveOut: boolean }): string | null {
  if (phase === 'move_in') {
    if (done.moveIn) return M.phaseConfirmed;
    return MOVE_IN_STEPS.includes(step) ? null : M.moveInClosed;
  }
  if (done.moveOut) return M.phaseConfirmed;
  return step === 'on_rent' && done.moveIn ? null : M.moveOutClosed;
}

/**
 * Inside a transaction: locks the rent and the phase's row (creating it), and checks that `phase` may be changed
 * now (inventoryClosedReason). Every change and confirmation goes through here, so two of them on one phase run
 * one after the other.
 * @throws AppError NOT_FOUND (the rent is gone), CONFLICT with the reason it is closed
 */
export async function lockEditablePhase(trx: Kysely<any>, ruid: string, phase: InventoryPhase): Promise<void> {
  const rent = await sql<{ step: string }>`SELECT step FROM rents WHERE ruid = ${ruid} FOR UPDATE`.execute(trx);
  const step = rent.rows[0]?.step;
  if (!step) throw new AppError('NOT_FOUND', M.notFound);
  const k = inventoryTables(trx);
  await k.insertInto('rent_inventories').values({ ruid, phase }).onConflict((c) => c.columns(['ruid', 'phase']).doNothing()).execute();
  const heads = await k.selectFrom('rent_inventories').select(['phase', 'completed_at']).where('ruid', '=', ruid).forUpdate().execute();
  const done = (p: InventoryPhase) => heads.some((h) => h.phase === p && h.completed_at !== null);
  const reason = inventoryClosedReason(step, phase, { moveIn: done('move_in'), moveOut: done('move_out') });
  if (reason) throw new AppError('CONFLICT', reason);
}

/** After a change of `phase`'s content: both sides must confirm again (decision 022). */
export async function clearConfirmations(trx: Kysely<any>, ruid: string, phase: InventoryPhase): Promise<void> {
  await inventoryTables(trx).updateTable('rent_inventories')
    .set({ renter_confirmed_at: null, owner_confirmed_at: null, updated_at: new Date() })
    .where('ruid', '=', ruid).where('phase', '=', phase).execute();
}
