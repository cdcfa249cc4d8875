import { OFFER_MESSAGES, RENTS_API_MESSAGES, ZApiEnvelope, ZRentPersons, ZRuidParams, ZUpdatePersonBody } from '@nj/contracts';
import { getRentPersons, updatePersonField } from '@nj/core';
import { defineRoute } from '../define-route.ts';
import { can } from '../../plugins/actor.ts';

/**
 * The people's data of a rent (issue 12 'The proposal'; spec 03 §7 'load all personal data of a process' and
 * 'update one person field', whose paths the spec does not show), for the renter of the rent:
 * - GET /api/v1/rents/{ruid}/persons — renter, second renter, aval (ZRentPersons); 403 for the owner, 404 for others.
 * - PUT /api/v1/rents/{ruid}/person `{ person, field, value }` — one field, 'Campo actualizado con éxito' and the
 *   refreshed data; 400 with `fields` naming what is wrong (CURP/RFC/IDMEX by structure, check digit and agreement
 *   with the names and birthdate); 409 outside client_offer_in_process.
 */
export default defineRoute((app) => {
  app.get('/api/v1/rents/:ruid/persons', {
    schema: { tags: ['rentas'], summary: 'Datos personales del proceso de renta', params: ZRuidParams, response: { 200: ZApiEnvelope(ZRentPersons) } },
    preValidation: can('rent', 'read'),
    handler: async (request) => ({
      msg: RENTS_API_MESSAGES.ok,
      data: await getRentPersons({ database: app.services.database, dataKey: app.services.config.dataKey }, { actor: request.actor, ruid: request.params.ruid }),
    }),
  });

  app.put('/api/v1/rents/:ruid/person', {
    schema: { tags: ['rentas'], summary: 'Guardar un dato personal', params: ZRuidParams, body: ZUpdatePersonBody, response: { 200: ZApiEnvelope(ZRentPersons) } },
    preValidation: can('rent', 'act'),
    handler: async (request) => ({
      msg: OFFER_MESSAGES.fieldUpdated,
      data: await updatePersonField({ database: app.services.database, dataKey: app.services.config.dataKey }, {
        actor: request.actor, ruid: request.params.ruid, person: request.body.person, field: request.body.field, value: request.body.value,
      }),
    }),
  });
});
