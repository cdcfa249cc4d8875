import { ZApiEnvelope, ZMyPropertiesResult, ZMyPropertiesV2Query } from '@nj/contracts';
import { listMyProperties } from '@nj/core';
import { defineRoute } from '../define-route.ts';
import { can } from '../../plugins/actor.ts';

/**
 * GET /api/v2/properties/my — the signed-in client's own listings with the search's filters and optional map
 * bounds (spec 01 §7 "Owner's properties: filters and bounds"): north/south/east/west (all four or none), op_type,
 * price_min/price_max (MXN), min_rooms/min_bathrooms/min_parking_spots, property_types, status (default both),
 * order_by, search, page. 401 for a visitor or anonymous client; bad input 400 in Spanish.
 * Answers `{ msg, data: { properties: ZOwnerPropertyCard[], total, page, page_size } }`.
 */
export default defineRoute((app) => {
  app.get('/api/v2/properties/my', {
    schema: {
      tags: ['mis propiedades'],
      summary: 'Propiedades del cliente con filtros y límites del mapa',
      querystring: ZMyPropertiesV2Query,
      response: { 200: ZApiEnvelope(ZMyPropertiesResult) },
    },
    preValidation: can('listing', 'list_own'),
    handler: async (request) => {
      const q = request.query;
      const bounds = q.north !== undefined && q.south !== undefined && q.east !== undefined && q.west !== undefined
        ? { north: q.north, south: q.south, east: q.east, west: q.west } : undefined;
      const data = await listMyProperties(app.services.database, {
        actor: request.actor, page: q.page, rates: app.services.config.exchangeRates,
        filter: {
          status: q.status, search: q.search, bounds, opType: q.op_type, priceMin: q.price_min, priceMax: q.price_max,
          minRooms: q.min_rooms, minBathrooms: q.min_bathrooms, minParking: q.min_parking_spots,
          types: q.property_types, orderBy: q.order_by,
        },
      });
      return { msg: 'OK', data };
    },
  });
});
