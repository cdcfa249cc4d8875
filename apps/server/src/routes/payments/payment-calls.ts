import {
  PAYMENTS_MESSAGES as M, ZApiEnvelope, ZCheckoutBody, ZCheckoutResult, ZPageNumberQuery, ZPaymentsPage, ZSandboxActionBody,
  ZSandboxParams, ZSandboxSession, ZTuidParams,
} from '@nj/contracts';
import { AppError, buildPaymentReceipt, getSandboxSession, handlePaymentWebhook, listClientPayments, sandboxAct, startCheckout } from '@nj/core';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { defineRoute } from '../define-route.ts';
import { can } from '../../plugins/actor.ts';

/** Largest webhook body accepted (Stripe's checkout.session events are a few KB). */
const WEBHOOK_MAX_BYTES = 256 * 1024;

/**
 * Payments (issue 13; spec 03 §4 pay flows, §7 endpoints; decision 023). Money in centavos MXN.
 * - POST /api/v1/payments/checkout `{ tuids, use_emoney, return_path? }` — pays the signed-in payer's own pending
 *   transactions: e-money first when asked, the rest through the provider's checkout. `{ msg, data: ZCheckoutResult }`
 *   (`completed`: e-money paid all; `redirect`: go to `checkout_url`). 401 visitor/anonymous, 404 someone else's or
 *   unknown, 409 not pending, 400 malformed, 503 provider down (the e-money is given back).
 * - POST /api/v1/payments/webhook — the provider's events (Stripe-Signature checked over the raw body, no CSRF, no
 *   session); 200 `{ msg, data: { outcome } }`, 400 bad signature or body. Idempotent by event id.
 * - GET /api/v1/client/payments?page — the client's payments, newest first, 10 a page (ZPaymentsPage).
 * - GET /api/v1/client/payments/:tuid/receipt — the receipt PDF of a completed payment (payer or the rent's owner).
 * - GET/POST /api/v1/payments/sandbox/:id — the sandbox provider's hosted checkout (404 unless PAYMENTS_PROVIDER=sandbox):
 *   reads the session / acts on it (card, oxxo, spei, settle, expire_voucher, expire_session); each outcome is
 *   delivered to the webhook signed, like Stripe does.
 */
export default defineRoute((app) => {
  app.post('/api/v1/payments/checkout', {
    schema: { tags: ['pagos'], summary: 'Pagar cargos pendientes (dinero electrónico y proveedor)', body: ZCheckoutBody, response: { 200: ZApiEnvelope(ZCheckoutResult) } },
    preValidation: can('payment', 'pay_own'),
    handler: async (request) => {
      const { database, payments, config } = app.services;
      const data = await startCheckout({ database, provider: payments, publicUrl: config.publicUrl }, {
        actor: request.actor, tuids: request.body.tuids, useEmoney: request.body.use_emoney, returnPath: request.body.return_path,
      });
      return { msg: data.status === 'completed' ? M.paidWithEmoney : M.checkoutCreated, data };
    },
  });

  void app.register(async (scoped) => {
    // The signature covers the exact bytes: keep the body as text.
    scoped.removeAllContentTypeParsers();
    scoped.addContentTypeParser('*', { parseAs: 'string', bodyLimit: WEBHOOK_MAX_BYTES }, (_req, body, done) => done(null, body));
    scoped.withTypeProvider<ZodTypeProvider>().post('/api/v1/payments/webhook', {
      config: { csrf: false },
      bodyLimit: WEBHOOK_MAX_BYTES,
      schema: { tags: ['pagos'], summary: 'Avisos del proveedor de pagos (Stripe)', response: { 200: ZApiEnvelope(z.object({ outcome: z.string() })) } },
      preValidation: can('payment', 'webhook'),
      handler: async (request) => {
        const raw = typeof request.body === 'string' ? request.body : '';
        const header = request.headers['stripe-signature'];
        const outcome = await handlePaymentWebhook({ database: app.services.database, provider: app.services.payments }, raw, Array.isArray(header) ? header[0] : header);
        return { msg: 'OK', data: { outcome } };
      },
    });
  });

  app.get('/api/v1/client/payments', {
    schema: { tags: ['pagos'], summary: 'Mis pagos', querystring: ZPageNumberQuery, response: { 200: ZApiEnvelope(ZPaymentsPage) } },
    preValidation: can('payment', 'read_own'),
    handler: async (request) => ({ msg: 'OK', data: await listClientPayments({ database: app.services.database }, { actor: request.actor, page: request.query.page }) }),
  });

  app.get('/api/v1/client/payments/:tuid/receipt', {
    schema: { tags: ['pagos'], summary: 'Comprobante de pago (PDF)', params: ZTuidParams },
    preValidation: can('payment', 'read_own'),
    handler: async (request, reply) => {
      const file = await buildPaymentReceipt({ database: app.services.database }, { actor: request.actor, tuid: request.params.tuid });
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${file.fileName.replace(/[^\w.-]/g, '_')}"`)
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .send(Buffer.from(file.pdf));
    },
  });

  const sandboxOnly = () => {
    if (app.services.payments.name !== 'sandbox') throw new AppError('NOT_FOUND', M.sandboxOnly);
  };
  app.get('/api/v1/payments/sandbox/:id', {
    schema: { tags: ['pagos'], summary: 'Sesión del pago de prueba', params: ZSandboxParams, response: { 200: ZApiEnvelope(ZSandboxSession) } },
    preValidation: can('payment', 'sandbox'),
    handler: async (request) => {
      sandboxOnly();
      return { msg: 'OK', data: await getSandboxSession(app.services.database, request.params.id) };
    },
  });
  app.post('/api/v1/payments/sandbox/:id', {
    schema: { tags: ['pagos'], summary: 'Acción en el pago de prueba', params: ZSandboxParams, body: ZSandboxActionBody, response: { 200: ZApiEnvelope(ZSandboxSession) } },
    preValidation: can('payment', 'sandbox'),
    handler: async (request) => {
      sandboxOnly();
      const { session, delivery } = await sandboxAct(app.services.database, app.services.payments.webhookSecret, request.params.id, request.body);
      if (delivery) {
        // Delivered like Stripe would: a signed POST to our webhook endpoint (in-process).
        const answer = await app.inject({
          method: 'POST', url: '/api/v1/payments/webhook', payload: delivery.payload,
          headers: { 'content-type': 'application/json', 'stripe-signature': delivery.signature },
        });
        if (answer.statusCode >= 300) request.log.error(`sandbox webhook delivery answered ${answer.statusCode}`);
      }
      return { msg: 'OK', data: session };
    },
  });
});
