import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  GUARANTOR_MESSAGES as G, ZApiEnvelope, ZAvalApprovalBody, ZAvalSummary, ZAvalUidParams, ZGuaranteeBody, ZGuaranteeDocument, ZInvitationAnswerBody,
  ZInviteSecondRenterBody, ZIuidParams, ZLoadRentProcessQuery, ZMyInvitations, ZNameAvalBody, ZRentProcess,
} from '@nj/contracts';
import { answerInvitation, decideAvalApproval, inviteSecondRenter, listMyInvitations, loadRentProcess, nameAval, saveGuarantee, storeGuaranteeDocument } from '@nj/core';
import { defineRoute } from '../define-route.ts';
import { can } from '../../plugins/actor.ts';
import { DOCUMENT_BODY_LIMIT, readDocumentUpload, registerDocumentMultipart } from '../documents/read-document-upload.ts';
import { uploadHandlerDone } from '../media/upload-memory.ts';

/**
 * The guarantor and the second renter of a rent (issue 12 'The guarantor', 'The proposal'; spec 03 §3 Guarantor
 * record, §4, §6 Guarantor, §7), every call for signed-in clients (401 otherwise), CSRF on the mutations:
 * - POST /api/v1/rents/aval `{ ruid, atype, email? }` — the tenant names the guarantor (aval/obligado: e-mail
 *   invitation; nowo: the bond insurer answers at once); answers the rent process (ZRentProcess).
 * - POST /api/v1/rents/aval/{aval_uid} `{ option: 'accept' | 'reject' }` — the invited guarantor answers; answers
 *   their invitations (ZMyInvitations).
 * - PUT /api/v1/rents/aval/{aval_uid}/guarantee — the accepted aval's guarantee property (address fields).
 * - POST /api/v1/rents/aval/{aval_uid}/guarantee/document — multipart field `file`: its deed or predial (JPEG, PNG,
 *   WebP, HEIC or PDF by content, up to 10 MB; 415/413/400), stored sealed; answers the file's facts.
 * - POST /api/v1/rents/aval/{aval_uid}/approval `{ is_approved?, is_os_confirmed?, is_os_approved? }` — support, or
 *   the owner while the proposal is on_offer, decides; answers the guarantor summary (ZAvalSummary).
 * - POST /api/v1/rents/second-renter `{ ruid, email }` — the tenant of a joint rent invites the second renter.
 * - POST /api/v1/rents/second-renter/{iuid} `{ option }` — the invited second renter answers.
 * - GET /api/v1/client/iamaval — the rent requests naming the client (guarantor and second renter).
 * - GET /api/v1/client/loadrentprocess?ruid — the rent, its guarantor and second renter for anyone in the rent.
 * Refusals: 400 `{ msg, data: { fields } }`, 403/404 by the rent_invitation policy, 409 for the step, 410 for a
 * replaced invitation, 503 when the insurer does not answer.
 */
export default defineRoute((app) => {
  const mailDeps = () => ({ database: app.services.database, messaging: app.services.messaging, publicUrl: app.services.config.publicUrl, storage: app.services.storage });

  app.post('/api/v1/rents/aval', {
    schema: { tags: ['rentas'], summary: 'Nombrar al aval de la renta', body: ZNameAvalBody, response: { 200: ZApiEnvelope(ZRentProcess) } },
    preValidation: can('rent_invitation', 'invite'),
    handler: async (request) => ({
      msg: request.body.atype === 'nowo' ? G.nowoRequested : G.avalInvited,
      data: await nameAval({ ...mailDeps(), bondInsurer: app.services.bondInsurer }, { actor: request.actor, ...request.body }),
    }),
  });

  app.post('/api/v1/rents/aval/:aval_uid', {
    schema: { tags: ['rentas'], summary: 'Aceptar o rechazar ser aval', params: ZAvalUidParams, body: ZInvitationAnswerBody, response: { 200: ZApiEnvelope(ZMyInvitations) } },
    preValidation: can('rent_invitation', 'answer'),
    handler: async (request) => ({
      msg: request.body.option === 'accept' ? G.avalAccepted : G.avalRejected,
      data: await answerInvitation(mailDeps(), { actor: request.actor, iuid: request.params.aval_uid, role: 'aval', option: request.body.option }),
    }),
  });

  app.put('/api/v1/rents/aval/:aval_uid/guarantee', {
    schema: { tags: ['rentas'], summary: 'Inmueble en garantía del aval', params: ZAvalUidParams, body: ZGuaranteeBody, response: { 200: ZApiEnvelope(ZMyInvitations) } },
    preValidation: can('rent_invitation', 'guarantee'),
    handler: async (request) => ({
      msg: G.guaranteeSaved,
      data: await saveGuarantee(app.services.database, { actor: request.actor, iuid: request.params.aval_uid, fields: request.body }),
    }),
  });

  void app.register(async (scoped) => {
    await registerDocumentMultipart(scoped);
    scoped.withTypeProvider<ZodTypeProvider>().post('/api/v1/rents/aval/:aval_uid/guarantee/document', {
      bodyLimit: DOCUMENT_BODY_LIMIT,
      schema: { tags: ['rentas'], summary: 'Escritura o predial del inmueble en garantía', consumes: ['multipart/form-data'], params: ZAvalUidParams, response: { 200: ZApiEnvelope(ZGuaranteeDocument) } },
      preValidation: can('rent_invitation', 'guarantee'),
      handler: async (request, reply) => {
        try {
          const upload = await readDocumentUpload(request, reply, 'file');
          const { database, storage, config } = app.services;
          const data = await storeGuaranteeDocument({ database, storage, dataKey: config.dataKey }, {
            actor: request.actor, iuid: request.params.aval_uid, file: upload.file, filename: upload.filename,
          });
          return { msg: G.guaranteeDocumentSaved, data };
        } finally {
          uploadHandlerDone(request);
        }
      },
    });
  });

  app.post('/api/v1/rents/aval/:aval_uid/approval', {
    schema: { tags: ['rentas'], summary: 'Aprobar o no al aval', params: ZAvalUidParams, body: ZAvalApprovalBody, response: { 200: ZApiEnvelope(ZAvalSummary) } },
    preValidation: can('rent_invitation', 'decide'),
    handler: async (request) => ({
      msg: G.approvalSaved,
      data: await decideAvalApproval(app.services.database, { actor: request.actor, iuid: request.params.aval_uid, changes: request.body }),
    }),
  });

  app.post('/api/v1/rents/second-renter', {
    schema: { tags: ['rentas'], summary: 'Invitar al segundo inquilino', body: ZInviteSecondRenterBody, response: { 200: ZApiEnvelope(ZRentProcess) } },
    preValidation: can('rent_invitation', 'invite'),
    handler: async (request) => ({
      msg: G.secondRenterInvited,
      data: await inviteSecondRenter(mailDeps(), { actor: request.actor, ruid: request.body.ruid, email: request.body.email }),
    }),
  });

  app.post('/api/v1/rents/second-renter/:iuid', {
    schema: { tags: ['rentas'], summary: 'Aceptar o rechazar ser segundo inquilino', params: ZIuidParams, body: ZInvitationAnswerBody, response: { 200: ZApiEnvelope(ZMyInvitations) } },
    preValidation: can('rent_invitation', 'answer'),
    handler: async (request) => ({
      msg: request.body.option === 'accept' ? G.secondAccepted : G.secondRejected,
      data: await answerInvitation(mailDeps(), { actor: request.actor, iuid: request.params.iuid, role: 'second_renter', option: request.body.option }),
    }),
  });

  app.get('/api/v1/client/iamaval', {
    schema: { tags: ['rentas'], summary: 'Rentas en las que me nombraron aval o segundo inquilino', response: { 200: ZApiEnvelope(ZMyInvitations) } },
    preValidation: can('rent_invitation', 'list_own'),
    handler: async (request) => {
      const data = await listMyInvitations(app.services.database, { actor: request.actor });
      return { msg: data.aval.length + data.second_renter.length === 0 ? G.noInvitations : G.loaded, data };
    },
  });

  app.get('/api/v1/client/loadrentprocess', {
    schema: { tags: ['rentas'], summary: 'El proceso de renta con su aval y segundo inquilino', querystring: ZLoadRentProcessQuery, response: { 200: ZApiEnvelope(ZRentProcess) } },
    preValidation: can('rent_invitation', 'read_process'),
    handler: async (request) => ({ msg: G.loaded, data: await loadRentProcess(app.services.database, { actor: request.actor, ruid: request.query.ruid }) }),
  });
});
