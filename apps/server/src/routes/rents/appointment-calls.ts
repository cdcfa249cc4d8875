import { APPT_API_MESSAGES, RENTS_API_MESSAGES, ZApiEnvelope, ZAppointment, ZCurrentAppointment, ZAuidParams, ZConfirmAppointmentBody, ZProposeTimesBody, ZReviewAppointmentBody, ZReviewResult, ZRuidParams } from '@nj/contracts';
import { type AppointmentRow, cancelAppointment, getAppointment, confirmAppointment, proposeTimes, requestAppointment, reviewAppointment } from '@nj/core';
import { z } from 'zod';
import { defineRoute } from '../define-route.ts';
import { can } from '../../plugins/actor.ts';

const wire = (a: AppointmentRow) => ({
  auid: a.auid, ruid: a.ruid, status: a.status, proposed: a.proposed, st: a.st?.toISOString() ?? null, et: a.et?.toISOString() ?? null, time_zone: a.time_zone,
});

/**
 * Visit calls of issue 11 ('Visits'; spec 02 §4, §5; spec 03 §7 POST /v1/appts/{auid}/review), for the rent's two
 * parties (401 visitors, 404 others, 409 when the step or side does not allow it, Spanish 400 for bad input):
 * - GET /api/v1/rents/{ruid}/appointment — the current visit (null when none) and `reviewed_by_me`.
 * - POST /api/v1/rents/{ruid}/appointment — the renter requests a visit (appt_requested).
 * - POST /api/v1/rents/{ruid}/appointment/times `{ times: [{ date, time }], time_zone }` — the owner proposes 1–5
 *   times within the next 7 days from tomorrow in their zone (appt_confirmation_requested).
 * - POST /api/v1/rents/{ruid}/appointment/confirm `{ st, time_zone? }` — the renter confirms one proposed instant
 *   (appt_assist); `time_zone` (their IANA zone) sets the zone of their confirmation and reminder e-mails.
 * - POST /api/v1/rents/{ruid}/appointment/cancel — either side cancels ('Error al cancelar la cita' when it cannot).
 * - POST /api/v1/appts/{auid}/review `{ rating: 1–5, comment? }` — after the visit, once per side.
 */
export default defineRoute((app) => {
  const deps = () => ({ database: app.services.database, events: app.services.chatEvents });

  app.get('/api/v1/rents/:ruid/appointment', {
    schema: { tags: ['citas'], summary: 'La cita actual de una conversación', params: ZRuidParams, response: { 200: ZApiEnvelope(ZCurrentAppointment) } },
    preValidation: can('rent', 'read'),
    handler: async (request) => {
      const { appointment, reviewedByMe } = await getAppointment(app.services.database, { actor: request.actor, ruid: request.params.ruid });
      return { msg: RENTS_API_MESSAGES.ok, data: { appointment: appointment ? wire(appointment) : null, reviewed_by_me: reviewedByMe } };
    },
  });

  app.post('/api/v1/rents/:ruid/appointment', {
    schema: { tags: ['citas'], summary: 'Solicitar una cita', params: ZRuidParams, response: { 200: ZApiEnvelope(ZAppointment) } },
    preValidation: can('rent', 'act'),
    handler: async (request) => ({ msg: APPT_API_MESSAGES.requested, data: wire(await requestAppointment(deps(), { actor: request.actor, ruid: request.params.ruid })) }),
  });

  app.post('/api/v1/rents/:ruid/appointment/times', {
    schema: { tags: ['citas'], summary: 'Proponer horarios de visita', params: ZRuidParams, body: ZProposeTimesBody, response: { 200: ZApiEnvelope(ZAppointment) } },
    preValidation: can('rent', 'act'),
    handler: async (request) => ({
      msg: APPT_API_MESSAGES.proposed,
      data: wire(await proposeTimes(deps(), { actor: request.actor, ruid: request.params.ruid, times: request.body.times, timeZone: request.body.time_zone })),
    }),
  });

  app.post('/api/v1/rents/:ruid/appointment/confirm', {
    schema: { tags: ['citas'], summary: 'Confirmar un horario de visita', params: ZRuidParams, body: ZConfirmAppointmentBody, response: { 200: ZApiEnvelope(ZAppointment) } },
    preValidation: can('rent', 'act'),
    handler: async (request) => ({ msg: APPT_API_MESSAGES.confirmed, data: wire(await confirmAppointment(deps(), { actor: request.actor, ruid: request.params.ruid, st: request.body.st, renterTimeZone: request.body.time_zone })) }),
  });

  app.post('/api/v1/rents/:ruid/appointment/cancel', {
    schema: { tags: ['citas'], summary: 'Cancelar la cita', params: ZRuidParams, response: { 200: ZApiEnvelope(z.null()) } },
    preValidation: can('rent', 'act'),
    handler: async (request) => {
      await cancelAppointment(deps(), { actor: request.actor, ruid: request.params.ruid });
      return { msg: APPT_API_MESSAGES.cancelled, data: null };
    },
  });

  app.post('/api/v1/appts/:auid/review', {
    schema: { tags: ['citas'], summary: 'Calificar una visita', params: ZAuidParams, body: ZReviewAppointmentBody, response: { 200: ZApiEnvelope(ZReviewResult) } },
    preValidation: can('rent', 'act'),
    handler: async (request) => ({
      msg: APPT_API_MESSAGES.reviewed,
      data: await reviewAppointment(app.services.database, { actor: request.actor, auid: request.params.auid, rating: request.body.rating, comment: request.body.comment }),
    }),
  });
});
