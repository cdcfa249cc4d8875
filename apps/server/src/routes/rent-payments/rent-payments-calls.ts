import { RENT_PAYMENTS_MESSAGES as M, ZApiEnvelope, ZRentPayments, ZRentPaymentsParams } from '@nj/contracts';
import { getRentPayments } from '@nj/core/rent-payments/get-rent-payments';
import { defineRoute } from '../define-route.ts';
import { can } from '../../plugins/actor.ts';

/**
 * GET /api/v1/rents/{ruid}/payments (issue 13 'Payments'; decision 024): the rent's payment schedule with each
 * transaction's status, due day and custody ('Resguardado hasta la entrega', 'Liberado al propietario', …), the
 * payouts out of custody and the totals, all in integer centavos MXN. For the renter, the owner and the accepted
 * second renter (read-only); 401 for visitors and anonymous clients, 404 for anyone else. Never bank data.
 */
export default defineRoute((app) => {
  app.get('/api/v1/rents/:ruid/payments', {
    schema: { tags: ['rentas'], summary: 'Pagos de la renta: calendario, resguardo y pagos al propietario', params: ZRentPaymentsParams, response: { 200: ZApiEnvelope(ZRentPayments) } },
    preValidation: can('rent_payments', 'read'),
    handler: async (request) => ({ msg: M.loaded, data: await getRentPayments(app.services.database, request.actor, request.params.ruid) }),
  });
});
