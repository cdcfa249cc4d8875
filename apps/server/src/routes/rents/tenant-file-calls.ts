import { TENANT_FILE_MESSAGES, RENTS_API_MESSAGES, ZApiEnvelope, ZRuidParams, ZTenantFile } from '@nj/contracts';
import { applyTenantFile, getTenantFile } from '@nj/core';
import { defineRoute } from '../define-route.ts';
import { can } from '../../plugins/actor.ts';

/**
 * The reusable tenant file (issue 12 'A reusable tenant file'; paths of ours: the spec has no such call), for the
 * rent's renter only:
 * - GET /api/v1/rents/{ruid}/tenant-file — what of their file verified in the last 30 days this rent can reuse
 *   (ZTenantFile), shown before it is used; 403 for the owner, 404 for others.
 * - POST /api/v1/rents/{ruid}/tenant-file — copies it into the rent (person data, proofs, income, investigation
 *   decided again for this rent): 'Listo: tu expediente se agregó a esta propuesta' and ZTenantFile with `applied`;
 *   409 outside client_offer_in_process or with nothing to reuse.
 */
export default defineRoute((app) => {
  app.get('/api/v1/rents/:ruid/tenant-file', {
    schema: { tags: ['rentas'], summary: 'Expediente reutilizable del inquilino', params: ZRuidParams, response: { 200: ZApiEnvelope(ZTenantFile) } },
    preValidation: can('rent', 'read'),
    handler: async (request) => ({
      msg: RENTS_API_MESSAGES.ok,
      data: await getTenantFile(app.services.database, { actor: request.actor, ruid: request.params.ruid }),
    }),
  });

  app.post('/api/v1/rents/:ruid/tenant-file', {
    schema: { tags: ['rentas'], summary: 'Reutilizar el expediente del inquilino', params: ZRuidParams, response: { 200: ZApiEnvelope(ZTenantFile) } },
    preValidation: can('rent', 'act'),
    handler: async (request) => {
      const { database, storage, config } = app.services;
      return {
        msg: TENANT_FILE_MESSAGES.applied,
        data: await applyTenantFile({ database, storage, config }, { actor: request.actor, ruid: request.params.ruid }),
      };
    },
  });
});
