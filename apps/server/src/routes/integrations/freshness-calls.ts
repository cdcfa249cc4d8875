import { INTEGRATION_MESSAGES as M, ZApiEnvelope, ZReconfirmParams, ZReconfirmResult } from '@nj/contracts';
import { reconfirmListing } from '@nj/core/freshness/reconfirm-listing';
import { defineRoute } from '../define-route.ts';
import { can } from '../../plugins/actor.ts';

/**
 * Listing freshness (issue 16; decision 033):
 * - POST /api/v1/property/{puid}/reconfirm → `{ puid, is_active, reconfirmed_at }`: the owner's one click 'Sigue
 *   disponible' (from /mis-propiedades, where the reminder e-mails link). 401 visitors and anonymous clients; 404 in
 *   Spanish for a listing that is not the caller's.
 */
export default defineRoute((app) => {
  app.post('/api/v1/property/:puid/reconfirm', {
    schema: { tags: ['propiedades'], summary: 'Confirmar que mi propiedad sigue disponible', params: ZReconfirmParams, response: { 200: ZApiEnvelope(ZReconfirmResult) } },
    preValidation: can('listing', 'list_own'),
    handler: async (request) => ({ msg: M.reconfirmed, data: await reconfirmListing(app.services.database, { actor: request.actor, puid: request.params.puid }) }),
  });
});
