import { z } from 'zod';
import {
  IMPORT_PAGE_MESSAGES as M, ZApiEnvelope, ZListingImport, ZListingImportDryRun, ZListingImportMappingBody, ZListingImportUndo,
  ZListingImportWithPlan,
} from '@nj/contracts';
import { dryRunListingImport } from '@nj/core/listing-imports/dry-run-listing-import';
import { getListingImport } from '@nj/core/listing-imports/get-listing-import';
import { listListingImports } from '@nj/core/listing-imports/list-listing-imports';
import { startListingImport } from '@nj/core/listing-imports/start-listing-import';
import { undoListingImport } from '@nj/core/listing-imports/undo-listing-import';
import { updateListingImportMapping } from '@nj/core/listing-imports/update-listing-import-mapping';
import { defineRoute } from '../define-route.ts';
import { can } from '../../plugins/actor.ts';

const ZImportParams = z.object({ id: z.string().max(64) });
const tags = ['importaciones'];

/**
 * The import page's calls besides the upload (issue 10 "An import page for agents and owners"), each a thin call of
 * one core verb; only the import's owner reaches one (someone else's → 404 'No encontramos esta importación'),
 * visitors and anonymous clients get 401:
 * - PUT /api/v1/listing-imports/{id}/mapping `{ columns: [{ header, target|null }] }` → the import and its new plan;
 * - POST /api/v1/listing-imports/{id}/dry-run → counts by outcome and the grouped report, nothing written;
 * - POST /api/v1/listing-imports/{id}/run → starts the background job (status 'running');
 * - GET /api/v1/listing-imports/{id} → progress, counts, report;
 * - GET /api/v1/listing-imports → the client's imports, newest first;
 * - POST /api/v1/listing-imports/{id}/undo → deactivates the import's listings.
 */
export default defineRoute((app) => {
  app.put('/api/v1/listing-imports/:id/mapping', {
    schema: { tags, summary: 'Elegir qué dato contiene cada columna', params: ZImportParams, body: ZListingImportMappingBody, response: { 200: ZApiEnvelope(ZListingImportWithPlan) } },
    preValidation: can('listing_import', 'update'),
    handler: async (request) => ({
      msg: M.mappingSaved,
      data: await updateListingImportMapping(app.services, { actor: request.actor, id: request.params.id, columns: request.body.columns }),
    }),
  });
  app.post('/api/v1/listing-imports/:id/dry-run', {
    schema: { tags, summary: 'Probar la importación sin guardar nada', params: ZImportParams, response: { 200: ZApiEnvelope(ZListingImportDryRun) } },
    preValidation: can('listing_import', 'update'),
    handler: async (request) => ({ msg: M.dryRunDone, data: await dryRunListingImport(app.services, { actor: request.actor, id: request.params.id }) }),
  });
  app.post('/api/v1/listing-imports/:id/run', {
    schema: { tags, summary: 'Importar (en segundo plano)', params: ZImportParams, response: { 200: ZApiEnvelope(ZListingImport) } },
    preValidation: can('listing_import', 'update'),
    handler: async (request) => ({ msg: M.started, data: await startListingImport(app.services, { actor: request.actor, id: request.params.id }) }),
  });
  app.get('/api/v1/listing-imports/:id', {
    schema: { tags, summary: 'Progreso y resultado de una importación', params: ZImportParams, response: { 200: ZApiEnvelope(ZListingImport) } },
    preValidation: can('listing_import', 'read'),
    handler: async (request) => ({ msg: M.found, data: await getListingImport(app.services, { actor: request.actor, id: request.params.id }) }),
  });
  app.get('/api/v1/listing-imports', {
    schema: { tags, summary: 'Mis importaciones', response: { 200: ZApiEnvelope(z.array(ZListingImport)) } },
    preValidation: can('listing_import', 'list_own'),
    handler: async (request) => ({ msg: M.listed, data: await listListingImports(app.services, { actor: request.actor }) }),
  });
  app.post('/api/v1/listing-imports/:id/undo', {
    schema: { tags, summary: 'Deshacer una importación (desactiva sus propiedades)', params: ZImportParams, response: { 200: ZApiEnvelope(ZListingImportUndo) } },
    preValidation: can('listing_import', 'undo'),
    handler: async (request) => {
      const data = await undoListingImport(app.services, { actor: request.actor, id: request.params.id });
      return { msg: M.undone(data.deactivated), data };
    },
  });
});
