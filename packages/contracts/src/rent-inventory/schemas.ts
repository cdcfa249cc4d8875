import { z } from 'zod';
import { RENT_INVENTORY_MESSAGES as M } from './messages.ts';

/** The two inventories of a rent: at the key handover and at the move-out (spec 03 §2, decision 022). */
export const INVENTORY_PHASES = ['move_in', 'move_out'] as const;
export type InventoryPhase = (typeof INVENTORY_PHASES)[number];

/** Most rooms in one inventory, and photos in one room. */
export const INVENTORY_LIMITS = { rooms: 40, photosPerRoom: 30, nameChars: 80, notesChars: 4000, reasonChars: 2000 } as const;

const ruid = z.string({ error: M.ruidRequired }).trim().min(1, { error: M.ruidRequired }).max(64, { error: M.ruidRequired });
const phase = z.enum(INVENTORY_PHASES, { error: M.phaseInvalid });
const roomName = z.string({ error: M.roomName }).trim().min(1, { error: M.roomName }).max(INVENTORY_LIMITS.nameChars, { error: M.roomName });
const notes = z.string({ error: M.roomNotes }).max(INVENTORY_LIMITS.notesChars, { error: M.roomNotes });

/** GET /v1/rents/inventory?ruid — the rent whose inventories are read. */
export const ZInventoryQuery = z.object({ ruid });
/** POST /v1/rents/inventory/rooms — a new room at the end of `phase` (default move_in). */
export const ZAddInventoryRoomBody = z.object({ ruid, phase: phase.default('move_in'), name: roomName, notes: notes.default('') });
/** PUT /v1/rents/inventory/rooms/{id} — a room's new name and/or notes. */
export const ZUpdateInventoryRoomBody = z.object({ name: roomName.optional(), notes: notes.optional() });
/** /v1/rents/inventory/rooms/{id} path. */
export const ZInventoryRoomParams = z.object({ id: z.string({ error: M.roomNotFound }).min(1, { error: M.roomNotFound }).max(64, { error: M.roomNotFound }) });
/** DELETE /v1/rents/inventory (spec 03 §7) — the rent and the photo's `img_link` (as listed, or its id). */
export const ZDeleteInventoryPhotoBody = z.object({
  ruid,
  img_link: z.string({ error: M.imgLinkRequired }).trim().min(1, { error: M.imgLinkRequired }).max(300, { error: M.imgLinkRequired }),
});
/**
 * POST /v1/rents/inventory/confirm — one side confirms `phase` as it is now. At move-out the owner proposes the
 * deposit deduction (`deduction_cents`, integer centavos MXN, and `reason`); the tenant confirms by sending the same
 * `deduction_cents` they were shown (a different amount: 409, the proposal changed).
 */
export const ZConfirmInventoryBody = z.object({
  ruid, phase,
  deduction_cents: z.number({ error: M.deductionInvalid }).int({ error: M.deductionInvalid }).min(0, { error: M.deductionInvalid })
    .max(1_000_000_000, { error: M.deductionInvalid }).optional(),
  reason: z.string({ error: M.deductionReason }).trim().max(INVENTORY_LIMITS.reasonChars, { error: M.deductionReason }).optional(),
});

/** One photo of a room: `img_link` is the party-only URL that serves it. */
export const ZInventoryPhoto = z.object({ id: z.string(), img_link: z.string(), created_at: z.string() });
/** One room with its notes and photos. */
export const ZInventoryRoom = z.object({
  id: z.string(), name: z.string(), notes: z.string(), position: z.number(), photos: z.array(ZInventoryPhoto),
});
/** One phase's inventory: rooms, each side's confirmation (ISO time or null), the deduction (move-out). */
export const ZInventoryPhaseState = z.object({
  phase, rooms: z.array(ZInventoryRoom),
  renter_confirmed_at: z.string().nullable(), owner_confirmed_at: z.string().nullable(), completed_at: z.string().nullable(),
  /** Centavos MXN the owner keeps from the deposit (move-out), with its reason. */
  deduction_cents: z.number(), deduction_reason: z.string(),
  /** True when the reader may change it now (their role and the rent's step). */
  editable: z.boolean(),
});
/** GET /v1/rents/inventory — both phases and the reader's role. */
export const ZRentInventory = z.object({
  ruid: z.string(), step: z.string(), role: z.enum(['renter', 'owner', 'second_renter']),
  /** The deposit held for the lease, centavos MXN (the deduction's upper bound), null when unknown. */
  deposit_cents: z.number().nullable(),
  move_in: ZInventoryPhaseState, move_out: ZInventoryPhaseState,
});
export type TRentInventory = z.infer<typeof ZRentInventory>;
export type TInventoryPhaseState = z.infer<typeof ZInventoryPhaseState>;
export type TInventoryRoom = z.infer<typeof ZInventoryRoom>;
