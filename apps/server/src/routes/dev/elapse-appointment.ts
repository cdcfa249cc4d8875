import { z } from 'zod';
import { COMMON_MESSAGES, ZApiEnvelope, ZAuidParams } from '@nj/contracts';
import { AppError, appointmentsRepository } from '@nj/core';
import { defineRoute } from '../define-route.ts';
import { can } from '../../plugins/actor.ts';
import { isLocalRequest } from './get-outbox.ts';

/**
 * POST /api/dev/appointments/{auid}/elapse — development and end-to-end stories only: a confirmed visit is moved to
 * the past (it started two hours ago and ended one hour ago) so both sides can rate it at once (issue 11 'Visits':
 * 'after the visit each side rates the other'). Like the outbox it exists only with DEV_OUTBOX=1 outside production
 * and only for requests from this machine; anything else gets the Spanish 404 of an unknown route, as does an auid
 * that is unknown or not confirmed.
 */
export default defineRoute((app) => {
  app.post('/api/dev/appointments/:auid/elapse', {
    schema: { tags: ['desarrollo'], summary: 'Pasar una visita confirmada al pasado (solo desarrollo)', params: ZAuidParams, response: { 200: ZApiEnvelope(z.null()) } },
    preValidation: can('system', 'dev_outbox'),
    handler: async (request) => {
      const { devOutbox, isProduction } = app.services.config;
      if (!devOutbox || isProduction || !isLocalRequest(request)) throw new AppError('NOT_FOUND', COMMON_MESSAGES.routeNotFound);
      if (!(await appointmentsRepository.moveToPast(app.services.database, request.params.auid, new Date()))) {
        throw new AppError('NOT_FOUND', COMMON_MESSAGES.routeNotFound);
      }
      return { msg: COMMON_MESSAGES.ok, data: null };
    },
  });
});
