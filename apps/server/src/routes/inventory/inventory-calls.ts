import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  RENT_INVENTORY_MESSAGES as M, ZAddInventoryRoomBody, ZApiEnvelope, ZConfirmInventoryBody, ZDeleteInventoryPhotoBody, ZInventoryQuery,
  ZInventoryRoomParams, ZRentInventory, ZUpdateInventoryRoomBody,
} from '@nj/contracts';
import { AppError } from '@nj/core/errors/app-error';
import { confirmInventory } from '@nj/core/rent-inventory/confirm-inventory';
import {
  addInventoryPhoto, addInventoryRoom, deleteInventoryPhoto, deleteInventoryRoom, readInventoryPhoto, updateInventoryRoom,
} from '@nj/core/rent-inventory/edit-inventory';
import { readRentInventory } from '@nj/core/rent-inventory/read-rent-inventory';
import { defineRoute } from '../define-route.ts';
import { can } from '../../plugins/actor.ts';
import { uploadHandlerDone } from '../media/upload-memory.ts';
import { DOCUMENT_BODY_LIMIT, readDocumentUpload, registerDocumentMultipart } from '../documents/read-document-upload.ts';

const ZPhotoParams = z.object({
  ruid: z.string({ error: M.ruidRequired }).min(1, { error: M.ruidRequired }).max(64, { error: M.ruidRequired }),
  id: z.string({ error: M.photoNotFound }).min(1, { error: M.photoNotFound }).max(64, { error: M.photoNotFound }),
});

/**
 * A rent's move-in and move-out inventories (issue 13 'Inventory'; spec 03 §2, §7 `/v1/rents/inventory`; decision
 * 022). Read by the rent's renter, owner and accepted second renter; changed and confirmed by the renter and the
 * owner (the second renter 403; anyone else 404; visitors 401). Every call answers both inventories (ZRentInventory):
 * - GET /api/v1/rents/inventory?ruid — both phases, the reader's role, each side's confirmation, the deduction.
 * - POST /api/v1/rents/inventory — multipart: `photo` (JPEG, PNG, WebP or HEIC by content, up to 10 MB, 40 MP),
 *   `ruid`, `room` (the room's id; both may come in the query string instead). Stored re-encoded as WebP; 415/413/400 as the document uploads.
 * - DELETE /api/v1/rents/inventory `{ ruid, img_link }` — one photo (its `img_link` as listed, or its id).
 * - POST /api/v1/rents/inventory/rooms `{ ruid, phase?, name, notes? }`; PUT …/rooms/{id} `{ name?, notes? }`;
 *   DELETE …/rooms/{id} (with its photos).
 * - POST /api/v1/rents/inventory/confirm `{ ruid, phase, deduction_cents?, reason? }` — the caller's side confirms;
 *   at move-out the owner proposes the deposit deduction (centavos MXN) and the tenant accepts it. Both → the phase
 *   is complete and rent.handover_confirmed / rent.moveout_confirmed is enqueued.
 * - GET /api/v1/rents/{ruid}/inventory/photos/{id} — one photo's WebP bytes (`private` cache), to the parties only.
 * Any change clears the phase's confirmations; the step rules (409) are the core verbs'.
 */
export default defineRoute((app) => {
  const deps = () => ({ database: app.services.database, storage: app.services.storage });
  const state = (actor: Parameters<typeof readRentInventory>[1]['actor'], ruid: string) => readRentInventory(app.services.database, { actor, ruid });

  app.get('/api/v1/rents/inventory', {
    schema: { tags: ['rentas'], summary: 'Inventarios de entrega y salida de una renta', querystring: ZInventoryQuery, response: { 200: ZApiEnvelope(ZRentInventory) } },
    preValidation: can('rent_inventory', 'read'),
    handler: async (request) => ({ msg: M.loaded, data: await state(request.actor, request.query.ruid) }),
  });

  app.delete('/api/v1/rents/inventory', {
    schema: { tags: ['rentas'], summary: 'Borrar una foto del inventario', body: ZDeleteInventoryPhotoBody, response: { 200: ZApiEnvelope(ZRentInventory) } },
    preValidation: can('rent_inventory', 'edit'),
    handler: async (request) => {
      await deleteInventoryPhoto(deps(), { actor: request.actor, ruid: request.body.ruid, imgLink: request.body.img_link });
      return { msg: M.photoDeleted, data: await state(request.actor, request.body.ruid) };
    },
  });

  app.post('/api/v1/rents/inventory/rooms', {
    schema: { tags: ['rentas'], summary: 'Agregar una habitación al inventario', body: ZAddInventoryRoomBody, response: { 200: ZApiEnvelope(ZRentInventory) } },
    preValidation: can('rent_inventory', 'edit'),
    handler: async (request) => {
      await addInventoryRoom(app.services.database, { actor: request.actor, ...request.body });
      return { msg: M.roomAdded, data: await state(request.actor, request.body.ruid) };
    },
  });

  app.put('/api/v1/rents/inventory/rooms/:id', {
    schema: { tags: ['rentas'], summary: 'Cambiar el nombre o las notas de una habitación', params: ZInventoryRoomParams, body: ZUpdateInventoryRoomBody, response: { 200: ZApiEnvelope(ZRentInventory) } },
    preValidation: can('rent_inventory', 'edit'),
    handler: async (request) => {
      const ruid = await updateInventoryRoom(app.services.database, { actor: request.actor, id: request.params.id, ...request.body });
      return { msg: M.roomUpdated, data: await state(request.actor, ruid) };
    },
  });

  app.delete('/api/v1/rents/inventory/rooms/:id', {
    schema: { tags: ['rentas'], summary: 'Borrar una habitación del inventario', params: ZInventoryRoomParams, response: { 200: ZApiEnvelope(ZRentInventory) } },
    preValidation: can('rent_inventory', 'edit'),
    handler: async (request) => {
      const ruid = await deleteInventoryRoom(deps(), { actor: request.actor, id: request.params.id });
      return { msg: M.roomDeleted, data: await state(request.actor, ruid) };
    },
  });

  app.post('/api/v1/rents/inventory/confirm', {
    schema: { tags: ['rentas'], summary: 'Confirmar el inventario', body: ZConfirmInventoryBody, response: { 200: ZApiEnvelope(ZRentInventory) } },
    preValidation: can('rent_inventory', 'edit'),
    handler: async (request) => {
      const b = request.body;
      const { completed } = await confirmInventory(app.services.database, { actor: request.actor, ruid: b.ruid, phase: b.phase, deductionCents: b.deduction_cents, reason: b.reason });
      return { msg: completed ? M.bothConfirmed : M.confirmed, data: await state(request.actor, b.ruid) };
    },
  });

  app.get('/api/v1/rents/:ruid/inventory/photos/:id', {
    schema: { tags: ['rentas'], summary: 'Una foto del inventario (solo para las partes de la renta)', params: ZPhotoParams },
    preValidation: can('rent_inventory', 'read'),
    handler: async (request, reply) => {
      const photo = await readInventoryPhoto(deps(), { actor: request.actor, ruid: request.params.ruid, id: request.params.id });
      return reply.header('content-type', photo.contentType).header('cache-control', 'private, max-age=3600')
        .header('x-content-type-options', 'nosniff').send(photo.body);
    },
  });

  void app.register(async (scoped) => {
    await registerDocumentMultipart(scoped);
    const z2 = scoped.withTypeProvider<ZodTypeProvider>();
    z2.post('/api/v1/rents/inventory', {
      bodyLimit: DOCUMENT_BODY_LIMIT,
      schema: { tags: ['rentas'], summary: 'Subir una foto al inventario', consumes: ['multipart/form-data'], response: { 200: ZApiEnvelope(ZRentInventory) } },
      preValidation: can('rent_inventory', 'edit'),
      handler: async (request, reply) => {
        try {
          const upload = await readDocumentUpload(request, reply, 'photo');
          const query = (request.query ?? {}) as Record<string, unknown>;
          const text = (name: string) => (upload.fields[name] ?? (typeof query[name] === 'string' ? query[name] : '')).trim();
          const ruid = text('ruid');
          if (!ruid || ruid.length > 64) throw new AppError('BAD_REQUEST', M.ruidRequired, { ruid: M.ruidRequired });
          const room = text('room');
          if (!room || room.length > 64) throw new AppError('BAD_REQUEST', M.roomRequired, { room: M.roomRequired });
          await addInventoryPhoto(deps(), { actor: request.actor, ruid, roomId: room, file: upload.file });
          return { msg: M.photoAdded, data: await state(request.actor, ruid) };
        } finally {
          uploadHandlerDone(request);
        }
      },
    });
  });
});
