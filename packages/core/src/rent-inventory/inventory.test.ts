import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RENT_INVENTORY_MESSAGES as M } from '@nj/contracts';
import { openTestDatabase, type Database } from '@nj/db';
import { AppError } from '../errors/app-error.ts';
import { registeredActor } from '../policies/actor.ts';
import { createLocalMediaStorage } from '../media/storage/local-media-storage.ts';
import type { MediaStorage } from '../media/storage/media-storage.ts';
import { insertTestRent, pixelBombPng, testJpeg, testPdf, testPng } from '../rent-documents/testing/document-fixtures.ts';
import { confirmInventory, HANDOVER_CONFIRMED_JOB, MOVEOUT_CONFIRMED_JOB } from './confirm-inventory.ts';
import { addInventoryPhoto, addInventoryRoom, deleteInventoryPhoto, deleteInventoryRoom, processInventoryPhoto, readInventoryPhoto, updateInventoryRoom } from './edit-inventory.ts';
import { getInventory } from './get-inventory.ts';
import { readRentInventory } from './read-rent-inventory.ts';
import { sweepOrphanMedia } from '../media/sweep-orphan-media.ts';

let database: Database;
let storage: MediaStorage;
let root: string;
beforeAll(async () => {
  database = await openTestDatabase();
  root = mkdtempSync(join(tmpdir(), 'nj-inventory-'));
  storage = createLocalMediaStorage({ root });
});
afterAll(async () => {
  await database?.close();
  rmSync(root, { recursive: true, force: true });
});

const refusal = async (promise: Promise<unknown>) => {
  const error = await promise.then(() => null, (e: unknown) => e);
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
};

async function rentAt(step: string) {
  const r = await insertTestRent(database, step);
  return { ...r, renterActor: registeredActor(r.renter.cuid), ownerActor: registeredActor(r.owner.cuid), strangerActor: registeredActor(r.stranger.cuid) };
}

async function jobs(ruid: string) {
  const rows = await sql<{ name: string; payload: unknown }>`SELECT name, payload FROM jobs WHERE payload->>'ruid' = ${ruid} ORDER BY id`.execute(database.db);
  return rows.rows.map((r) => ({ name: r.name, payload: typeof r.payload === 'string' ? JSON.parse(r.payload) : r.payload }));
}

describe('processInventoryPhoto (photos checked by content, bounded)', () => {
  it('re-encodes JPEG/PNG as WebP within 2048 px and refuses what is not an image or a pixel bomb', async () => {
    const p = await processInventoryPhoto(await testJpeg(3000, 1000));
    expect(p.webp.subarray(8, 12).toString()).toBe('WEBP');
    expect([p.width, p.height]).toEqual([2048, 683]);
    expect((await refusal(processInventoryPhoto(Buffer.from('not an image at all')))).code).toBe('UNSUPPORTED_MEDIA');
    expect((await refusal(processInventoryPhoto(await testPdf()))).code).toBe('UNSUPPORTED_MEDIA');
    expect((await refusal(processInventoryPhoto(Buffer.alloc(0)))).code).toBe('BAD_REQUEST');
    expect((await refusal(processInventoryPhoto(await pixelBombPng()))).code).toBe('BAD_REQUEST');
  });
});

describe('inventory rules (decision 022)', () => {
  it('only the parties see it; the second renter cannot change it; strangers learn nothing', async () => {
    const r = await rentAt('on_accepted_offer');
    expect((await refusal(readRentInventory(database, { actor: r.strangerActor, ruid: r.ruid }))).code).toBe('NOT_FOUND');
    expect((await refusal(addInventoryRoom(database, { actor: r.strangerActor, ruid: r.ruid, phase: 'move_in', name: 'Sala', notes: '' }))).code).toBe('NOT_FOUND');
    const view = await readRentInventory(database, { actor: r.renterActor, ruid: r.ruid });
    expect(view.role).toBe('renter');
    expect(view.move_in.editable).toBe(true);
    expect(view.move_out.editable).toBe(false);
  });

  it('move-in is closed before the accepted offer; move-out only at on_rent after the move-in', async () => {
    const early = await rentAt('on_offer');
    const e = await refusal(addInventoryRoom(database, { actor: early.ownerActor, ruid: early.ruid, phase: 'move_in', name: 'Sala', notes: '' }));
    expect([e.code, e.msg]).toEqual(['CONFLICT', M.moveInClosed]);
    const r = await rentAt('on_rent');
    const o = await refusal(addInventoryRoom(database, { actor: r.ownerActor, ruid: r.ruid, phase: 'move_out', name: 'Sala', notes: '' }));
    expect([o.code, o.msg]).toEqual(['CONFLICT', M.moveOutClosed]);
  });

  it('rooms and photos; any change clears both confirmations; both confirm → handover job once; then read-only', async () => {
    const r = await rentAt('on_contract_sign');
    const deps = { database, storage };
    expect((await refusal(confirmInventory(database, { actor: r.ownerActor, ruid: r.ruid, phase: 'move_in' }))).msg).toBe(M.noRooms);
    const sala = await addInventoryRoom(database, { actor: r.ownerActor, ruid: r.ruid, phase: 'move_in', name: 'Sala', notes: 'Piso sin marcas' });
    const cocina = await addInventoryRoom(database, { actor: r.renterActor, ruid: r.ruid, phase: 'move_in', name: 'Cocina', notes: '' });
    const photo = await addInventoryPhoto(deps, { actor: r.ownerActor, ruid: r.ruid, roomId: sala, file: await testPng(640, 480) });
    const served = await readInventoryPhoto(deps, { actor: r.renterActor, ruid: r.ruid, id: photo });
    expect(served.contentType).toBe('image/webp');
    expect((await refusal(readInventoryPhoto(deps, { actor: r.strangerActor, ruid: r.ruid, id: photo }))).code).toBe('NOT_FOUND');

    expect(await confirmInventory(database, { actor: r.ownerActor, ruid: r.ruid, phase: 'move_in' })).toEqual({ completed: false });
    let state = await getInventory(database, r.ruid, 'move_in');
    expect(state.ownerConfirmedAt).not.toBeNull();
    // The tenant writes a note: the owner's confirmation is gone.
    await updateInventoryRoom(database, { actor: r.renterActor, id: cocina, notes: 'Una hornilla no enciende' });
    state = await getInventory(database, r.ruid, 'move_in');
    expect([state.ownerConfirmedAt, state.renterConfirmedAt]).toEqual([null, null]);
    // Unchanged content clears nothing.
    await confirmInventory(database, { actor: r.renterActor, ruid: r.ruid, phase: 'move_in' });
    await updateInventoryRoom(database, { actor: r.ownerActor, id: cocina, notes: 'Una hornilla no enciende' });
    expect((await getInventory(database, r.ruid, 'move_in')).renterConfirmedAt).not.toBeNull();
    // Deleting a photo clears it.
    const extra = await addInventoryPhoto(deps, { actor: r.renterActor, ruid: r.ruid, roomId: cocina, file: await testJpeg() });
    await confirmInventory(database, { actor: r.renterActor, ruid: r.ruid, phase: 'move_in' });
    await deleteInventoryPhoto(deps, { actor: r.ownerActor, ruid: r.ruid, imgLink: `/api/v1/rents/${r.ruid}/inventory/photos/${extra}` });
    expect((await getInventory(database, r.ruid, 'move_in')).renterConfirmedAt).toBeNull();
    expect(await jobs(r.ruid)).toEqual([]);

    await confirmInventory(database, { actor: r.renterActor, ruid: r.ruid, phase: 'move_in' });
    expect(await confirmInventory(database, { actor: r.ownerActor, ruid: r.ruid, phase: 'move_in' })).toEqual({ completed: true });
    expect(await jobs(r.ruid)).toEqual([{ name: HANDOVER_CONFIRMED_JOB, payload: { ruid: r.ruid } }]);
    const done = await getInventory(database, r.ruid, 'move_in');
    expect(done.completedAt).not.toBeNull();
    expect(done.rooms.map((x) => [x.name, x.photoKeys.length])).toEqual([['Sala', 1], ['Cocina', 0]]);
    expect(done.rooms[0]!.photoKeys[0]).toMatch(/^inventory\/.+\.webp$/);
    for (const attempt of [
      confirmInventory(database, { actor: r.renterActor, ruid: r.ruid, phase: 'move_in' }),
      deleteInventoryRoom(deps, { actor: r.ownerActor, id: sala }),
      addInventoryRoom(database, { actor: r.ownerActor, ruid: r.ruid, phase: 'move_in', name: 'Baño', notes: '' }),
    ]) expect((await refusal(attempt)).msg).toBe(M.phaseConfirmed);
    expect(await jobs(r.ruid)).toHaveLength(1);

    // The orphan sweep keeps referenced inventory photos and removes a file no row references.
    await storage.put(`inventory/${r.ruid.toLowerCase()}/ph_huerfana.webp`, Buffer.from('x'), { contentType: 'image/webp' });
    await sweepOrphanMedia(deps, { olderThanSeconds: 0 });
    expect(await storage.get(`inventory/${r.ruid.toLowerCase()}/ph_huerfana.webp`)).toBeNull();
    expect(await storage.get(done.rooms[0]!.photoKeys[0]!)).not.toBeNull();
  });

  it('move-out: the owner proposes the deduction, the tenant accepts it → moveout job with the amount', async () => {
    const r = await rentAt('on_rent');
    await database.db.updateTable('rents').set({ price: 10_000, maintenance_fee: 500, warranty_deposit: 1 } as never).where('ruid', '=', r.ruid).execute();
    const room = await addInventoryRoom(database, { actor: r.ownerActor, ruid: r.ruid, phase: 'move_in', name: 'Recámara', notes: '' });
    await confirmInventory(database, { actor: r.ownerActor, ruid: r.ruid, phase: 'move_in' });
    await confirmInventory(database, { actor: r.renterActor, ruid: r.ruid, phase: 'move_in' });
    expect(room).toBeTruthy();
    await addInventoryRoom(database, { actor: r.renterActor, ruid: r.ruid, phase: 'move_out', name: 'Recámara', notes: 'Pared manchada' });
    expect((await refusal(confirmInventory(database, { actor: r.ownerActor, ruid: r.ruid, phase: 'move_out', deductionCents: 150_000 }))).msg).toBe(M.deductionReason);
    expect((await refusal(confirmInventory(database, { actor: r.ownerActor, ruid: r.ruid, phase: 'move_out', deductionCents: 1_050_001, reason: 'x' }))).msg).toBe(M.deductionTooHigh);
    await confirmInventory(database, { actor: r.renterActor, ruid: r.ruid, phase: 'move_out', deductionCents: 0 });
    // A deduction proposal the tenant has not seen clears their confirmation.
    expect(await confirmInventory(database, { actor: r.ownerActor, ruid: r.ruid, phase: 'move_out', deductionCents: 150_000, reason: 'Pintar la pared' })).toEqual({ completed: false });
    expect((await getInventory(database, r.ruid, 'move_out')).renterConfirmedAt).toBeNull();
    expect((await refusal(confirmInventory(database, { actor: r.renterActor, ruid: r.ruid, phase: 'move_out', deductionCents: 0 }))).msg).toBe(M.deductionChanged);
    expect(await confirmInventory(database, { actor: r.renterActor, ruid: r.ruid, phase: 'move_out', deductionCents: 150_000 })).toEqual({ completed: true });
    expect((await jobs(r.ruid)).map((j) => j.name)).toEqual([HANDOVER_CONFIRMED_JOB, MOVEOUT_CONFIRMED_JOB]);
    expect((await jobs(r.ruid))[1]!.payload).toEqual({ ruid: r.ruid, deductionCents: 150_000, reason: 'Pintar la pared' });
    const view = await readRentInventory(database, { actor: r.renterActor, ruid: r.ruid });
    expect([view.deposit_cents, view.move_out.deduction_cents, view.move_out.editable]).toEqual([1_050_000, 150_000, false]);
  });
});
