import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { INTEGRATION_MESSAGES as M, ZIntegrationsList, ZPullResult } from '@nj/contracts';
import { createTestClientSession } from '@nj/core/likes/testing/registered-session';
import { SANDBOX_LISTINGS, sandboxListings } from '@nj/core/integrations/sandbox-listings';
import { createFakeEasyBroker, easyBrokerProperty, inProcessFetch } from '@nj/core/integrations/fake-provider-apis';
import { createEasyBrokerClient } from '@nj/core/integrations/easybroker-client';
import { runDueJobs } from '@nj/core/jobs/job-worker';
import { INTEGRATION_PHOTOS_JOB } from '@nj/core/integrations/sync-listing-photos';
import { jobHandlers, type JobDeps } from '../../jobs/job-handlers.ts';
import { useTestApp } from '../../testing/test-app.ts';
import { callAs } from '../../testing/call-as.ts';
import { SESSION_COOKIE } from '../../plugins/session.ts';

const t = useTestApp();
const uniq = () => Math.random().toString(36).slice(2, 8);

describe('integrations (issue 16; spec 03 §7 Leads and integrations)', () => {
  it('an agency connects EasyBroker, simulates, pulls through the importer, re-pulls and deactivates what the source dropped', async () => {
    const { app, database } = t;
    const admin = await createTestClientSession(database);
    const stranger = await createTestClientSession(database);
    const anonymous = await createTestClientSession(database, { anonymous: true });
    expect((await callAs(app, null, 'GET', '/api/v1/integrations')).statusCode).toBe(401);
    expect((await callAs(app, anonymous, 'GET', '/api/v1/integrations')).statusCode).toBe(401);
    expect((await callAs(app, admin, 'GET', '/api/v1/integrations')).json().data).toEqual({ auid: null, items: [] });
    expect((await callAs(app, admin, 'POST', '/api/v1/integrations', { provider: 'easybroker', api_key: 'llave-sin-agencia' })).json().msg).toBe(M.noAgency);

    const created = await callAs(app, admin, 'POST', '/api/v1/agencies', { name: `Inmobiliaria Sincronizada ${uniq()}` });
    expect(created.statusCode, created.body).toBe(200);
    const auid = created.json().data.auid as string;

    // Bad input: Spanish 400, nothing stored.
    for (const body of [{}, { provider: 'otro' }, { provider: 'easybroker' }, { provider: 'easybroker', api_key: 'corta' }, { provider: 'easybroker', api_key: 'con espacios dentro' },
      { provider: 'kw', client_id: 'ab', client_secret: 'secreto-largo' }, { provider: 'kw', client_id: 'cliente' }, 'x', []]) {
      const bad = await callAs(app, admin, 'POST', '/api/v1/integrations', body);
      expect([400, 415], JSON.stringify(body)).toContain(bad.statusCode);
      expect(bad.json().msg).toMatch(/[a-záéíóú]/i);
    }
    // The provider refuses the key: 409 in Spanish, nothing stored.
    const refused = await callAs(app, admin, 'POST', '/api/v1/integrations', { provider: 'easybroker', api_key: 'rechazada-1234' });
    expect([refused.statusCode, refused.json().msg]).toEqual([409, M.credentialsRefused]);
    expect((await callAs(app, admin, 'GET', '/api/v1/integrations')).json().data).toEqual({ auid, items: [] });
    // Someone else cannot connect or pull for this agency.
    expect((await callAs(app, stranger, 'POST', '/api/v1/integrations', { provider: 'easybroker', api_key: 'llave-intrusa-99' })).statusCode).toBe(403);
    expect((await callAs(app, admin, 'GET', '/api/v1/integrations/easybroker/pull?dryrun')).json().msg).toBe(M.notConnected);

    const apiKey = `llave-${uniq()}-secreta`;
    const connected = await callAs(app, admin, 'POST', '/api/v1/integrations', { provider: 'easybroker', api_key: apiKey });
    expect(connected.statusCode, connected.body).toBe(200);
    expect(connected.json().data).toMatchObject({ provider: 'easybroker', credentials_hint: apiKey.slice(-4), listings: 0, runs: [] });
    const stored = await sql<{ credentials_sealed: string }>`SELECT credentials_sealed FROM integration_connections WHERE auid = ${auid}`.execute(database.db);
    expect(stored.rows[0]!.credentials_sealed).not.toContain(apiKey);
    expect(stored.rows[0]!.credentials_sealed.startsWith('v1.')).toBe(true);
    expect(JSON.stringify((await callAs(app, admin, 'GET', '/api/v1/integrations')).json())).not.toContain(apiKey);

    const mine = async () => (await sql<{ puid: string; source_id: string; is_active: boolean; integration: string; owner_cuid: string; rent_commission_type: string; sale_commission_type: string; title: string }>`
      SELECT p.puid, p.source_id, p.is_active, p.integration, p.owner_cuid, p.rent_commission_type, p.sale_commission_type, p.title
      FROM properties p JOIN integration_connections c ON c.iuid = p.integration_iuid WHERE c.auid = ${auid} ORDER BY p.source_id`.execute(database.db)).rows;

    // Dry run: what would happen, nothing written; bad flags refused.
    expect((await callAs(app, admin, 'GET', '/api/v1/integrations/easybroker/pull?dryrun=quizá')).statusCode).toBe(400);
    expect((await callAs(app, admin, 'GET', '/api/v1/integrations/easybroker/pull?ebid=no%20vale')).statusCode).toBe(400);
    const dry = ZPullResult.parse((await callAs(app, admin, 'GET', '/api/v1/integrations/easybroker/pull?dryrun')).json().data);
    expect(dry).toMatchObject({ dry_run: true, created: SANDBOX_LISTINGS, updated: 0, deactivated: 0, failed: 0, run: { dry_run: true, trigger: 'manual', is_complete: true } });
    expect(await mine()).toEqual([]);

    // A writing pull is a GET as the spec names it, but needs the CSRF header.
    const noCsrf = await app.inject({ method: 'GET', url: '/api/v1/integrations/easybroker/pull', cookies: { [SESSION_COOKIE]: admin!.token } });
    expect(noCsrf.statusCode).toBe(403);
    expect(await mine()).toEqual([]);
    const pulled = ZPullResult.parse((await callAs(app, admin, 'GET', '/api/v1/integrations/easybroker/pull')).json().data);
    expect(pulled).toMatchObject({ dry_run: false, created: SANDBOX_LISTINGS, updated: 0, failed: 0 });
    const rows = await mine();
    expect(rows).toHaveLength(SANDBOX_LISTINGS);
    expect(rows.every((r) => r.is_active && r.integration === 'easybroker' && r.owner_cuid === admin!.cuid)).toBe(true);
    // Commissions mapped: months for rentals, a percentage for sales.
    expect(new Set(rows.map((r) => `${r.rent_commission_type}/${r.sale_commission_type}`))).toEqual(new Set(['months/none', 'none/percentaje']));
    // The presenter's source flag.
    const detail = await callAs(app, null, 'GET', `/api/v1/properties/${rows[0]!.puid}`);
    expect(detail.json().data.integrations).toEqual({ easybroker: true, kw: false });

    // A second complete sync: nothing new, nothing changed.
    const again = ZPullResult.parse((await callAs(app, admin, 'GET', '/api/v1/integrations/easybroker/pull?dryrun=true')).json().data);
    expect(again).toMatchObject({ created: 0, updated: 0, unchanged: SANDBOX_LISTINGS, deactivated: 0 });

    // The source no longer publishes one of ours (its id is not in the source): a complete pull deactivates it.
    await sql`UPDATE properties SET source_id = 'EB-YA-NO-ESTA' WHERE puid = ${rows[0]!.puid}`.execute(database.db);
    const drop = ZPullResult.parse((await callAs(app, admin, 'GET', '/api/v1/integrations/easybroker/pull')).json().data);
    expect(drop).toMatchObject({ created: 1, deactivated: 1 });
    expect(drop.items.find((i) => i.action === 'deactivate')).toMatchObject({ source_id: 'EB-YA-NO-ESTA', puid: rows[0]!.puid });
    expect((await mine()).find((r) => r.puid === rows[0]!.puid)?.is_active).toBe(false);

    // One listing by its id; an unknown id is a Spanish 404.
    const one = ZPullResult.parse((await callAs(app, admin, 'GET', `/api/v1/integrations/easybroker/pull?dryrun&ebid=${rows[1]!.source_id}`)).json().data);
    expect(one.items).toHaveLength(1);
    expect(one.run.is_complete).toBe(false);
    const unknown = await callAs(app, admin, 'GET', '/api/v1/integrations/easybroker/pull?dryrun&ebid=EB-NADA');
    expect([unknown.statusCode, unknown.json().msg]).toEqual([404, M.listingNotFoundAtProvider]);

    // The history, newest first, with counts; the failed one kept its reason.
    const list = ZIntegrationsList.parse((await callAs(app, admin, 'GET', '/api/v1/integrations')).json().data);
    expect(list.items[0]!.listings).toBe(SANDBOX_LISTINGS);
    expect(list.items[0]!.last_complete_sync_at).not.toBeNull();
    expect(list.items[0]!.runs.map((r) => [r.dry_run, r.created, r.deactivated, r.error])).toEqual([
      [true, 0, 0, M.listingNotFoundAtProvider], [true, 0, 0, null], [false, 1, 1, null], [true, 0, 0, null], [false, SANDBOX_LISTINGS, 0, null], [true, SANDBOX_LISTINGS, 0, null],
    ]);
  });

  it('KW connects with client credentials and pulls with its own call; the listings carry the kw flag', async () => {
    const { app, database } = t;
    const admin = await createTestClientSession(database);
    expect((await callAs(app, admin, 'POST', '/api/v1/agencies', { name: `Agencia KW ${uniq()}` })).statusCode).toBe(200);
    const refused = await callAs(app, admin, 'POST', '/api/v1/integrations', { provider: 'kw', client_id: 'rechazada-kw', client_secret: 'secreto-kw-123' });
    expect(refused.statusCode).toBe(409);
    const ok = await callAs(app, admin, 'POST', '/api/v1/integrations', { provider: 'kw', client_id: `agencia-${uniq()}`, client_secret: 'secreto-kw-123' });
    expect(ok.statusCode, ok.body).toBe(200);
    const pulled = ZPullResult.parse((await callAs(app, admin, 'GET', '/api/v1/integrations/kw/pull')).json().data);
    expect(pulled).toMatchObject({ created: SANDBOX_LISTINGS, failed: 0 });
    const detail = await callAs(app, null, 'GET', `/api/v1/properties/${pulled.items[0]!.puid}`);
    expect(detail.json().data.integrations).toEqual({ easybroker: false, kw: true });
    // Decision 033 'Photos': none yet; the server's photo job downloads the sandbox's three JPEGs per listing.
    expect(detail.json().data.images).toEqual([]);
    await runDueJobs(database, jobHandlers(app.services as unknown as JobDeps), [INTEGRATION_PHOTOS_JOB], 120_000);
    const withPhotos = (await callAs(app, null, 'GET', `/api/v1/properties/${pulled.items[0]!.puid}`)).json().data;
    expect(withPhotos.images).toHaveLength(3);
    const card = await app.inject({ method: 'GET', url: withPhotos.images[0].url.card });
    expect([card.statusCode, card.headers['content-type']]).toEqual([200, 'image/webp']);
  });

  it('a listing the source marks sold is deactivated; one without a point fails with its reason; another owner\'s is left alone', async () => {
    const { app, database } = t;
    const listings = sandboxListings('propias', 'EB-T').map(easyBrokerProperty).slice(0, 3);
    listings[2] = { ...listings[2]!, location: { name: 'Centro, Guadalajara, Jalisco', latitude: null, longitude: null } };
    const fake = createFakeEasyBroker({ listings: () => listings, ratePerSecond: 1000 });
    const saved = app.services.listingSources.easybroker;
    app.services.listingSources.easybroker = createEasyBrokerClient({ baseUrl: 'http://easybroker.prueba/v1', fetch: inProcessFetch(fake) });
    try {
      const admin = await createTestClientSession(database);
      expect((await callAs(app, admin, 'POST', '/api/v1/agencies', { name: `Agencia Vendida ${uniq()}` })).statusCode).toBe(200);
      expect((await callAs(app, admin, 'POST', '/api/v1/integrations', { provider: 'easybroker', api_key: `llave-${uniq()}-x` })).statusCode).toBe(200);
      const first = ZPullResult.parse((await callAs(app, admin, 'GET', '/api/v1/integrations/easybroker/pull')).json().data);
      expect(first).toMatchObject({ created: 2, failed: 1 });
      expect(first.items.find((i) => i.action === 'fail')).toMatchObject({ source_id: listings[2]!.public_id, reason: M.noPoint });
      // Sold at the source (still listed by id): the pull of that one listing deactivates ours.
      listings[0] = { ...listings[0]!, status: 'sold', updated_at: new Date().toISOString() };
      const sold = ZPullResult.parse((await callAs(app, admin, 'GET', `/api/v1/integrations/easybroker/pull?ebid=${listings[0]!.public_id}`)).json().data);
      expect(sold).toMatchObject({ deactivated: 1, created: 0 });
      const row = await sql<{ is_active: boolean }>`SELECT is_active FROM properties WHERE source = 'easybroker' AND source_id = ${String(listings[0]!.public_id)}`.execute(database.db);
      expect(row.rows[0]!.is_active).toBe(false);
      // Another agency connecting the same account cannot take these listings.
      const other = await createTestClientSession(database);
      expect((await callAs(app, other, 'POST', '/api/v1/agencies', { name: `Agencia Ajena ${uniq()}` })).statusCode).toBe(200);
      expect((await callAs(app, other, 'POST', '/api/v1/integrations', { provider: 'easybroker', api_key: `llave-${uniq()}-y` })).statusCode).toBe(200);
      const theirs = ZPullResult.parse((await callAs(app, other, 'GET', '/api/v1/integrations/easybroker/pull')).json().data);
      // (the sold one is no longer listed as published; the one without a point fails for that)
      expect(theirs).toMatchObject({ created: 0, updated: 0, failed: 2 });
      expect(theirs.items.filter((i) => i.reason === M.ownedByAnother).map((i) => i.source_id)).toEqual([listings[1]!.public_id]);
    } finally {
      app.services.listingSources.easybroker = saved;
    }
  });
});
