import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { openTestDatabase, type Database } from '@nj/db';
import { LISTING_AGENT_MESSAGES, RENTS_MESSAGES, ZContactResult, ZRentList } from '@nj/contracts';
import { insertTestProperties } from '@nj/core/search/testing/insert-properties';
import { createTestClientSession } from '@nj/core/likes/testing/registered-session';
import { buildApp } from '../../app.ts';
import { readServerConfig } from '../../config.ts';
import { callAs } from '../../testing/call-as.ts';

// Fixtures near Isla San Benedicto (Revillagigedo), away from seeded listings and other test files' fixtures.
let database: Database;
let app: FastifyInstance;
type Who = { cuid: string; token: string };
let owner: Who; let agent: Who; let notAgent: Who; let renter: Who;
let listing: string;

const call = (who: Who | null, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) => callAs(app, who, method, url, payload);

beforeAll(async () => {
  database = await openTestDatabase();
  app = await buildApp({ database, config: readServerConfig({ SESSION_SECRET: 'a'.repeat(40) }) });
  [owner, agent, notAgent, renter] = (await Promise.all([0, 1, 2, 3].map(() => createTestClientSession(database)))) as [Who, Who, Who, Who];
  await database.db.updateTable('clients').set({ email: 'asesora@inmobiliaria.mx', nickname: 'Asesora Lupita', is_agent: true }).where('cuid', '=', agent!.cuid).execute();
  await database.db.updateTable('clients').set({ email: 'vecino@example.mx', nickname: 'Vecino' }).where('cuid', '=', notAgent!.cuid).execute();
  await database.db.updateTable('clients').set({ email: 'duena@example.mx', nickname: 'Dueña', is_agent: true }).where('cuid', '=', owner!.cuid).execute();
  [{ puid: listing }] = await insertTestProperties(database, [
    { lat: 19.52, lng: -110.81, owner_cuid: owner!.cuid, rent_price: 21000 },
  ]) as unknown as [{ puid: string }];
});
afterAll(async () => {
  await app?.close();
  await database?.close();
});

describe('a listing assigned to an agent (issue 11: the rent goes to the owner or the agent it is assigned to)', () => {
  it('only the owner assigns a registered agent; new conversations, the advertiser box and the offers go to the agent', async () => {
    expect((await call(null, 'PUT', `/api/v1/property/${listing}/agent`, { email: 'asesora@inmobiliaria.mx' })).statusCode).toBe(401);
    expect((await call(agent, 'PUT', `/api/v1/property/${listing}/agent`, { email: 'asesora@inmobiliaria.mx' })).statusCode).toBe(403);
    const nobody = await call(owner, 'PUT', `/api/v1/property/${listing}/agent`, { email: 'nadie@example.mx' });
    expect([nobody.statusCode, nobody.json().msg]).toEqual([400, LISTING_AGENT_MESSAGES.notAnAgent]);
    expect((await call(owner, 'PUT', `/api/v1/property/${listing}/agent`, { email: 'duena@example.mx' })).json().msg).toBe(LISTING_AGENT_MESSAGES.notYourself);
    expect((await call(owner, 'PUT', `/api/v1/property/${listing}/agent`, { email: 'no es correo' })).statusCode).toBe(400);
    expect((await call(owner, 'GET', `/api/v1/property/${listing}/agent`)).json().data).toEqual({ agent: null });

    const assigned = await call(owner, 'PUT', `/api/v1/property/${listing}/agent`, { email: '  Asesora@Inmobiliaria.MX ' });
    expect(assigned.statusCode, assigned.body).toBe(200);
    expect(assigned.json().data).toEqual({ agent: { cuid: agent.cuid, nickname: 'Asesora Lupita', email: 'asesora@inmobiliaria.mx' } });
    expect((await call(null, 'GET', `/api/v1/properties/${listing}`)).json().data.advertiser.nickname).toBe('Asesora Lupita');

    const { ruid } = ZContactResult.parse((await call(renter, 'POST', '/api/v1/rents', { puid: listing, text: '¿Está disponible?' })).json().data);
    expect((await call(agent, 'GET', `/api/v1/rents/${ruid}`)).statusCode).toBe(200);
    expect((await call(owner, 'GET', `/api/v1/rents/${ruid}`)).statusCode).toBe(404);
    const offers = ZRentList.parse((await call(agent, 'GET', `/api/v1/rents?t=owner&puid=${listing}`)).json().data);
    expect(offers.rents.map((r) => r.ruid)).toEqual([ruid]);
    expect((await call(agent, 'POST', '/api/v1/rents', { puid: listing, text: 'Hola' })).json().msg).toBe(RENTS_MESSAGES.ownListing);

    // Removing the agent: the next renter talks to the owner; the conversation that began stays with the agent.
    expect((await call(owner, 'PUT', `/api/v1/property/${listing}/agent`, { email: null })).json().data).toEqual({ agent: null });
    const later = ZContactResult.parse((await call(notAgent, 'POST', '/api/v1/rents', { puid: listing, text: 'Hola' })).json().data);
    expect((await call(owner, 'GET', `/api/v1/rents/${later.ruid}`)).statusCode).toBe(200);
    expect((await call(agent, 'GET', `/api/v1/rents/${ruid}`)).statusCode).toBe(200);
  });
});
