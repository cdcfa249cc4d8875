import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { DOCUMENT_MAX_BYTES, INVENTORY_LIMITS, RENT_INVENTORY_MESSAGES as M, type InventoryPhase } from '@nj/contracts';
import type { Database } from '@nj/db';
import { AppError } from '../errors/app-error.ts';
import type { Actor } from '../policies/actor.ts';
import { decodeImage } from '../media/decode-image.ts';
import { detectImageKind } from '../media/detect-image-kind.ts';
import { imageQueue } from '../media/image-queue.ts';
import { discardMediaKeys, recordPendingKeys, settlePendingKeys } from '../media/pending-media.ts';
import type { MediaStorage } from '../media/storage/media-storage.ts';
import { clearConfirmations, loadInventoryParty, lockEditablePhase } from './inventory-access.ts';
import { INVENTORY_PREFIX, inventoryTables } from './inventory-tables.ts';

/** What the inventory verbs need. */
export type InventoryDeps = { database: Database; storage: MediaStorage };

/** Longest side of a stored inventory photo, px (enough to see a scratch; the original is not kept). */
export const INVENTORY_PHOTO_SIDE = 2048;

function newInventoryId(prefix: string): string {
  return `${prefix}${randomBytes(12).toString('hex')}`;
}

/** The room `id` with its rent and phase, or NOT_FOUND. */
async function findRoom(database: Database, id: string) {
  const room = await inventoryTables(database).selectFrom('rent_inventory_rooms').selectAll().where('id', '=', id).executeTakeFirst();
  if (!room) throw new AppError('NOT_FOUND', M.roomNotFound);
  return room;
}

/**
 * Adds a room at the end of rent `ruid`'s `phase` inventory (spec 03 §7 inventory; decision 022), by its renter or
 * owner while the phase is open; clears the phase's confirmations.
 * @returns the new room's id
 * @throws loadInventoryParty's and lockEditablePhase's AppErrors; BAD_REQUEST 'Un inventario puede tener hasta 40…'
 */
export async function addInventoryRoom(database: Database, input: { actor: Actor; ruid: string; phase: InventoryPhase; name: string; notes: string }): Promise<string> {
  await loadInventoryParty(database, input.actor, input.ruid, 'edit');
  return database.db.transaction().execute(async (trx) => {
    await lockEditablePhase(trx, input.ruid, input.phase);
    const k = inventoryTables(trx);
    const rooms = await k.selectFrom('rent_inventory_rooms').select(['position']).where('ruid', '=', input.ruid).where('phase', '=', input.phase).execute();
    if (rooms.length >= INVENTORY_LIMITS.rooms) throw new AppError('BAD_REQUEST', M.tooManyRooms);
    const id = newInventoryId('room_');
    const position = rooms.reduce((max, r) => Math.max(max, r.position + 1), 0);
    await k.insertInto('rent_inventory_rooms').values({ id, ruid: input.ruid, phase: input.phase, name: input.name, notes: input.notes, position }).execute();
    await clearConfirmations(trx, input.ruid, input.phase);
    return id;
  });
}

/**
 * Renames a room and/or changes its notes; clears the phase's confirmations when something changed.
 * @returns the room's rent
 * @throws AppError NOT_FOUND 'No encontramos esa habitación' (also for anyone who is not a party), the access errors
 */
export async function updateInventoryRoom(database: Database, input: { actor: Actor; id: string; name?: string; notes?: string }): Promise<string> {
  const room = await findRoom(database, input.id);
  await loadInventoryParty(database, input.actor, room.ruid, 'edit');
  await database.db.transaction().execute(async (trx) => {
    await lockEditablePhase(trx, room.ruid, room.phase);
    const set: { name?: string; notes?: string } = {};
    if (input.name !== undefined && input.name !== room.name) set.name = input.name;
    if (input.notes !== undefined && input.notes !== room.notes) set.notes = input.notes;
    if (Object.keys(set).length === 0) return;
    await inventoryTables(trx).updateTable('rent_inventory_rooms').set(set).where('id', '=', room.id).execute();
    await clearConfirmations(trx, room.ruid, room.phase);
  });
  return room.ruid;
}

/**
 * Deletes a room with its photos (their files are deleted after the commit); clears the phase's confirmations.
 * @returns the room's rent
 * @throws as updateInventoryRoom
 */
export async function deleteInventoryRoom(deps: InventoryDeps, input: { actor: Actor; id: string }): Promise<string> {
  const room = await findRoom(deps.database, input.id);
  await loadInventoryParty(deps.database, input.actor, room.ruid, 'edit');
  const keys = await deps.database.db.transaction().execute(async (trx) => {
    await lockEditablePhase(trx, room.ruid, room.phase);
    const k = inventoryTables(trx);
    const photos = await k.selectFrom('rent_inventory_photos').select('storage_key').where('room_id', '=', room.id).execute();
    const gone = photos.map((p) => p.storage_key);
    await recordPendingKeys(trx, gone);
    await k.deleteFrom('rent_inventory_rooms').where('id', '=', room.id).execute();
    await clearConfirmations(trx, room.ruid, room.phase);
    return gone;
  });
  await discardMediaKeys(deps, keys);
  return room.ruid;
}

/**
 * Checks an uploaded photo by its CONTENT and re-encodes it (issue 7 §1 limits, as the listing photos): 1 byte to
 * 10 MiB; JPEG, PNG, WebP or HEIC by magic bytes; header within 40 MP / 12,000 px a side; decoded once through the
 * image queue (two at a time per process) to at most INVENTORY_PHOTO_SIDE px and written as WebP without metadata
 * (no GPS position of the home leaves in it).
 * @returns the WebP bytes and their size, px
 * @throws AppError BAD_REQUEST 'Elige una foto' (empty), PAYLOAD_TOO_LARGE, UNSUPPORTED_MEDIA 'La foto debe ser…',
 *   BAD_REQUEST tooManyPixels (media texts) or 'No pudimos leer la foto…'
 */
export async function processInventoryPhoto(file: Buffer): Promise<{ webp: Buffer; width: number; height: number }> {
  if (file.length === 0) throw new AppError('BAD_REQUEST', M.photoRequired, { photo: M.photoRequired });
  if (file.length > DOCUMENT_MAX_BYTES) throw new AppError('PAYLOAD_TOO_LARGE', M.photoTooLarge, { photo: M.photoTooLarge });
  const kind = await detectImageKind(file.subarray(0, 4100));
  if (kind === null) throw new AppError('UNSUPPORTED_MEDIA', M.photoType, { photo: M.photoType });
  try {
    return await imageQueue.run(async () => {
      const { data, info } = await decodeImage(file, kind, () => ({
        width: INVENTORY_PHOTO_SIDE, height: INVENTORY_PHOTO_SIDE, fit: 'inside', withoutEnlargement: true,
      }));
      const webp = await sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } }).webp({ quality: 82 }).toBuffer();
      return { webp, width: info.width, height: info.height };
    });
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError('BAD_REQUEST', M.photoUnreadable, { photo: M.photoUnreadable });
  }
}

/**
 * POST /v1/rents/inventory (spec 03 §7): adds a photo to room `roomId` of rent `ruid` (processInventoryPhoto), stored
 * under `inventory/{ruid}/{id}.webp` (journaled until the row commits); clears the phase's confirmations.
 * @returns the photo's id
 * @throws processInventoryPhoto's, the access errors; NOT_FOUND 'No encontramos esa habitación' (not in this rent);
 *   BAD_REQUEST 'Cada habitación puede tener hasta 30 fotos'
 */
export async function addInventoryPhoto(deps: InventoryDeps, input: { actor: Actor; ruid: string; roomId: string; file: Buffer }): Promise<string> {
  const party = await loadInventoryParty(deps.database, input.actor, input.ruid, 'edit');
  const room = await findRoom(deps.database, input.roomId);
  if (room.ruid !== party.rent.ruid) throw new AppError('NOT_FOUND', M.roomNotFound);
  const photo = await processInventoryPhoto(input.file);
  const id = newInventoryId('ph_');
  const safeRuid = room.ruid.toLowerCase().replace(/[^a-z0-9_-]/g, '') || 'x';
  const key = `${INVENTORY_PREFIX}${safeRuid}/${id}.webp`;
  await recordPendingKeys(deps.database.db, [key]);
  try {
    await deps.storage.put(key, photo.webp, { contentType: 'image/webp' });
    await deps.database.db.transaction().execute(async (trx) => {
      await lockEditablePhase(trx, room.ruid, room.phase);
      const k = inventoryTables(trx);
      const still = await k.selectFrom('rent_inventory_rooms').select('id').where('id', '=', room.id).executeTakeFirst();
      if (!still) throw new AppError('NOT_FOUND', M.roomNotFound);
      const count = await k.selectFrom('rent_inventory_photos').select((eb) => eb.fn.countAll<string>().as('n')).where('room_id', '=', room.id).executeTakeFirstOrThrow();
      if (Number(count.n) >= INVENTORY_LIMITS.photosPerRoom) throw new AppError('BAD_REQUEST', M.tooManyPhotos);
      await settlePendingKeys(trx, [key]);
      await k.insertInto('rent_inventory_photos').values({
        id, room_id: room.id, ruid: room.ruid, storage_key: key, width: photo.width, height: photo.height, size: photo.webp.length,
        uploaded_by: input.actor.cuid,
      }).execute();
      await clearConfirmations(trx, room.ruid, room.phase);
    });
  } catch (error) {
    await discardMediaKeys(deps, [key]);
    throw error;
  }
  return id;
}

/** The photo id inside an `img_link` as listed (…/inventory/photos/{id}, any query), or the bare id. */
export function photoIdOfLink(imgLink: string): string {
  const path = imgLink.split(/[?#]/)[0] ?? '';
  const last = path.slice(path.lastIndexOf('/') + 1);
  try {
    return decodeURIComponent(last);
  } catch {
    return last;
  }
}

/**
 * DELETE /v1/rents/inventory (spec 03 §7: `ruid`, `img_link`): deletes one photo of rent `ruid` (its file after the
 * commit); clears the phase's confirmations.
 * @throws the access errors; NOT_FOUND 'No encontramos esa foto'
 */
export async function deleteInventoryPhoto(deps: InventoryDeps, input: { actor: Actor; ruid: string; imgLink: string }): Promise<void> {
  await loadInventoryParty(deps.database, input.actor, input.ruid, 'edit');
  const id = photoIdOfLink(input.imgLink);
  const k = inventoryTables(deps.database);
  const photo = await k.selectFrom('rent_inventory_photos as p').innerJoin('rent_inventory_rooms as r', 'r.id', 'p.room_id')
    .select(['p.id', 'p.storage_key', 'r.phase']).where('p.id', '=', id).where('p.ruid', '=', input.ruid).executeTakeFirst();
  if (!photo) throw new AppError('NOT_FOUND', M.photoNotFound);
  await deps.database.db.transaction().execute(async (trx) => {
    await lockEditablePhase(trx, input.ruid, photo.phase);
    await recordPendingKeys(trx, [photo.storage_key]);
    const gone = await inventoryTables(trx).deleteFrom('rent_inventory_photos').where('id', '=', photo.id).executeTakeFirst();
    if (Number(gone.numDeletedRows) === 0) throw new AppError('NOT_FOUND', M.photoNotFound);
    await clearConfirmations(trx, input.ruid, photo.phase);
  });
  await discardMediaKeys(deps, [photo.storage_key]);
}

/**
 * GET /api/v1/rents/{ruid}/inventory/photos/{id}: the WebP bytes of one photo, to the rent's parties only.
 * @throws the access errors; NOT_FOUND 'No encontramos esa foto'
 */
export async function readInventoryPhoto(deps: InventoryDeps, input: { actor: Actor; ruid: string; id: string }): Promise<{ body: Buffer; contentType: string }> {
  await loadInventoryParty(deps.database, input.actor, input.ruid, 'read');
  const photo = await inventoryTables(deps.database).selectFrom('rent_inventory_photos').select('storage_key')
    .where('id', '=', input.id).where('ruid', '=', input.ruid).executeTakeFirst();
  const object = photo ? await deps.storage.get(photo.storage_key) : null;
  if (!object) throw new AppError('NOT_FOUND', M.photoNotFound);
  return { body: object.body, contentType: 'image/webp' };
}
