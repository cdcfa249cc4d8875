import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { CRM_MESSAGES as M, ZCrmClient, ZCrmClientDetail, ZCrmClientsPage, ZLeadInteractionsPage, responseBucket } from '@nj/contracts';
import { createTestClientSession } from '@nj/core/likes/testing/registered-session';
import { insertTestProperties } from '@nj/core/search/testing/insert-properties';
import { computeResponseTimes } from '@nj/core/crm/compute-response-times';
import { useTestApp } from '../../testing/test-app.ts';
import { callAs } from '../../testing/call-as.ts';

const t = useTestApp();
const hex = () => randomBytes(6).toString('hex');

/** An agency administered by a new client, with `agents` approved agents; and its auid. */
async function agencyWith(agents: number) {
  const db = t.database.db;
  const admin = await createTestClientSession(t.database);
  const auid = `ag${hex()}`;
  await sql`INSERT INTO agencies (auid, name, admin_cuid) VALUES (${auid}, ${`Agencia CRM ${auid}`}, ${admin.cuid})`.execute(db);
  const members = [];
  for (let i = 0; i < agents; i++) {
    const a = await createTestClientSession(t.database);
    await sql`INSERT INTO agency_agents (agent_uid, auid, cuid, status) VALUES (${`am${hex()}`}, ${auid}, ${a.cuid}, 'approved')`.execute(db);
    await sql`UPDATE clients SET is_agent = true WHERE cuid = ${a.cuid}`.execute(db);
    members.push(a);
  }
  return { auid, admin, agents: members };
}

describe('CRM (issue 16; spec 03 §7 CRM)', () => {
  it('scopes clients to the agency and the agent, filters, assigns, links listings and partners, notes; refusals in Spanish', async () => {
    const { app, database } = t;
    const { auid, admin, agents } = await agencyWith(2);
    const [a1, a2] = agents as [typeof admin, typeof admin];
    const other = await agencyWith(0);
    const plain = await createTestClientSession(database);
    const anonymous = await createTestClientSession(database, { anonymous: true });

    expect((await callAs(app, null, 'GET', '/api/v1/crm/clients')).statusCode).toBe(401);
    expect((await callAs(app, anonymous, 'GET', '/api/v1/crm/clients')).statusCode).toBe(401);
    const refused = await callAs(app, plain, 'GET', '/api/v1/crm/clients');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().msg).toBe(M.agentsOnly);

    for (const body of [{}, { name: '' }, { name: 'x'.repeat(121) }, { name: 'Ana', email: 'no-es-correo' }, { name: 'Ana', status: 'feliz' }, { name: 'Ana', type: 'turista' }, { name: 'Ana', phone: 'abc' }, []]) {
      const bad = await callAs(app, admin, 'POST', '/api/v1/crm/clients', body);
      expect(bad.statusCode, JSON.stringify(body)).toBe(400);
      expect(bad.json().msg).toMatch(/[a-záéíóú]/i);
    }
    const mine = ZCrmClient.parse((await callAs(app, admin, 'POST', '/api/v1/crm/clients', { name: 'Ana Pérez', email: 'ANA@correo.mx', phone: '33 1234 5678', type: 'comprador' })).json().data);
    expect(mine).toMatchObject({ name: 'Ana Pérez', email: 'ana@correo.mx', status: 'prospecto', assigned_to: { cuid: admin.cuid } });
    const his = ZCrmClient.parse((await callAs(app, a1, 'POST', '/api/v1/crm/clients', { name: 'Beto Ruiz', status: 'en_negociacion', type: 'arrendatario', compliant: true })).json().data);
    expect(his.assigned_to?.cuid).toBe(a1.cuid);

    // Who sees what: the administrator all, an agent their own, another agency nothing (404, never revealed).
    const list = async (who: typeof admin, q = '') => ZCrmClientsPage.parse((await callAs(app, who, 'GET', `/api/v1/crm/clients${q}`)).json().data);
    expect((await list(admin)).clients.map((c) => c.uid).sort()).toEqual([mine.uid, his.uid].sort());
    expect((await list(a1)).clients.map((c) => c.uid)).toEqual([his.uid]);
    expect((await list(a2)).total).toBe(0);
    expect((await list(other.admin)).total).toBe(0);
    for (const who of [a2, other.admin, plain]) {
      const r = await callAs(app, who, 'GET', `/api/v1/crm/clients/${his.uid}`);
      expect(r.statusCode).toBe(who === plain ? 403 : 404);
      expect((await callAs(app, who, 'PUT', `/api/v1/crm/clients/${his.uid}`, { name: 'Intruso' })).statusCode).toBe(who === plain ? 403 : 404);
      expect((await callAs(app, who, 'POST', `/api/v1/crm/clients/${his.uid}/notes`, { body: 'intruso' })).statusCode).toBe(who === plain ? 403 : 404);
    }
    expect((await callAs(app, a2, 'GET', `/api/v1/crm/clients/${his.uid}`)).json().msg).toBe(M.notFound);

    // Filters.
    expect((await list(admin, '?s=p%C3%A9rez')).clients.map((c) => c.uid)).toEqual([mine.uid]);
    expect((await list(admin, '?s=1234')).clients.map((c) => c.uid)).toEqual([mine.uid]);
    expect((await list(admin, '?cstatus=en_negociacion')).clients.map((c) => c.uid)).toEqual([his.uid]);
    expect((await list(admin, '?ctype=comprador')).clients.map((c) => c.uid)).toEqual([mine.uid]);
    expect((await list(admin, `?cassigned_to=${a1.cuid}`)).clients.map((c) => c.uid)).toEqual([his.uid]);
    expect((await list(admin, '?compliant=true')).clients.map((c) => c.uid)).toEqual([his.uid]);
    for (const q of ['?cstatus=x', '?ctype=x', '?compliant=si', '?page=0', `?s=${'x'.repeat(101)}`]) expect((await callAs(app, admin, 'GET', `/api/v1/crm/clients${q}`)).statusCode, q).toBe(400);

    // Update.
    expect((await callAs(app, a1, 'PUT', `/api/v1/crm/clients/${his.uid}`, {})).json().msg).toBe(M.emptyUpdate);
    const updated = await callAs(app, a1, 'PUT', `/api/v1/crm/clients/${his.uid}`, { status: 'activo', phone: '' });
    expect(updated.json().data).toMatchObject({ status: 'activo', phone: null });

    // Assignment: the administrator among the agency's agents; an agent may not.
    const byAgent = await callAs(app, a1, 'PUT', `/api/v1/crm/clients/${his.uid}/assigned_to`, { assigned_to: a2.cuid });
    expect(byAgent.statusCode).toBe(403);
    expect(byAgent.json().msg).toBe(M.adminAssigns);
    expect((await callAs(app, admin, 'PUT', `/api/v1/crm/clients/${his.uid}/assigned_to`, { assigned_to: plain.cuid })).json().msg).toBe(M.agentNotInAgency);
    expect((await callAs(app, other.admin, 'PUT', `/api/v1/crm/clients/${his.uid}/assigned_to`, { assigned_to: other.admin.cuid })).statusCode).toBe(404);
    expect((await callAs(app, admin, 'PUT', `/api/v1/crm/clients/${his.uid}/assigned_to`, { assigned_to: a2.cuid })).json().data.assigned_to.cuid).toBe(a2.cuid);
    expect((await list(a2)).clients.map((c) => c.uid)).toEqual([his.uid]);
    expect((await list(a1)).clients.map((c) => c.uid)).toEqual([his.uid]); // created by a1: still theirs to see

    // Listings.
    const [listing] = await insertTestProperties(database, [{ lat: 20.67, lng: -103.39, owner_cuid: admin.cuid, title: 'Casa en Providencia' }]);
    expect((await callAs(app, admin, 'POST', `/api/v1/crm/clients/${mine.uid}/props`, { puid: 'p_noexiste' })).statusCode).toBe(404);
    const linked = await callAs(app, admin, 'POST', `/api/v1/crm/clients/${mine.uid}/props`, { puid: listing!.puid });
    expect(linked.json().data.props.map((p: { puid: string }) => p.puid)).toEqual([listing!.puid]);
    await callAs(app, admin, 'POST', `/api/v1/crm/clients/${mine.uid}/props`, { puid: listing!.puid });
    expect((await callAs(app, admin, 'GET', `/api/v1/crm/clients/${mine.uid}/props`)).json().data.props).toHaveLength(1);
    expect((await callAs(app, other.admin, 'GET', `/api/v1/crm/clients/${mine.uid}/props`)).statusCode).toBe(404);

    // Partner: both sides; not itself, not another CRM's client.
    const stranger = ZCrmClient.parse((await callAs(app, other.admin, 'POST', '/api/v1/crm/clients', { name: 'De otra agencia' })).json().data);
    expect((await callAs(app, admin, 'POST', `/api/v1/crm/clients/${mine.uid}/partner`, { partner_uid: mine.uid })).json().msg).toBe(M.partnerSelf);
    expect((await callAs(app, admin, 'POST', `/api/v1/crm/clients/${mine.uid}/partner`, { partner_uid: stranger.uid })).json().msg).toBe(M.partnerNotFound);
    expect((await callAs(app, admin, 'POST', `/api/v1/crm/clients/${mine.uid}/partner`, { partner_uid: his.uid })).json().data.partner.uid).toBe(his.uid);
    expect(ZCrmClientDetail.parse((await callAs(app, admin, 'GET', `/api/v1/crm/clients/${his.uid}`)).json().data).client.partner?.uid).toBe(mine.uid);

    // Notes and the timeline.
    expect((await callAs(app, admin, 'POST', `/api/v1/crm/clients/${mine.uid}/notes`, { body: '  ' })).statusCode).toBe(400);
    const noted = ZCrmClientDetail.parse((await callAs(app, admin, 'POST', `/api/v1/crm/clients/${mine.uid}/notes`, { body: 'Busca 3 recámaras en Zapopan' })).json().data);
    expect(noted.timeline.map((e) => e.kind)).toEqual(expect.arrayContaining(['created', 'listing', 'note']));
    expect(noted.timeline.find((e) => e.kind === 'note')?.text).toBe('Busca 3 recámaras en Zapopan');

    // Unlink.
    expect((await callAs(app, admin, 'DELETE', `/api/v1/crm/clients/${mine.uid}/props/${listing!.puid}`)).json().data.props).toEqual([]);
    expect((await callAs(app, admin, 'DELETE', `/api/v1/crm/clients/${mine.uid}/props/${listing!.puid}`)).statusCode).toBe(404);

    // Link by what users see (decision 032): the number 'NJ-…' in any case, with or without 'NJ-', or the page's address.
    const linkBy = (ref: unknown) => callAs(app, admin, 'POST', `/api/v1/crm/clients/${mine.uid}/props`, { puid: ref });
    const linkedPuids = async (ref: string) => {
      const r = await linkBy(ref);
      expect(r.statusCode, `${ref}: ${r.body}`).toBe(200);
      const puids = r.json().data.props.map((p: { puid: string }) => p.puid);
      await callAs(app, admin, 'DELETE', `/api/v1/crm/clients/${mine.uid}/props/${listing!.puid}`);
      return puids;
    };
    const code = listing!.nj_uid.toUpperCase();
    for (const ref of [`NJ-${code}`, ` nj-${listing!.nj_uid} `, code.toLowerCase(), code, `https://www.nidojalisco.mx/propiedades/${listing!.slug}`,
      `https://nidojalisco.mx/propiedades/NJ-${code}?ref=crm#fotos`, `nidojalisco.mx/propiedades/${listing!.slug}/`, `/propiedades/${listing!.slug}`]) {
      expect(await linkedPuids(ref), ref).toEqual([listing!.puid]);
    }
    // Unknown numbers and addresses of other pages: the same Spanish 404; nothing linked.
    for (const ref of ['NJ-FFFFFFF0', 'ffffff0', 'https://nidojalisco.mx/propiedades/no-existe', 'https://nidojalisco.mx/favoritos', 'https://%zz/propiedades/x', 'https://nidojalisco.mx/propiedades/%E0%A4%A']) {
      const r = await linkBy(ref);
      expect([r.statusCode, r.json().msg], ref).toEqual([404, M.propertyNotFound]);
    }
    for (const ref of ['', '   ', 'x'.repeat(501), 42, null]) {
      const r = await linkBy(ref);
      expect([r.statusCode, r.json().msg], String(ref)).toEqual([400, M.listingRefInvalid]);
    }
    expect((await callAs(app, admin, 'GET', `/api/v1/crm/clients/${mine.uid}/props`)).json().data.props).toEqual([]);

    // Documents space: per agency, per independent agent.
    expect((await callAs(app, a1, 'GET', '/api/v1/crm/docs/space')).json().data).toMatchObject({ used_bytes: 0, quota_bytes: 5 * 1024 ** 3, auid });
    const independent = await createTestClientSession(database);
    await sql`UPDATE clients SET is_agent = true WHERE cuid = ${independent.cuid}`.execute(database.db);
    expect((await callAs(app, independent, 'GET', '/api/v1/crm/docs/space')).json().data).toMatchObject({ quota_bytes: 1024 ** 3, auid: null });
    const own = ZCrmClient.parse((await callAs(app, independent, 'POST', '/api/v1/crm/clients', { name: 'Cliente independiente' })).json().data);
    expect((await callAs(app, admin, 'GET', `/api/v1/crm/clients/${own.uid}`)).statusCode).toBe(404);
    expect((await callAs(app, independent, 'GET', `/api/v1/crm/clients/${mine.uid}`)).statusCode).toBe(404);
  });

  it("the agency's setting lets its agents see every CRM client; only the administrator changes it", async () => {
    const { app } = t;
    const { auid, admin, agents } = await agencyWith(1);
    const [agent] = agents as [typeof admin];
    const other = await agencyWith(1);
    const theirs = ZCrmClient.parse((await callAs(app, admin, 'POST', '/api/v1/crm/clients', { name: 'Carla del administrador' })).json().data);
    const list = async (who: typeof admin) => ZCrmClientsPage.parse((await callAs(app, who, 'GET', '/api/v1/crm/clients')).json().data).clients.map((c) => c.uid);
    expect(await list(agent)).toEqual([]);
    expect((await callAs(app, agent, 'GET', `/api/v1/crm/clients/${theirs.uid}`)).statusCode).toBe(404);

    expect((await callAs(app, agent, 'PUT', `/api/v1/agencies/${auid}`, { crm_agents_see_all: true })).statusCode).toBe(403);
    expect((await callAs(app, admin, 'PUT', `/api/v1/agencies/${auid}`, { crm_agents_see_all: 'sí' })).statusCode).toBe(400);
    const on = await callAs(app, admin, 'PUT', `/api/v1/agencies/${auid}`, { crm_agents_see_all: true });
    expect(on.json().data.crm_agents_see_all).toBe(true);
    expect(await list(agent)).toEqual([theirs.uid]);
    expect((await callAs(app, agent, 'GET', `/api/v1/crm/clients/${theirs.uid}`)).statusCode).toBe(200);
    expect(await list(other.agents[0]!)).toEqual([]);

    await callAs(app, admin, 'PUT', `/api/v1/agencies/${auid}`, { crm_agents_see_all: false });
    expect(await list(agent)).toEqual([]);
  });

  it('imports clients from CSV: good rows kept, bad rows reported per line in Spanish', async () => {
    const { app } = t;
    const { admin } = await agencyWith(0);
    const csv = 'Nombre;Correo;Teléfono;Estado;Tipo\nLuisa Gómez;luisa@correo.mx;3312345678;En negociación;Arrendatario\nSin correo;no-es-correo;;;\n;x@y.mx;;;\nPedro Sol;;;cerrado;inversionista\nMal Estado;;;feliz;\n';
    const r = await callAs(app, admin, 'POST', '/api/v1/crm/clients/import', { csv });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().data.imported).toBe(2);
    expect(r.json().data.errors).toEqual([
      { line: 3, msg: M.rowError(3, M.emailInvalid) },
      { line: 4, msg: M.rowError(4, M.nameInvalid) },
      { line: 6, msg: M.rowError(6, M.statusInvalid) },
    ]);
    const page = ZCrmClientsPage.parse((await callAs(app, admin, 'GET', '/api/v1/crm/clients')).json().data);
    expect(page.clients.map((c) => [c.name, c.status, c.type]).sort()).toEqual([['Luisa Gómez', 'en_negociacion', 'arrendatario'], ['Pedro Sol', 'cerrado', 'inversionista']]);
    expect((await callAs(app, admin, 'POST', '/api/v1/crm/clients/import', { csv: 'correo\nx@y.mx\n' })).json().msg).toBe(M.csvNoName);
    expect((await callAs(app, admin, 'POST', '/api/v1/crm/clients/import', { csv: '' })).statusCode).toBe(400);
    expect((await callAs(app, admin, 'POST', '/api/v1/crm/clients/import', { csv: 'x'.repeat(600 * 1024) })).statusCode).toBe(400);
  });

  it('lead history with first-response times; a lead becomes a CRM client once; the response-time median', async () => {
    const { app, database } = t;
    const db = database.db;
    const { auid, admin, agents } = await agencyWith(2);
    const [a1, a2] = agents as [typeof admin, typeof admin];
    const other = await agencyWith(0);
    const [listing] = await insertTestProperties(database, [{ lat: 20.67, lng: -103.39, owner_cuid: admin.cuid, agent_cuid: a1.cuid, title: 'Depa asignado', is_venta: true, is_renta: false }]);
    const sent = await callAs(app, null, 'POST', '/api/v1/leads/contact', { puid: listing!.puid, name: 'Visitante Uno', phone: '3311223344', email: 'visitante@correo.mx', message: 'Me interesa' });
    expect(sent.statusCode, sent.body).toBe(200);
    // A conversation answered after 30 minutes, with a visit.
    const renter = await createTestClientSession(database);
    const ruid = `r_${hex()}`;
    const t0 = new Date(Date.now() - 3 * 3600_000);
    await db.insertInto('rents').values({ ruid, puid: listing!.puid, renter_cuid: renter.cuid, owner_cuid: a1.cuid, price: 9000, maintenance_fee: null, created_at: t0 }).execute();
    await db.insertInto('rent_messages').values([
      { muid: `m_${hex()}`, ruid, from_cuid: renter.cuid, to_cuid: a1.cuid, text: 'Hola, ¿sigue disponible?', created_at: t0 },
      { muid: `m_${hex()}`, ruid, from_cuid: a1.cuid, to_cuid: renter.cuid, text: 'Sí', created_at: new Date(t0.getTime() + 1800_000) },
    ]).execute();
    await db.insertInto('appointments').values({ auid: `a_${hex()}`, ruid, status: 'requested' }).execute();

    const history = async (who: typeof admin, q = '') => {
      const r = await callAs(app, who, 'GET', `/api/v1/leads/interactions${q}`);
      expect(r.statusCode, r.body).toBe(200);
      return ZLeadInteractionsPage.parse(r.json().data).interactions;
    };
    const mine = await history(a1);
    expect(mine.map((i) => [i.kind, i.first_response_seconds])).toEqual([['contact', null], ['visit', 1800]]);
    expect(mine[0]).toMatchObject({ name: 'Visitante Uno', email: 'visitante@correo.mx', crm_uid: null });
    expect((await history(admin, `?agency=${auid}`)).length).toBe(2);
    expect((await history(admin)).length).toBe(2); // without agency: the listings they publish (this one) or are assigned
    expect((await history(a2)).length).toBe(0);
    expect((await history(a2, `?agency=${auid}`)).length).toBe(0);
    expect((await history(a1, `?puid=${listing!.puid}`)).length).toBe(2);
    expect((await callAs(app, other.admin, 'GET', `/api/v1/leads/interactions?agency=${auid}`)).statusCode).toBe(404);
    expect((await callAs(app, null, 'GET', '/api/v1/leads/interactions')).statusCode).toBe(401);

    // Convert: one click, idempotent; another agency cannot.
    const ref = mine[0]!.ref;
    expect((await callAs(app, other.admin, 'POST', '/api/v1/leads/interactions/convert', { ref })).statusCode).toBe(404);
    expect((await callAs(app, a1, 'POST', '/api/v1/leads/interactions/convert', { ref: 'x' })).statusCode).toBe(400);
    const first = ZCrmClient.parse((await callAs(app, a1, 'POST', '/api/v1/leads/interactions/convert', { ref })).json().data);
    const again = ZCrmClient.parse((await callAs(app, admin, 'POST', '/api/v1/leads/interactions/convert', { ref })).json().data);
    expect(again.uid).toBe(first.uid);
    expect(first).toMatchObject({ name: 'Visitante Uno', email: 'visitante@correo.mx', phone: '+523311223344', type: 'comprador', status: 'prospecto', props_count: 1, assigned_to: { cuid: a1.cuid } });
    expect((await history(a1))[0]!.crm_uid).toBe(first.uid);
    const fromRent = ZCrmClient.parse((await callAs(app, a1, 'POST', '/api/v1/leads/interactions/convert', { ref: `rent:${ruid}` })).json().data);
    expect(fromRent.linked).toBe(true);
    const detail = ZCrmClientDetail.parse((await callAs(app, a1, 'GET', `/api/v1/crm/clients/${fromRent.uid}`)).json().data);
    expect(detail.timeline.map((e) => e.kind)).toEqual(expect.arrayContaining(['conversation', 'visit', 'listing', 'created']));

    // The badge's median over the last 30 days.
    for (const minutes of [10, 20]) {
      const r2 = `r_${hex()}`;
      const other2 = await createTestClientSession(database);
      const at = new Date(Date.now() - 2 * 86400_000);
      await db.insertInto('rents').values({ ruid: r2, puid: listing!.puid, renter_cuid: other2.cuid, owner_cuid: a1.cuid, price: 9000, maintenance_fee: null, created_at: at }).execute();
      await db.insertInto('rent_messages').values([
        { muid: `m_${hex()}`, ruid: r2, from_cuid: other2.cuid, to_cuid: a1.cuid, text: 'Hola', created_at: at },
        { muid: `m_${hex()}`, ruid: r2, from_cuid: a1.cuid, to_cuid: other2.cuid, text: 'Hola', created_at: new Date(at.getTime() + minutes * 60_000) },
      ]).execute();
    }
    await computeResponseTimes(database);
    const row = await sql<{ median_seconds: number; samples: number }>`SELECT median_seconds, samples FROM agent_response_times WHERE cuid = ${a1.cuid}`.execute(db);
    expect(row.rows[0]).toEqual({ median_seconds: 1200, samples: 3 });
    expect(responseBucket(row.rows[0]!.median_seconds)?.label).toBe('Responde en menos de 1 hora');
    // Shown on the listing's advertiser box (the assigned agent) and on the agent's public profile.
    const detailPage = await callAs(app, null, 'GET', `/api/v1/properties/${listing!.puid}`);
    expect(detailPage.json().data.advertiser.response_time).toBe('Responde en menos de 1 hora');
    expect((await callAs(app, null, 'GET', `/api/v1/clients/${a1.cuid}/profile`)).json().data.response_time).toBe('Responde en menos de 1 hora');
    expect((await callAs(app, null, 'GET', `/api/v1/clients/${admin.cuid}/profile`)).json().data.response_time).toBeNull();
  });
});
