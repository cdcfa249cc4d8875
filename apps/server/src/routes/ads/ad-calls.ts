import multipart from '@fastify/multipart';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ADS_MESSAGES as M, PROFILE_PHOTO, ZAdClick, ZAdsMapQuery, ZAdUidParams, ZApiEnvelope, ZCreateAdBody, ZMapAds,
  ZStaffAd, ZStaffAds, ZUpdateAdBody,
} from '@nj/contracts';
import { clickAd } from '@nj/core/ads/click-ad';
import { createAd } from '@nj/core/ads/create-ad';
import { listAds } from '@nj/core/ads/list-ads';
import { searchMapAds } from '@nj/core/ads/search-map-ads';
import { updateAd } from '@nj/core/ads/update-ad';
import { uploadAdImage } from '@nj/core/ads/upload-ad-image';
import { defineRoute } from '../define-route.ts';
import { can } from '../../plugins/actor.ts';
import { limitNonMultipartBody, uploadHandlerDone } from '../media/upload-memory.ts';
import { readImageUpload } from '../media/read-image-upload.ts';

/**
 * Map ads (issue 16 'Map ads'; spec 01 §3 Ad, §7, §9; decision 034). Every answer is `{ msg, data }`. The two
 * calls open to anyone resolve the actor themselves (can() resolves nothing for 'anyone'), so their rate limit counts
 * the session's client.
 * - GET /api/v1/ads/map_search?cuid&lat&lng&zoom&d → ZMapAds (anyone; zoom default 15, d km around the spot;
 *   rate-limited per client: 429 in Spanish).
 * - POST /api/v1/ads/{ad_uid}/click → `{ ad_uid, clicks }` (anyone; 404 'Ese anuncio del mapa no existe'; rate-limited).
 * - GET /api/v1/ads → ZStaffAds; POST /api/v1/ads (ZCreateAdBody) → ZStaffAd; PUT /api/v1/ads/{ad_uid}
 *   (ZUpdateAdBody) → ZStaffAd; POST /api/v1/ads/{ad_uid}/image (multipart `image`, checked by content) →
 *   ZStaffAd: support users only (adPolicy 'manage': visitors 401, other clients 403).
 * Impressions arrive with the views push (POST /api/v1/properties/views, `ad_…` items).
 */
export default defineRoute((app) => {
  const deps = () => ({ database: app.services.database, limiter: app.services.limiter });

  app.get('/api/v1/ads/map_search', {
    schema: { tags: ['anuncios'], summary: 'Anuncios para un punto del mapa', querystring: ZAdsMapQuery, response: { 200: ZApiEnvelope(ZMapAds) } },
    preValidation: can('ad', 'search'),
    handler: async (request) => ({ msg: M.adsForMap, data: await searchMapAds(deps(), { actor: await request.getActor(), ip: request.clientKey, query: request.query }) }),
  });

  app.post('/api/v1/ads/:ad_uid/click', {
    schema: { tags: ['anuncios'], summary: 'Contar un clic en un anuncio', params: ZAdUidParams, response: { 200: ZApiEnvelope(ZAdClick) } },
    preValidation: can('ad', 'click'),
    handler: async (request) => ({ msg: M.clickCounted, data: await clickAd(deps(), { actor: await request.getActor(), ip: request.clientKey, adUid: request.params.ad_uid }) }),
  });

  app.get('/api/v1/ads', {
    schema: { tags: ['anuncios'], summary: 'Anuncios del mapa con sus impresiones y clics (soporte)', response: { 200: ZApiEnvelope(ZStaffAds) } },
    preValidation: can('ad', 'manage'),
    handler: async (request) => ({ msg: M.adsListed, data: await listAds(deps(), { actor: request.actor, ip: request.clientKey }) }),
  });

  app.post('/api/v1/ads', {
    schema: { tags: ['anuncios'], summary: 'Crear un anuncio del mapa (soporte)', body: ZCreateAdBody, response: { 200: ZApiEnvelope(ZStaffAd) } },
    preValidation: can('ad', 'manage'),
    handler: async (request) => ({ msg: M.adCreated, data: await createAd(deps(), { actor: request.actor, ip: request.clientKey, body: request.body }) }),
  });

  app.put('/api/v1/ads/:ad_uid', {
    schema: { tags: ['anuncios'], summary: 'Pausar o cambiar un anuncio (soporte)', params: ZAdUidParams, body: ZUpdateAdBody, response: { 200: ZApiEnvelope(ZStaffAd) } },
    preValidation: can('ad', 'manage'),
    handler: async (request) => ({ msg: M.adUpdated, data: await updateAd(deps(), { actor: request.actor, ip: request.clientKey, adUid: request.params.ad_uid, body: request.body }) }),
  });

  void app.register(async (scoped) => {
    await scoped.register(multipart, { limits: { fileSize: PROFILE_PHOTO.maxBytes, files: 1 } });
    scoped.addHook('preParsing', limitNonMultipartBody(1024 * 1024));
    scoped.withTypeProvider<ZodTypeProvider>().post('/api/v1/ads/:ad_uid/image', {
      bodyLimit: PROFILE_PHOTO.maxBytes + 1024 * 1024,
      schema: { tags: ['anuncios'], summary: 'Subir la imagen de un anuncio (soporte)', params: ZAdUidParams, consumes: ['multipart/form-data'], response: { 200: ZApiEnvelope(ZStaffAd) } },
      preValidation: can('ad', 'manage'),
      handler: async (request, reply) => {
        try {
          const file = await readImageUpload(request, reply, 'image', M.imageMissing);
          const data = await uploadAdImage({ ...deps(), storage: app.services.storage }, { actor: request.actor, ip: request.clientKey, adUid: request.params.ad_uid, file });
          return { msg: M.imageUpdated, data };
        } finally {
          uploadHandlerDone(request);
        }
      },
    });
  });
});
