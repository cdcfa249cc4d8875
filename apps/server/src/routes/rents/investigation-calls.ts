import multipart from '@fastify/multipart';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  CREDIT_INVESTIGATION_MESSAGES as M, DOCUMENT_MAX_BYTES, DOCUMENT_MESSAGES, INVESTIGATION_FILE_FIELDS, ZApiEnvelope, ZInvestigationQuery,
  ZInvestigationView, type InvestigationFileField,
} from '@nj/contracts';
import { AppError, getCreditInvestigation, getCreditReportPdf, runCreditInvestigation, type InvestigationFile } from '@nj/core';
import { defineRoute } from '../define-route.ts';
import { can } from '../../plugins/actor.ts';
import { countUploadedBytes, limitNonMultipartBody, reserveUploadMemory, uploadHandlerDone } from '../media/upload-memory.ts';

/** Text fields of the form (spec 03 §3: 21 of them plus the partner's 5), each at most 1 KiB. */
const MAX_FIELDS = 40;
const FILE_FIELDS: ReadonlySet<string> = new Set(INVESTIGATION_FILE_FIELDS);

/**
 * Reads the multipart credit-investigation form: its text fields and up to three files (proof_of_address,
 * proof_of_income, partner_proof_of_income; 10 MB each) in memory within the process-wide upload budget. The caller
 * calls uploadHandlerDone(request) in a `finally`.
 * @throws AppError BAD_REQUEST for a form that is not multipart or cannot be read, or an unknown file field;
 *   PAYLOAD_TOO_LARGE for a file over 10 MB
 */
async function readInvestigationForm(request: FastifyRequest, reply: FastifyReply): Promise<{ fields: Record<string, string>; files: InvestigationFile[] }> {
  if (!request.isMultipart()) throw new AppError('BAD_REQUEST', DOCUMENT_MESSAGES.fileUnreadable);
  const lease = reserveUploadMemory(request, reply);
  const fields: Record<string, string> = {};
  const files: InvestigationFile[] = [];
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (!FILE_FIELDS.has(part.fieldname) || files.some((f) => f.field === part.fieldname)) {
          part.file.resume();
          throw new AppError('BAD_REQUEST', M.unknownFile, { [part.fieldname]: M.unknownFile });
        }
        const bytes = await part.toBuffer();
        if (part.file.truncated) throw new AppError('PAYLOAD_TOO_LARGE', DOCUMENT_MESSAGES.fileTooLarge, { [part.fieldname]: DOCUMENT_MESSAGES.fileTooLarge });
        countUploadedBytes(lease, reply, bytes.length);
        if (bytes.length > 0) files.push({ field: part.fieldname as InvestigationFileField, file: bytes, filename: part.filename ?? '' });
      } else if (typeof part.value === 'string') {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('PAYLOAD_TOO_LARGE', DOCUMENT_MESSAGES.fileTooLarge);
    throw new AppError('BAD_REQUEST', DOCUMENT_MESSAGES.fileUnreadable);
  }
  return { fields, files };
}

/**
 * The quick credit investigation (issue 12 'Investigation'; spec 03 §3 "Credit-investigation form", Rent is_cr_passed,
 * renter_credit_score(_reasons), renter_blacklist(_pld)_matches, ic, current_ic_process(_status), last_completed_ic;
 * §7 POST /v1/rents/creditinvestigation; decision 017):
 * - POST /api/v1/rents/creditinvestigation — multipart: the form's fields (ZCreditInvestigationFields: ruid,
 *   renter_type, birthdate YYYY-MM-DD, names, rfc, curp, total_income, address, neighborhood, municipality, city,
 *   state, cp, nationality, existing_poa, existing_poi, optional partner_*) and files proof_of_address,
 *   proof_of_income, partner_proof_of_income. `ruid` may also come in the query. Only the rent's renter (owner 403,
 *   anyone else 404, visitors 401), in client_offer_in_process or on_offer (409 otherwise or while a run is in
 *   process; 429 past 5 bureau queries a day). Runs the credit bureau (services.creditBureau), screens the renter and partner against the imported
 *   lists, decides is_cr_passed and records a pending ic transaction: 'Investigación realizada' with
 *   ZInvestigationView. 400 with `fields` for bad input (nothing written); 503 with the bureau's Spanish message
 *   when it does not answer (the proofs and the form are kept).
 * - GET /api/v1/rents/creditinvestigation?ruid — the rent's investigation (ZInvestigationView, null before any
 *   run): the renter always, the owner once the proposal is sent.
 * - GET /api/v1/rents/creditinvestigation/pdf?ruid — the renter's latest credit report as a PDF (m_sic_pdf, stored
 *   sealed), a download with `private, no-store`; the owner 403, anyone else 404.
 */
export default defineRoute((app) => {
  app.get('/api/v1/rents/creditinvestigation', {
    schema: { tags: ['rentas'], summary: 'La investigación de crédito de la renta', querystring: ZInvestigationQuery, response: { 200: ZApiEnvelope(ZInvestigationView.nullable()) } },
    preValidation: can('rent', 'read'),
    handler: async (request) => ({ msg: M.ok, data: await getCreditInvestigation(app.services.database, { actor: request.actor, ruid: request.query.ruid }) }),
  });

  app.get('/api/v1/rents/creditinvestigation/pdf', {
    schema: { tags: ['rentas'], summary: 'Descargar mi reporte de crédito', querystring: ZInvestigationQuery },
    preValidation: can('rent', 'read'),
    handler: async (request, reply) => {
      const { database, storage, config } = app.services;
      const file = await getCreditReportPdf({ database, storage, config }, { actor: request.actor, ruid: request.query.ruid });
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${file.filename.replace(/[^\w.-]/g, '_')}"`)
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .send(file.body);
    },
  });

  void app.register(async (scoped) => {
    await scoped.register(multipart, { limits: { fileSize: DOCUMENT_MAX_BYTES, files: INVESTIGATION_FILE_FIELDS.length, fields: MAX_FIELDS, fieldSize: 1024, parts: MAX_FIELDS + INVESTIGATION_FILE_FIELDS.length } });
    scoped.addHook('preParsing', limitNonMultipartBody(64 * 1024));
    scoped.withTypeProvider<ZodTypeProvider>().post('/api/v1/rents/creditinvestigation', {
      bodyLimit: INVESTIGATION_FILE_FIELDS.length * DOCUMENT_MAX_BYTES + 256 * 1024,
      schema: {
        tags: ['rentas'], summary: 'Solicitar la investigación de crédito', consumes: ['multipart/form-data'],
        querystring: z.object({ ruid: z.string().trim().max(64).optional() }), response: { 200: ZApiEnvelope(ZInvestigationView) },
      },
      preValidation: can('rent', 'act'),
      handler: async (request, reply) => {
        try {
          const form = await readInvestigationForm(request, reply);
          const ruid = (request.query.ruid ?? form.fields.ruid ?? '').trim();
          if (!ruid || ruid.length > 64) throw new AppError('BAD_REQUEST', M.rentRequired, { ruid: M.rentRequired });
          const { database, storage, creditBureau, limiter, config } = app.services;
          const data = await runCreditInvestigation({ database, storage, creditBureau, limiter, config }, { actor: request.actor, ruid, fields: form.fields, files: form.files });
          return { msg: M.done, data };
        } finally {
          uploadHandlerDone(request);
        }
      },
    });
  });
});
