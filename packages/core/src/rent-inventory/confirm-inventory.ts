import { sql, type Kysely } from 'kysely';
import { RENT_INVENTORY_MESSAGES as M, type InventoryPhase } from '@nj/contracts';
import type { Database } from '@nj/db';
import { AppError } from '../errors/app-error.ts';
import { enqueue } from '../jobs/enqueue.ts';
import type { Actor } from '../policies/actor.ts';
import { loadInventoryParty, lockEditablePhase } from './inventory-access.ts';
import { inventoryTables } from './inventory-tables.ts';

/** Job enqueued when both sides confirmed the move-in inventory (the key handover): payload `{ ruid }`. */
export const HANDOVER_CONFIRMED_JOB = 'rent.handover_confirmed';
/**
 * Job enqueued when both sides confirmed the move-out inventory: payload `{ ruid, deductionCents, reason }`
 * (centavos MXN of the deposit the owner keeps; 0 = all returned to the tenant).
 */
export const MOVEOUT_CONFIRMED_JOB = 'rent.moveout_confirmed';

/**
 * The deposit held for rent `ruid`, centavos MXN: the escrow's deposit items (decision 024) when the payments
 * started, else the accepted terms (warranty_deposit months × (price + maintenance fee)); null when unknown.
 */
export async function depositCentsOf(db: Kysely<any>, ruid: string): Promise<number | null> {
  const escrow = await sql<{ cents: string | null }>`
    SELECT sum(amount_cents) AS cents FROM rent_escrow_items WHERE ruid = ${ruid} AND kind = 'deposit'`.execute(db);
  const held = escrow.rows[0]?.cents;
  if (held !== null && held !== undefined) return Number(held);
  const terms = await sql<{ price: number | null; maintenance_fee: number | null; warranty_deposit: number | null }>`
    SELECT price, maintenance_fee, warranty_deposit FROM rents WHERE ruid = ${ruid}`.execute(db);
  const t = terms.rows[0];
  if (!t || t.price === null || t.warranty_deposit === null) return null;
  return Math.round(Number(t.warranty_deposit) * (Number(t.price) + Number(t.maintenance_fee ?? 0)) * 100);
}

/**
 * One side (renter or owner) confirms rent `ruid`'s `phase` inventory as it is now (spec 03 §2; decision 022). At
 * move-out the owner's confirmation carries the deposit deduction proposal (`deductionCents`, centavos MXN, at most
 * the deposit, with a `reason` when above 0; a changed proposal clears the tenant's confirmation) and the tenant's
 * accepts it (when the tenant sends `deductionCents` it must equal the stored proposal). When both sides have
 * confirmed, the phase is complete (read-only) and, in the same transaction, job `rent.handover_confirmed`
 * `{ ruid }` or `rent.moveout_confirmed` `{ ruid, deductionCents, reason }` is enqueued once (key `{ruid}:{phase}`).
 * @returns `{ completed }`: true when this confirmation completed the phase
 * @throws the access errors; CONFLICT (phase closed or confirmed; 'El propietario cambió el descuento…');
 *   BAD_REQUEST 'Agrega al menos una habitación…', deduction errors
 */
export async function confirmInventory(
  database: Database,
  input: { actor: Actor; ruid: string; phase: InventoryPhase; deductionCents?: number; reason?: string },
): Promise<{ completed: boolean }> {
  const party = await loadInventoryParty(database, input.actor, input.ruid, 'edit');
  const role = party.role as 'renter' | 'owner';
  return database.db.transaction().execute(async (trx) => {
    await lockEditablePhase(trx, input.ruid, input.phase);
    const k = inventoryTables(trx);
    const rooms = await k.selectFrom('rent_inventory_rooms').select('id').where('ruid', '=', input.ruid).where('phase', '=', input.phase).execute();
    if (rooms.length === 0) throw new AppError('BAD_REQUEST', M.noRooms);
    const head = await k.selectFrom('rent_inventories').selectAll().where('ruid', '=', input.ruid).where('phase', '=', input.phase).executeTakeFirstOrThrow();
    const now = new Date();
    let renterAt = head.renter_confirmed_at;
    let ownerAt = head.owner_confirmed_at;
    let deduction = Number(head.deduction_cents);
    let reason = head.deduction_reason;
    if (input.phase === 'move_out' && role === 'owner') {
      const proposed = input.deductionCents ?? 0;
      const why = proposed > 0 ? (input.reason ?? '').trim() : '';
      if (proposed > 0 && why.length === 0) throw new AppError('BAD_REQUEST', M.deductionReason, { reason: M.deductionReason });
      const deposit = await depositCentsOf(trx, input.ruid);
      if (proposed > 0 && deposit !== null && proposed > deposit) {
        throw new AppError('BAD_REQUEST', M.deductionTooHigh, { deduction_cents: M.deductionTooHigh });
      }
      if (proposed !== deduction || why !== reason) renterAt = null;
      deduction = proposed;
      reason = why;
    }
    if (input.phase === 'move_out' && role === 'renter' && input.deductionCents !== undefined && input.deductionCents !== deduction) {
      throw new AppError('CONFLICT', M.deductionChanged);
    }
    if (role === 'renter') renterAt = now;
    else ownerAt = now;
    const completed = renterAt !== null && ownerAt !== null;
    await k.updateTable('rent_inventories').set({
      renter_confirmed_at: renterAt, owner_confirmed_at: ownerAt, completed_at: completed ? now : null,
      deduction_cents: deduction, deduction_reason: reason, updated_at: now,
    }).where('ruid', '=', input.ruid).where('phase', '=', input.phase).execute();
    if (completed) {
      const key = `${input.ruid}:${input.phase}`;
      if (input.phase === 'move_in') await enqueue(trx, HANDOVER_CONFIRMED_JOB, { ruid: input.ruid }, { key });
      else await enqueue(trx, MOVEOUT_CONFIRMED_JOB, { ruid: input.ruid, deductionCents: deduction, reason }, { key });
    }
    return { completed };
  });
}
