import { z } from 'zod';
import {
  LISTING_MESSAGES as M, ZApiEnvelope, ZDraft, ZDraftBody, ZListingImages, ZOrderImagesBody, ZPropertyDetail,
  ZSetActiveBody, ZUpdateListingBody,
} from '@nj/contracts';
import { deleteDraftPhoto, deleteListingPhoto, getListingDraft, getListingImages, invalidateListingRents, orderListingPhotos, saveListingDraft, setListingActive, updateListing } from '@nj/core';
import { defineRoute } from '../define-route.ts';
import { listingDeps } from './listing-deps.ts';
import { can } from '../../plugins/actor.ts';

const Id = z.object({ id: z.string().max(100) });

/**
 * The JSON listing calls (issue 4; spec 03 §7), all for signed-in clients (401) and only on their own listings
 * (403 'Solo el propietario…', demo listings 403 'Esta propiedad de demostración…'):
 * - PUT /api/v1/property/{id} `{ data }` — edit (same schema as publishing) → ZPropertyDetail.
 * - DELETE /api/v1/property/{id}/photo/{name} → ZListingImages.
 * - GET /api/v1/property/{id}/images — every photo by order, those still processing marked (the edit form's poll) → ZListingImages.
 * - PUT /api/v1/property/{puid}/images `{ images: [name…] }` — order, first = cover → ZListingImages.
 * - PUT /api/v1/property/{puid}/is_active `{ is_active }` → `{ uid, is_active }`; deactivating ends the listing's
 *   conversations before an accepted offer (property_invalid, invalidateListingRents).
 * - POST /api/v1/property/draft `{ data, step }` create; PUT /api/v1/property/draft/{id} `{ data, step }` save;
 *   GET /api/v1/property/draft?id= read by id or the latest (data null when none) → ZDraft.
 * - DELETE /api/v1/property/draft/{id}/photo/{name} — remove a draft photo → ZListingImages (404 for another's draft).
 */
export default defineRoute((app) => {
  app.put('/api/v1/property/:id', {
    schema: { tags: ['propiedades'], summary: 'Editar mi propiedad', params: Id, body: ZUpdateListingBody, response: { 200: ZApiEnvelope(ZPropertyDetail) } },
    preValidation: can('listing', 'update'),
    handler: async (request) => {
      const data = await updateListing(listingDeps(app), { actor: request.actor, puid: request.params.id, data: request.body.data });
      return { msg: M.updated, data };
    },
  });
  app.delete('/api/v1/property/:id/photo/:name', {
    schema: { tags: ['propiedades'], summary: 'Eliminar una foto de mi propiedad', params: Id.extend({ name: z.string().max(64) }), response: { 200: ZApiEnvelope(ZListingImages) } },
    preValidation: can('listing', 'update'),
    handler: async (request) => {
      const data = await deleteListingPhoto(listingDeps(app), { actor: request.actor, puid: request.params.id, name: request.params.name });
      return { msg: M.photoDeleted, data };
    },
  });
  app.get('/api/v1/property/:id/images', {
    schema: { tags: ['propiedades'], summary: 'Fotos de mi propiedad, también las que se están procesando', params: Id, response: { 200: ZApiEnvelope(ZListingImages) } },
    preValidation: can('listing', 'update'),
    handler: async (request) => {
      const data = await getListingImages(listingDeps(app), { actor: request.actor, puid: request.params.id });
      return { msg: 'OK', data };
    },
  });
  app.put('/api/v1/property/:id/images', {
    schema: { tags: ['propiedades'], summary: 'Ordenar las fotos de mi propiedad (la primera es la portada)', params: Id, body: ZOrderImagesBody, response: { 200: ZApiEnvelope(ZListingImages) } },
    preValidation: can('listing', 'update'),
    handler: async (request) => {
      const data = await orderListingPhotos(listingDeps(app), { actor: request.actor, puid: request.params.id, names: request.body.images });
      return { msg: M.photosOrdered, data };
    },
  });
  app.put('/api/v1/property/:id/is_active', {
    schema: { tags: ['propiedades'], summary: 'Activar o desactivar mi propiedad', params: Id, body: ZSetActiveBody, response: { 200: ZApiEnvelope(z.object({ uid: z.string(), is_active: z.boolean() })) } },
    preValidation: can('listing', 'update'),
    handler: async (request) => {
      const data = await setListingActive(listingDeps(app), { actor: request.actor, puid: request.params.id, isActive: request.body.is_active });
      // A withdrawn listing ends its conversations that have not reached an accepted offer (spec 03 §4 property_invalid).
      if (!data.is_active) await invalidateListingRents({ database: app.services.database, events: app.services.chatEvents }, data.uid);
      return { msg: data.is_active ? M.activated : M.deactivated, data };
    },
  });
  app.post('/api/v1/property/draft', {
    schema: { tags: ['propiedades'], summary: 'Crear un borrador de publicación', body: ZDraftBody, response: { 200: ZApiEnvelope(ZDraft) } },
    preValidation: can('draft', 'create'),
    handler: async (request) => {
      return { msg: M.draftSaved, data: await saveListingDraft(listingDeps(app), { actor: request.actor, data: request.body.data, step: request.body.step }) };
    },
  });
  app.put('/api/v1/property/draft/:id', {
    schema: { tags: ['propiedades'], summary: 'Guardar un borrador de publicación', params: Id, body: ZDraftBody, response: { 200: ZApiEnvelope(ZDraft) } },
    preValidation: can('draft', 'update'),
    handler: async (request) => {
      return { msg: M.draftSaved, data: await saveListingDraft(listingDeps(app), { actor: request.actor, id: request.params.id, data: request.body.data, step: request.body.step }) };
    },
  });
  app.delete('/api/v1/property/draft/:id/photo/:name', {
    schema: { tags: ['propiedades'], summary: 'Eliminar una foto de un borrador', params: Id.extend({ name: z.string().max(64) }), response: { 200: ZApiEnvelope(ZListingImages) } },
    preValidation: can('draft', 'update'),
    handler: async (request) => {
      const data = await deleteDraftPhoto(listingDeps(app), { actor: request.actor, id: request.params.id, name: request.params.name });
      return { msg: M.photoDeleted, data };
    },
  });
  app.get('/api/v1/property/draft', {
    schema: { tags: ['propiedades'], summary: 'Leer un borrador (por id, o el más reciente)', querystring: z.object({ id: z.string().max(100).optional() }), response: { 200: ZApiEnvelope(ZDraft.nullable()) } },
    preValidation: can('draft', 'read'),
    handler: async (request) => {
      return { msg: 'OK', data: await getListingDraft(listingDeps(app), { actor: request.actor, id: request.query.id }) };
    },
  });
});
