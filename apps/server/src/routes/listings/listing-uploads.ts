import multipart from '@fastify/multipart';
import { z } from 'zod';
import { LISTING_MESSAGES as M, LISTING_PHOTO, ZApiEnvelope, ZCreateListingBody, ZListingImages, ZPropertyDetail, type TListingImages } from '@nj/contracts';
import { addDraftPhotos, addListingPhotos, AppError, createListing, type Actor } from '@nj/core';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { defineRoute } from '../define-route.ts';
import { listingDeps } from './listing-deps.ts';
import { LISTING_UPLOAD_BODY_LIMIT, readListingUpload } from './read-listing-upload.ts';
import { limitNonMultipartBody, uploadHandlerDone } from '../media/upload-memory.ts';
import { can, type PolicyPreHandler } from '../../plugins/actor.ts';

/**
 * The two listing calls that take files, in one scope with multipart parsing:
 * - POST /api/v1/property — publish (spec 03 §7): multipart with a `data` field (the listing as JSON text,
 *   ZListingInput), optional `draft_id`, and image files (field `images`, in order, first = cover); or JSON
 *   `{ data, draft_id? }` without images. Answers 'Propiedad publicada con éxito' and the ZPropertyDetail.
 * - POST /api/v1/property/{id}/photo — add one or several photos (multipart files). Answers ZListingImages.
 * - POST /api/v1/property/draft/{id}/photo — the same for a draft of the form (kept until publishing, which moves
 *   them to the listing); another client's draft is 404. Answers ZListingImages with uid = the draft id.
 * Signed-in clients only (401); photos only by the owner (403). Bad data → 400 with data.fields, nothing stored.
 * Uploads are held within the process-wide memory budget (413/429 'Estamos procesando muchas fotos…') and images
 * over 40 megapixels are refused from their header (400), issue 7 §1.
 */
export default defineRoute((app) => {
  void app.register(async (scoped) => {
    await scoped.register(multipart, { limits: { fileSize: LISTING_PHOTO.maxBytes, files: LISTING_PHOTO.maxPhotos + 1 } });
    // The large bodyLimit is for multipart files; a JSON body stays within the app's usual 1 MB.
    scoped.addHook('preParsing', limitNonMultipartBody(1024 * 1024));
    const r = scoped.withTypeProvider<ZodTypeProvider>();
    r.post('/api/v1/property', {
      bodyLimit: LISTING_UPLOAD_BODY_LIMIT,
      schema: {
        tags: ['propiedades'],
        summary: 'Publicar una propiedad (multipart: data + imágenes, o JSON { data, draft_id })',
        consumes: ['multipart/form-data', 'application/json'],
        response: { 200: ZApiEnvelope(ZPropertyDetail) },
      },
      preValidation: can('listing', 'create'),
      handler: async (request, reply) => {
        try {
          let input: { data: unknown; draftId: string | undefined; files: Buffer[] };
          if (request.isMultipart()) {
            input = await readListingUpload(request, reply);
          } else {
            const body = ZCreateListingBody.safeParse(request.body);
            if (!body.success) throw new AppError('BAD_REQUEST', M.badData, { data: M.badData });
            input = { data: body.data.data, draftId: body.data.draft_id, files: [] };
          }
          const detail = await createListing(listingDeps(app), { actor: request.actor, data: input.data, files: input.files, draftId: input.draftId });
          return { msg: M.created, data: detail };
        } finally {
          uploadHandlerDone(request);
        }
      },
    });
    /** The two photo routes differ only in path, summary, policy and which core verb stores the files. */
    const photoRoute = (url: string, summary: string, policy: PolicyPreHandler, add: (actor: Actor, id: string, files: Buffer[]) => Promise<TListingImages>) => {
      r.post(url, {
        bodyLimit: LISTING_UPLOAD_BODY_LIMIT,
        schema: {
          tags: ['propiedades'],
          summary,
          consumes: ['multipart/form-data'],
          params: z.object({ id: z.string().max(100) }),
          response: { 200: ZApiEnvelope(ZListingImages) },
        },
        preValidation: policy,
        handler: async (request, reply) => {
          try {
              if (!request.isMultipart()) throw new AppError('BAD_REQUEST', M.photoMissing, { images: M.photoMissing });
            const { files } = await readListingUpload(request, reply);
            return { msg: M.photosAdded, data: await add(request.actor, request.params.id, files) };
          } finally {
            uploadHandlerDone(request);
          }
        },
      });
    };
    photoRoute('/api/v1/property/:id/photo', 'Agregar fotos a mi propiedad', can('listing', 'update'),
      (actor, puid, files) => addListingPhotos(listingDeps(app), { actor, puid, files }));
    photoRoute('/api/v1/property/draft/:id/photo', 'Agregar fotos a un borrador de publicación', can('draft', 'update'),
      (actor, id, files) => addDraftPhotos(listingDeps(app), { actor, id, files }));
  });
});
