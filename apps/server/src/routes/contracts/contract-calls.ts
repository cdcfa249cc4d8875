import { timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { CONTRACT_MESSAGES as M, ZApiEnvelope, ZContractParams, ZContractRuidBody, ZContractState, ZSandboxSignBody, ZSandboxSigner, ZSandboxSlugParams } from '@nj/contracts';
import { AppError } from '@nj/core/errors/app-error';
import type { ContractDeps } from '@nj/core/rent-contracts/contract-deps';
import { downloadContractFile, type ContractFileKind } from '@nj/core/rent-contracts/download-contract-file';
import { generateContract } from '@nj/core/rent-contracts/generate-contract';
import { getContractState } from '@nj/core/rent-contracts/get-contract-state';
import { refreshSubmission, sendSigningLinks, signContract } from '@nj/core/rent-contracts/sign-contract';
import { getSandboxDocument, getSandboxSigner, signInSandbox } from '@nj/core/e-signature/sandbox-e-signature';
import { defineRoute } from '../define-route.ts';
import { can } from '../../plugins/actor.ts';

/** DocuSeal's webhook body (https://www.docuseal.com/docs/webhooks): the event and its submitter or submission. */
const ZDocusealWebhook = z.object({
  event_type: z.string({ error: M.webhookRefused }).max(80),
  timestamp: z.string().max(80).optional(),
  data: z.object({ id: z.union([z.number(), z.string().max(80)]).optional(), submission_id: z.union([z.number(), z.string().max(80)]).optional() }, { error: M.webhookRefused }).passthrough(),
}, { error: M.webhookRefused }).passthrough();

/** True when `given` equals `expected` (constant time). */
function sameSecret(given: string | undefined, expected: string): boolean {
  if (!given) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * The lease contract and its e-signature (issue 13 'Contract and signature'; spec 03 §7; decision 021). For the
 * lease's parties (tenant, owner, accepted second renter and guarantor; 404 for anyone else, 401 for visitors); each
 * call answers the contract's state (ZContractState):
 * - POST /api/v1/rents/contract `{ ruid }` — generate the PDF from the accepted offer (on_accepted_offer →
 *   on_contract_sign); again while nobody signed (new SHA-256). 409 in any other step.
 * - POST /api/v1/rents/send-link-to-sign `{ ruid }` — create the submission if needed and e-mail each party their link.
 * - POST /api/v1/rents/sign `{ ruid }` — the caller's link (`my_signing_url`) and the signatures refreshed; the last
 *   signature moves the rent to on_rent and starts the payment schedule.
 * - GET /api/v1/rents/{ruid}/contract — the state; GET …/contract/pdf, …/contract/signed, …/contract/audit — the
 *   draft, the signed PDF and its audit trail (PDF downloads, `private, no-store`).
 * - POST /api/v1/esign/docuseal/webhook — DocuSeal's form.completed / submission.completed, with the secret header
 *   `X-Docuseal-Secret` (DOCUSEAL_WEBHOOK_SECRET); 401 without it. CSRF-exempt: the secret is the credential.
 * - GET/POST /api/v1/esign/sandbox/{slug}, GET …/{slug}/pdf — the sandbox provider's signing page data, document
 *   and signature (ESIGN_PROVIDER=sandbox only; 404 otherwise).
 */
export default defineRoute((app) => {
  const deps = (): ContractDeps => {
    const s = app.services;
    return { database: s.database, events: s.chatEvents, storage: s.storage, eSignature: s.eSignature, messaging: s.messaging, publicUrl: s.config.publicUrl };
  };

  app.post('/api/v1/rents/contract', {
    schema: { tags: ['rentas'], summary: 'Generar el contrato de arrendamiento', body: ZContractRuidBody, response: { 200: ZApiEnvelope(ZContractState) } },
    preValidation: can('rent_contract', 'act'),
    handler: async (request) => ({ msg: M.generated, data: await generateContract(deps(), { actor: request.actor, ruid: request.body.ruid }) }),
  });

  app.post('/api/v1/rents/send-link-to-sign', {
    schema: { tags: ['rentas'], summary: 'Enviar a cada parte su enlace para firmar', body: ZContractRuidBody, response: { 200: ZApiEnvelope(ZContractState) } },
    preValidation: can('rent_contract', 'act'),
    handler: async (request) => ({ msg: M.linksSent, data: await sendSigningLinks(deps(), { actor: request.actor, ruid: request.body.ruid }) }),
  });

  app.post('/api/v1/rents/sign', {
    schema: { tags: ['rentas'], summary: 'Firmar el contrato: mi enlace y el estado de las firmas', body: ZContractRuidBody, response: { 200: ZApiEnvelope(ZContractState) } },
    preValidation: can('rent_contract', 'act'),
    handler: async (request) => {
      const data = await signContract(deps(), { actor: request.actor, ruid: request.body.ruid });
      return { msg: data.completed_at ? M.allSigned : M.signState, data };
    },
  });

  app.get('/api/v1/rents/:ruid/contract', {
    schema: { tags: ['rentas'], summary: 'El contrato de la renta y sus firmas', params: ZContractParams, response: { 200: ZApiEnvelope(ZContractState) } },
    preValidation: can('rent_contract', 'read'),
    handler: async (request) => ({ msg: M.ok, data: await getContractState(deps(), { actor: request.actor, ruid: request.params.ruid }) }),
  });

  const files: [string, ContractFileKind, string][] = [
    ['pdf', 'draft', 'Descargar el borrador del contrato'], ['signed', 'signed', 'Descargar el contrato firmado'], ['audit', 'audit', 'Descargar el registro de auditoría de la firma'],
  ];
  for (const [path, kind, summary] of files) {
    app.get(`/api/v1/rents/:ruid/contract/${path}`, {
      schema: { tags: ['rentas'], summary, params: ZContractParams },
      preValidation: can('rent_contract', 'read'),
      handler: async (request, reply) => {
        const file = await downloadContractFile(deps(), { actor: request.actor, ruid: request.params.ruid, kind });
        return reply.header('content-type', 'application/pdf')
          .header('content-disposition', `attachment; filename="${file.fileName.replace(/[^\w.-]/g, '_')}"`)
          .header('cache-control', 'private, no-store').header('x-content-type-options', 'nosniff').send(file.body);
      },
    });
  }

  app.post('/api/v1/esign/docuseal/webhook', {
    config: { csrf: false },
    schema: { tags: ['rentas'], summary: 'Aviso de DocuSeal (firma de un contrato)', body: ZDocusealWebhook, response: { 200: ZApiEnvelope(z.object({ known: z.boolean() })) } },
    preValidation: can('rent_contract', 'webhook'),
    handler: async (request) => {
      const settings = app.services.config.eSignature;
      const secret = settings.provider === 'docuseal' ? settings.docuseal.webhookSecret : undefined;
      if (!secret || !sameSecret(request.headers['x-docuseal-secret'] as string | undefined, secret)) throw new AppError('UNAUTHORIZED', M.webhookRefused);
      const { event_type: event, data } = request.body;
      const id = event.startsWith('submission.') ? data.id : data.submission_id;
      const known = (event === 'form.completed' || event === 'submission.completed') && id !== undefined
        ? await refreshSubmission(deps(), String(id)) : false;
      return { msg: M.ok, data: { known } };
    },
  });

  const sandboxOnly = () => {
    if (app.services.eSignature.name !== 'sandbox') throw new AppError('NOT_FOUND', M.signerNotFound);
  };
  app.get('/api/v1/esign/sandbox/:slug', {
    schema: { tags: ['rentas'], summary: 'Firma de prueba: el firmante', params: ZSandboxSlugParams, response: { 200: ZApiEnvelope(ZSandboxSigner) } },
    preValidation: can('rent_contract', 'sandbox_sign'),
    handler: async (request) => {
      sandboxOnly();
      const { submissionId: _id, ...data } = await getSandboxSigner(app.services.database, request.params.slug);
      return { msg: M.ok, data };
    },
  });
  app.get('/api/v1/esign/sandbox/:slug/pdf', {
    schema: { tags: ['rentas'], summary: 'Firma de prueba: el documento', params: ZSandboxSlugParams },
    preValidation: can('rent_contract', 'sandbox_sign'),
    handler: async (request, reply) => {
      sandboxOnly();
      const body = await getSandboxDocument(app.services.database, request.params.slug);
      return reply.header('content-type', 'application/pdf').header('content-disposition', 'inline; filename="contrato.pdf"')
        .header('cache-control', 'private, no-store').header('x-content-type-options', 'nosniff').send(body);
    },
  });
  app.post('/api/v1/esign/sandbox/:slug', {
    schema: { tags: ['rentas'], summary: 'Firma de prueba: firmar', params: ZSandboxSlugParams, body: ZSandboxSignBody, response: { 200: ZApiEnvelope(ZSandboxSigner) } },
    preValidation: can('rent_contract', 'sandbox_sign'),
    handler: async (request) => {
      sandboxOnly();
      const { database } = app.services;
      const submissionId = await signInSandbox(database, { slug: request.params.slug, fullName: request.body.full_name, accept: request.body.accept, ip: request.ip });
      await refreshSubmission(deps(), submissionId);
      const { submissionId: _id, ...data } = await getSandboxSigner(database, request.params.slug);
      return { msg: M.signedOk, data };
    },
  });
});
