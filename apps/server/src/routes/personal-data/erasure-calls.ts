import { DATA_ERASURE_MESSAGES, ZApiEnvelope, ZDataErasure } from '@nj/contracts';
import { getPersonalDataErasure, requestPersonalDataErasure } from '@nj/core';
import { defineRoute } from '../define-route.ts';
import { can } from '../../plugins/actor.ts';

/**
 * The erasure of the signed-in client's personal data of the rental process (issue 12 'Rules': LFPDPPP, deleted on
 * request after the legal retention; decision 019; paths of ours, the spec has none):
 * - GET /api/v1/client/personal-data/erasure — their request: when asked, last run, when done, rents retained.
 * - POST /api/v1/client/personal-data/erasure — asks for it (again): recorded and queued at once; 'Recibimos tu
 *   solicitud…' and the request as recorded.
 * Only about the caller (401 for visitors and anonymous clients).
 */
export default defineRoute((app) => {
  app.get('/api/v1/client/personal-data/erasure', {
    schema: { tags: ['cuenta'], summary: 'Mi solicitud de eliminación de datos personales', response: { 200: ZApiEnvelope(ZDataErasure) } },
    preValidation: can('personal_data', 'manage_own'),
    handler: async (request) => ({ msg: DATA_ERASURE_MESSAGES.ok, data: await getPersonalDataErasure(app.services.database, { actor: request.actor }) }),
  });

  app.post('/api/v1/client/personal-data/erasure', {
    schema: { tags: ['cuenta'], summary: 'Solicitar la eliminación de mis datos personales', response: { 200: ZApiEnvelope(ZDataErasure) } },
    preValidation: can('personal_data', 'manage_own'),
    handler: async (request) => ({ msg: DATA_ERASURE_MESSAGES.requested, data: await requestPersonalDataErasure(app.services.database, { actor: request.actor }) }),
  });
});
