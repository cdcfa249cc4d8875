import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  DOCUMENT_MESSAGES as M, ZApiEnvelope, ZCuidParams, ZDocumentFile, ZIncomeProofParams, ZProofOfAddress, ZProofOfAddressFields,
  ZRentDocuments, ZRentIncome, ZRuidParams, ZUpdateIncomeBody,
} from '@nj/contracts';
import { AppError } from '@nj/core';
import { getRentDocuments } from '@nj/core/rent-documents/get-rent-documents';
import { documentsRepository } from '@nj/core/rent-documents/documents-repository';
import { presentDocumentFile } from '@nj/core/rent-documents/present-documents';
import { storePersonDocument } from '@nj/core/rent-documents/store-person-document';
import { personRoleIn } from '@nj/core/rent-documents/rent-person-access';
import { updateProofOfAddress } from '@nj/core/rent-documents/update-proof-of-address';
import { updateRentIncome } from '@nj/core/rent-documents/update-rent-income';
import { defineRoute } from '../define-route.ts';
import { can } from '../../plugins/actor.ts';
import { uploadHandlerDone } from '../media/upload-memory.ts';
import { DOCUMENT_BODY_LIMIT, readDocumentUpload, registerDocumentMultipart } from './read-document-upload.ts';

/**
 * The renter's proofs and income data in a rent (issue 12 'The proposal'; spec 03 §3 Rent poa, poi, poi_second,
 * total_income, work_company_*; 'Person data' poa; §5; §7 'update proof of address'), editable only while the
 * proposal is in client_offer_in_process (409 otherwise), by the person themselves (the owner 403, anyone else 404):
 * - POST /api/v1/client/{cuid}/poa — multipart: addr, neighborhood, city, municipality, state, cp (5 digits), ruid
 *   and the file `file` (all required: 400 with `fields`); `cuid` is the actor's own (404 otherwise). The person's
 *   poa `{ slug, addr, neighborhood, city, municipality, state, cp, … }`, 'Campo actualizado con éxito'.
 * - POST /api/v1/rents/{ruid}/documents/{kind} — kind poi or poi_second; multipart field `file`; the renter's, or the
 *   second renter's or aval's own. Answers the file's
 *   facts `{ slug, content_type, size, filename, created }`.
 * - PUT /api/v1/rents/{ruid}/income — JSON with any of total_income (whole MXN; digits, separators allowed),
 *   work_company_name, work_company_phone_number (a Mexican phone, stored E.164), work_company_webpage (http(s) URL);
 *   '' clears one. Every field checked before anything is written (400 with `fields`). 'Campo actualizado con
 *   éxito' for one field, 'Campos actualizados con éxito' for more; the income data refreshed.
 * - GET /api/v1/rents/{ruid}/documents — the caller's poa, poi, poi_second, income data (the renter's) and INE sides.
 * Files: JPEG, PNG, WebP, HEIC or PDF by content, up to 10 MB (415/413/400 as the INE upload), stored encrypted.
 */
export default defineRoute((app) => {
  const deps = () => ({ database: app.services.database, storage: app.services.storage, dataKey: app.services.config.dataKey });

  app.get('/api/v1/rents/:ruid/documents', {
    schema: { tags: ['rentas'], summary: 'Mis documentos e ingresos en el proceso de renta', params: ZRuidParams, response: { 200: ZApiEnvelope(ZRentDocuments) } },
    preValidation: can('rent', 'read'),
    handler: async (request) => ({ msg: 'OK', data: await getRentDocuments(app.services.database, { actor: request.actor, ruid: request.params.ruid }) }),
  });

  app.put('/api/v1/rents/:ruid/income', {
    schema: { tags: ['rentas'], summary: 'Guardar mis ingresos y empleo', params: ZRuidParams, body: ZUpdateIncomeBody, response: { 200: ZApiEnvelope(ZRentIncome) } },
    preValidation: can('person_document', 'manage_own'),
    handler: async (request) => {
      const data = await updateRentIncome(app.services.database, { actor: request.actor, ruid: request.params.ruid, body: request.body });
      const count = Object.values(request.body).filter((v) => v !== undefined).length;
      return { msg: count > 1 ? M.fieldsUpdated : M.fieldUpdated, data };
    },
  });

  void app.register(async (scoped) => {
    await registerDocumentMultipart(scoped);
    const z = scoped.withTypeProvider<ZodTypeProvider>();
    z.post('/api/v1/client/:cuid/poa', {
      bodyLimit: DOCUMENT_BODY_LIMIT,
      schema: { tags: ['rentas'], summary: 'Guardar mi comprobante de domicilio', consumes: ['multipart/form-data'], params: ZCuidParams, response: { 200: ZApiEnvelope(ZProofOfAddress) } },
      preValidation: can('person_document', 'manage_own'),
      handler: async (request, reply) => {
        try {
          // Another client's cuid: nothing to find here, whatever the form holds.
          if (request.params.cuid !== request.actor.cuid) throw new AppError('NOT_FOUND', M.documentNotFound);
          const upload = await readDocumentUpload(request, reply, 'file');
          const parsed = ZProofOfAddressFields.safeParse(upload.fields);
          if (!parsed.success) {
            const fields = Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message]));
            throw new AppError('BAD_REQUEST', parsed.error.issues[0]!.message, fields);
          }
          const ruid = (upload.fields.ruid ?? '').trim();
          if (!ruid || ruid.length > 64) throw new AppError('BAD_REQUEST', M.rentRequired, { ruid: M.rentRequired });
          const data = await updateProofOfAddress(deps(), {
            actor: request.actor, cuid: request.params.cuid, ruid, fields: parsed.data, file: upload.file, filename: upload.filename,
          });
          return { msg: M.fieldUpdated, data };
        } finally {
          uploadHandlerDone(request);
        }
      },
    });

    z.post('/api/v1/rents/:ruid/documents/:kind', {
      bodyLimit: DOCUMENT_BODY_LIMIT,
      schema: { tags: ['rentas'], summary: 'Subir un comprobante de ingresos', consumes: ['multipart/form-data'], params: ZIncomeProofParams, response: { 200: ZApiEnvelope(ZDocumentFile) } },
      preValidation: can('person_document', 'manage_own'),
      handler: async (request, reply) => {
        try {
          const upload = await readDocumentUpload(request, reply, 'file');
          // The renter, or the second renter or aval for their own proofs (a stranger and the owner are refused as 'renter').
          const role = (await personRoleIn(app.services.database, request.params.ruid, request.actor.cuid)) ?? 'renter';
          const { slug } = await storePersonDocument(app.services, {
            actor: request.actor, ruid: request.params.ruid, role, kind: request.params.kind, file: upload.file, filename: upload.filename,
          });
          return { msg: M.fieldUpdated, data: presentDocumentFile((await documentsRepository.find(app.services.database, slug))!) };
        } finally {
          uploadHandlerDone(request);
        }
      },
    });
  });
});
