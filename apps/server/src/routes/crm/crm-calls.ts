import {
  CRM_MESSAGES as M, ZApiEnvelope, ZCrmAssignBody, ZCrmClient, ZCrmClientBody, ZCrmClientDetail, ZCrmClientPatch,
  ZCrmClientsPage, ZCrmClientsQuery, ZCrmDocParams, ZCrmDocsSpace, ZCrmDocument, ZCrmDocuments, ZCrmImportBody, ZCrmImportResult, ZCrmNoteBody, ZCrmPartnerBody, ZCrmPropBody,
  ZCrmPropParams, ZCrmProps, ZCrmUidParams, ZLeadConvertBody, ZLeadInteractionsPage, ZLeadInteractionsQuery,
} from '@nj/contracts';
import { addCrmNote } from '@nj/core/crm/add-crm-note';
import { assignCrmClient } from '@nj/core/crm/assign-crm-client';
import { createCrmClient } from '@nj/core/crm/create-crm-client';
import { deleteCrmClient } from '@nj/core/crm/delete-crm-client';
import { deleteCrmDocument } from '@nj/core/crm/delete-crm-document';
import { downloadCrmDocument } from '@nj/core/crm/download-crm-document';
import { listCrmDocuments } from '@nj/core/crm/list-crm-documents';
import { uploadCrmDocument } from '@nj/core/crm/upload-crm-document';
import { linkCrmClientProperty, listCrmClientProps, unlinkCrmClientProperty } from '@nj/core/crm/crm-client-props';
import { getCrmClient } from '@nj/core/crm/get-crm-client';
import { getCrmDocsSpace } from '@nj/core/crm/get-crm-docs-space';
import { importCrmClients } from '@nj/core/crm/import-crm-clients';
import { listCrmClients } from '@nj/core/crm/list-crm-clients';
import { setCrmPartner } from '@nj/core/crm/set-crm-partner';
import { updateCrmClient } from '@nj/core/crm/update-crm-client';
import { convertLeadToCrmClient } from '@nj/core/leads/convert-lead-to-crm-client';
import { listLeadInteractions } from '@nj/core/leads/list-lead-interactions';
import { z } from 'zod';
import { defineRoute } from '../define-route.ts';
import { DOCUMENT_BODY_LIMIT, readDocumentUpload, registerDocumentMultipart } from '../documents/read-document-upload.ts';
import { uploadHandlerDone } from '../media/upload-memory.ts';
import { sendPrivateFile } from '../media/send-private-file.ts';
import { can } from '../../plugins/actor.ts';

/**
 * The CRM and the lead history (issue 16 'CRM', 'Leads'; spec 03 §3 CRM client, §7 CRM, Leads; decision 032). Every
 * answer is `{ msg, data }`; refusals are crmPolicy's: 401 visitors and anonymous clients, 403 'El CRM es para
 * asesores…' for clients who are no agency administrator, approved agent or independent agent, 404 'No encontramos
 * ese cliente en tu CRM' for another CRM's client (never revealed), 403 'Solo el administrador…' for an agent
 * assigning; bad input a Spanish 400 that changes nothing.
 * - POST /api/v1/crm/clients ZCrmClientBody → ZCrmClient; GET /api/v1/crm/clients?page&s&cstatus&ctype&cassigned_to&compliant → ZCrmClientsPage.
 * - GET /api/v1/crm/clients/{uid} → ZCrmClientDetail (client, listings, timeline); PUT …/{uid} ZCrmClientPatch → ZCrmClient.
 * - PUT /api/v1/crm/clients/{uid}/assigned_to `{ assigned_to }` → ZCrmClient.
 * - DELETE /api/v1/crm/clients/{uid} → `null`: the client with its notes, links and documents (decision 032
 *   'Deleting a client'; an agent only the clients they created: 403 'Solo el administrador de la agencia o el asesor…').
 * - GET/POST /api/v1/crm/clients/{uid}/props (`{ puid }`) → `{ props }`; DELETE …/props/{puid} → `{ props }`.
 * - POST /api/v1/crm/clients/{uid}/partner `{ partner_uid | null }` → ZCrmClient.
 * - POST /api/v1/crm/clients/{uid}/notes `{ body }` → ZCrmClientDetail.
 * - POST /api/v1/crm/clients/import `{ csv }` → `{ imported, errors: [{ line, msg }] }`.
 * - GET /api/v1/crm/docs/space → `{ used_bytes, quota_bytes, files, auid }`.
 * - Documents of a client (decision 032 'Documents of a CRM client'): GET /api/v1/crm/clients/{uid}/docs → `{ docs,
 *   space }`; POST …/{uid}/docs multipart field `file` (PDF, JPEG, PNG, WebP, HEIC judged by content, ≤ 10 MB: 415
 *   another type, 413 too large or the space full) → ZCrmDocument; GET …/{uid}/docs/{duid} → the file (attachment,
 *   its stored type); DELETE …/{uid}/docs/{duid} → `{ docs, space }`. 404 'No encontramos ese documento del cliente'.
 * - GET /api/v1/leads/interactions?page&agency&puid → ZLeadInteractionsPage; POST /api/v1/leads/interactions/convert
 *   `{ ref }` → ZCrmClient (idempotent).
 */
export default defineRoute((app) => {
  const db = () => app.services.database;
  const tags = ['crm'];

  app.post('/api/v1/crm/clients', {
    schema: { tags, summary: 'Agregar un cliente al CRM', body: ZCrmClientBody, response: { 200: ZApiEnvelope(ZCrmClient) } },
    preValidation: can('crm', 'use'),
    handler: async (request) => ({ msg: M.created, data: await createCrmClient(db(), { actor: request.actor, fields: request.body }) }),
  });

  app.get('/api/v1/crm/clients', {
    schema: { tags, summary: 'Los clientes de mi CRM', querystring: ZCrmClientsQuery, response: { 200: ZApiEnvelope(ZCrmClientsPage) } },
    preValidation: can('crm', 'use'),
    handler: async (request) => ({ msg: M.loaded, data: await listCrmClients(db(), { actor: request.actor, ...request.query }) }),
  });

  app.post('/api/v1/crm/clients/import', {
    schema: { tags, summary: 'Importar clientes desde CSV', body: ZCrmImportBody, response: { 200: ZApiEnvelope(ZCrmImportResult) } },
    preValidation: can('crm', 'use'),
    handler: async (request) => {
      const data = await importCrmClients(db(), { actor: request.actor, csv: request.body.csv });
      return { msg: M.imported(data.imported, data.errors.length), data };
    },
  });

  app.get('/api/v1/crm/clients/:uid', {
    schema: { tags, summary: 'Un cliente de mi CRM y su historial', params: ZCrmUidParams, response: { 200: ZApiEnvelope(ZCrmClientDetail) } },
    preValidation: can('crm', 'read'),
    handler: async (request) => ({ msg: M.loaded, data: await getCrmClient(db(), { actor: request.actor, uid: request.params.uid }) }),
  });

  app.put('/api/v1/crm/clients/:uid', {
    schema: { tags, summary: 'Cambiar un cliente de mi CRM', params: ZCrmUidParams, body: ZCrmClientPatch, response: { 200: ZApiEnvelope(ZCrmClient) } },
    preValidation: can('crm', 'update'),
    handler: async (request) => ({ msg: M.updated, data: await updateCrmClient(db(), { actor: request.actor, uid: request.params.uid, patch: request.body }) }),
  });

  app.put('/api/v1/crm/clients/:uid/assigned_to', {
    schema: { tags, summary: 'Asignar un cliente a un asesor de la agencia', params: ZCrmUidParams, body: ZCrmAssignBody, response: { 200: ZApiEnvelope(ZCrmClient) } },
    preValidation: can('crm', 'assign'),
    handler: async (request) => {
      const data = await assignCrmClient(db(), { actor: request.actor, uid: request.params.uid, assignedTo: request.body.assigned_to });
      return { msg: data.assigned_to ? M.assigned : M.unassigned, data };
    },
  });

  app.get('/api/v1/crm/clients/:uid/props', {
    schema: { tags, summary: 'Propiedades vinculadas a un cliente', params: ZCrmUidParams, response: { 200: ZApiEnvelope(ZCrmProps) } },
    preValidation: can('crm', 'read'),
    handler: async (request) => ({ msg: M.loaded, data: await listCrmClientProps(db(), { actor: request.actor, uid: request.params.uid }) }),
  });

  app.post('/api/v1/crm/clients/:uid/props', {
    schema: { tags, summary: 'Vincular una propiedad a un cliente', params: ZCrmUidParams, body: ZCrmPropBody, response: { 200: ZApiEnvelope(ZCrmProps) } },
    preValidation: can('crm', 'update'),
    handler: async (request) => ({ msg: M.propLinked, data: await linkCrmClientProperty(db(), { actor: request.actor, uid: request.params.uid, puid: request.body.puid }) }),
  });

  app.delete('/api/v1/crm/clients/:uid/props/:puid', {
    schema: { tags, summary: 'Desvincular una propiedad de un cliente', params: ZCrmPropParams, response: { 200: ZApiEnvelope(ZCrmProps) } },
    preValidation: can('crm', 'update'),
    handler: async (request) => ({ msg: M.propUnlinked, data: await unlinkCrmClientProperty(db(), { actor: request.actor, uid: request.params.uid, puid: request.params.puid }) }),
  });

  app.post('/api/v1/crm/clients/:uid/partner', {
    schema: { tags, summary: 'Vincular la pareja o socio de un cliente', params: ZCrmUidParams, body: ZCrmPartnerBody, response: { 200: ZApiEnvelope(ZCrmClient) } },
    preValidation: can('crm', 'update'),
    handler: async (request) => {
      const data = await setCrmPartner(db(), { actor: request.actor, uid: request.params.uid, partnerUid: request.body.partner_uid });
      return { msg: data.partner ? M.partnerSet : M.partnerCleared, data };
    },
  });

  app.post('/api/v1/crm/clients/:uid/notes', {
    schema: { tags, summary: 'Agregar una nota al historial de un cliente', params: ZCrmUidParams, body: ZCrmNoteBody, response: { 200: ZApiEnvelope(ZCrmClientDetail) } },
    preValidation: can('crm', 'update'),
    handler: async (request) => ({ msg: M.noteAdded, data: await addCrmNote(db(), { actor: request.actor, uid: request.params.uid, body: request.body.body }) }),
  });

  app.get('/api/v1/crm/docs/space', {
    schema: { tags, summary: 'Espacio de documentos del CRM', response: { 200: ZApiEnvelope(ZCrmDocsSpace) } },
    preValidation: can('crm', 'use'),
    handler: async (request) => ({ msg: M.docsSpace, data: await getCrmDocsSpace(db(), { actor: request.actor }) }),
  });

  const files = () => ({ database: app.services.database, storage: app.services.storage, dataKey: app.services.config.dataKey });

  app.delete('/api/v1/crm/clients/:uid', {
    schema: { tags, summary: 'Eliminar un cliente del CRM', params: ZCrmUidParams, response: { 200: ZApiEnvelope(z.null()) } },
    preValidation: can('crm', 'delete'),
    handler: async (request) => {
      await deleteCrmClient(files(), { actor: request.actor, uid: request.params.uid });
      return { msg: M.clientDeleted, data: null };
    },
  });

  app.get('/api/v1/crm/clients/:uid/docs', {
    schema: { tags, summary: 'Documentos de un cliente del CRM', params: ZCrmUidParams, response: { 200: ZApiEnvelope(ZCrmDocuments) } },
    preValidation: can('crm', 'read'),
    handler: async (request) => ({ msg: M.docsLoaded, data: await listCrmDocuments(db(), { actor: request.actor, uid: request.params.uid }) }),
  });

  app.get('/api/v1/crm/clients/:uid/docs/:duid', {
    schema: { tags, summary: 'Descargar un documento de un cliente del CRM', params: ZCrmDocParams, produces: ['application/pdf', 'image/jpeg', 'image/png', 'image/webp', 'image/heic'] },
    preValidation: can('crm', 'read'),
    handler: async (request, reply) => {
      const file = await downloadCrmDocument(files(), { actor: request.actor, uid: request.params.uid, duid: request.params.duid });
      return sendPrivateFile(reply, { body: file.body, mime: file.contentType, size: file.body.length, name: file.filename }, 'attachment');
    },
  });

  app.delete('/api/v1/crm/clients/:uid/docs/:duid', {
    schema: { tags, summary: 'Eliminar un documento de un cliente del CRM', params: ZCrmDocParams, response: { 200: ZApiEnvelope(ZCrmDocuments) } },
    preValidation: can('crm', 'update'),
    handler: async (request) => ({ msg: M.docDeleted, data: await deleteCrmDocument(files(), { actor: request.actor, uid: request.params.uid, duid: request.params.duid }) }),
  });

  void app.register(async (scoped) => {
    await registerDocumentMultipart(scoped);
    const z = scoped.withTypeProvider<import('fastify-type-provider-zod').ZodTypeProvider>();
    z.post('/api/v1/crm/clients/:uid/docs', {
      bodyLimit: DOCUMENT_BODY_LIMIT,
      schema: { tags, summary: 'Subir un documento a un cliente del CRM', consumes: ['multipart/form-data'], params: ZCrmUidParams, response: { 200: ZApiEnvelope(ZCrmDocument) } },
      preValidation: can('crm', 'update'),
      handler: async (request, reply) => {
        try {
          const upload = await readDocumentUpload(request, reply, 'file');
          return { msg: M.docUploaded, data: await uploadCrmDocument(files(), { actor: request.actor, uid: request.params.uid, file: upload.file, filename: upload.filename }) };
        } finally {
          uploadHandlerDone(request);
        }
      },
    });
  });

  app.get('/api/v1/leads/interactions', {
    schema: { tags, summary: 'Historial de contactos de mis propiedades o las de mi agencia', querystring: ZLeadInteractionsQuery, response: { 200: ZApiEnvelope(ZLeadInteractionsPage) } },
    preValidation: can('crm', 'use'),
    handler: async (request) => ({ msg: M.interactions, data: await listLeadInteractions(db(), { actor: request.actor, ...request.query }) }),
  });

  app.post('/api/v1/leads/interactions/convert', {
    schema: { tags, summary: 'Convertir un contacto en cliente del CRM', body: ZLeadConvertBody, response: { 200: ZApiEnvelope(ZCrmClient) } },
    preValidation: can('crm', 'use'),
    handler: async (request) => ({ msg: M.converted, data: await convertLeadToCrmClient(db(), { actor: request.actor, ref: request.body.ref }) }),
  });
});
