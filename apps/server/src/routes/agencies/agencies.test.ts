import { describe, expect, it } from 'vitest';
import { AGENCY_MESSAGES as M, ASSOCIATION_MESSAGES as A, ZAgency, ZAgencyAgentsPage, ZAgencyPropertiesPage, ZMyAgency } from '@nj/contracts';
import { createTestClientSession } from '@nj/core/likes/testing/registered-session';
import { insertTestProperties } from '@nj/core/search/testing/insert-properties';
import { testPdf, testPng } from '@nj/core/rent-documents/testing/document-fixtures';
import { paymentTables } from '@nj/core/payments/payments-tables';
import { grantAgencyPlans } from '@nj/core/agencies/grant-agency-plans';
import { useTestApp } from '../../testing/test-app.ts';
import { callAs } from '../../testing/call-as.ts';
import { postMultipart } from '../../testing/multipart.ts';

const t = useTestApp();
const uniq = () => Math.random().toString(36).slice(2, 8);

describe('agencies and agents (issue 15; spec 03 §7 Agencies)', () => {
  it('create, settings, logo, join, approve within the seats, assign; refusals and bad input in Spanish', async () => {
    const { app, database } = t;
    const admin = await createTestClientSession(database);
    const agentA = await createTestClientSession(database);
    const agentB = await createTestClientSession(database);
    const stranger = await createTestClientSession(database);
    const anonymous = await createTestClientSession(database, { anonymous: true });
    const name = `Inmobiliaria Prueba ${uniq()}`;

    // Create: signed-in only; bad input is a Spanish 400.
    expect((await callAs(app, null, 'POST', '/api/v1/agencies', { name })).statusCode).toBe(401);
    expect((await callAs(app, anonymous, 'POST', '/api/v1/agencies', { name })).statusCode).toBe(401);
    for (const body of [{}, { name: 'x' }, { name: 'x'.repeat(121) }, { name, base_domain: 'no es dominio' }, { name, color_primary: 'rojo' }, { name, kind: 'asociación' }, 'x', []]) {
      const bad = await callAs(app, admin, 'POST', '/api/v1/agencies', body);
      expect([400, 415], JSON.stringify(body)).toContain(bad.statusCode);
      expect(bad.json().msg).toMatch(/[a-záéíóú]/i);
    }
    // An association needs the association_admin privilege (decision 029).
    expect((await callAs(app, admin, 'POST', '/api/v1/agencies', { name, kind: 'association', mexican_state: 'Jalisco' })).statusCode).toBe(403);
    const domain = `${uniq()}.inmobiliaria.mx`;
    // The session's settings tell the navigation who administers an agency (spec 01 §2): false before, true after.
    expect((await callAs(app, admin, 'POST', '/api/v1/client/session')).json().data.settings).toMatchObject({ is_agent: false, is_agency_admin: false });
    const created = await callAs(app, admin, 'POST', '/api/v1/agencies', { name, base_domain: `https://www.${domain}/`, color_primary: '#AA0000', color_secondary: '#ffffff' });
    expect(created.statusCode, created.body).toBe(200);
    const agency = ZAgency.parse(created.json().data);
    expect(agency).toMatchObject({ name, base_domain: domain, color_primary: '#aa0000', role: 'admin', seats: 1, seats_used: 0, plan: null });
    const auid = agency.auid;
    expect((await callAs(app, admin, 'POST', '/api/v1/agencies', { name: `Otra ${uniq()}` })).json().msg).toBe(M.alreadyAdmin);
    const dup = await callAs(app, stranger, 'POST', '/api/v1/agencies', { name: name.toUpperCase() });
    expect([dup.statusCode, dup.json().msg]).toEqual([409, M.nameTaken]);
    expect((await callAs(app, stranger, 'POST', '/api/v1/agencies', { name: `Otra ${uniq()}`, base_domain: domain })).json().msg).toBe(M.domainTaken);

    // Settings: only the administrator.
    expect((await callAs(app, stranger, 'PUT', `/api/v1/agencies/${auid}`, { custom_page_name: 'Intrusa' })).statusCode).toBe(403);
    expect((await callAs(app, null, 'PUT', `/api/v1/agencies/${auid}`, { custom_page_name: 'Intrusa' })).statusCode).toBe(401);
    expect((await callAs(app, admin, 'PUT', '/api/v1/agencies/ag_no_existe', { custom_page_name: 'X' })).statusCode).toBe(404);
    expect((await callAs(app, admin, 'PUT', `/api/v1/agencies/${auid}`, {})).json().msg).toBe(M.nothingToUpdate);
    expect((await callAs(app, admin, 'PUT', `/api/v1/agencies/${auid}`, { has_map: 'sí' })).statusCode).toBe(400);
    const put = await callAs(app, admin, 'PUT', `/api/v1/agencies/${auid}`, { custom_page_name: 'Casas de Prueba', is_private: true });
    expect(put.json().data).toMatchObject({ custom_page_name: 'Casas de Prueba', is_private: true });
    // The state: one of the 32, kept by its name; optional for an agency; an unknown one changes nothing.
    const narnia = await callAs(app, admin, 'PUT', `/api/v1/agencies/${auid}`, { mexican_state: 'Narnia', custom_page_name: 'Otra' });
    expect([narnia.statusCode, narnia.json().msg]).toEqual([400, A.stateUnknown]);
    expect((await callAs(app, admin, 'PUT', `/api/v1/agencies/${auid}`, { mexican_state: 'nuevo leon' })).json().data).toMatchObject({ mexican_state: 'Nuevo León', custom_page_name: 'Casas de Prueba' });
    expect((await callAs(app, admin, 'PUT', `/api/v1/agencies/${auid}`, { mexican_state: '' })).json().data.mexican_state).toBeNull();

    // Logo: by content, only the administrator; served publicly.
    const text = await postMultipart(app, admin, `/api/v1/agencies/${auid}/profilephoto`, {}, { bytes: Buffer.from('no soy imagen'), name: 'logo.png', field: 'profilephoto' });
    expect(text.statusCode).toBe(415);
    expect((await postMultipart(app, admin, `/api/v1/agencies/${auid}/profilephoto`, {}, { bytes: await testPdf(), name: 'logo.png', field: 'profilephoto' })).statusCode).toBe(415);
    expect((await postMultipart(app, admin, `/api/v1/agencies/${auid}/profilephoto`, {}, { bytes: await testPng(), name: 'logo.png', field: 'otro' })).json().msg).toBe(M.logoMissing);
    expect((await postMultipart(app, stranger, `/api/v1/agencies/${auid}/profilephoto`, {}, { bytes: await testPng(), name: 'logo.png', field: 'profilephoto' })).statusCode).toBe(403);
    const logo = await postMultipart(app, admin, `/api/v1/agencies/${auid}/profilephoto`, {}, { bytes: await testPng(), name: 'logo.png', field: 'profilephoto' });
    expect(logo.statusCode, logo.body).toBe(200);
    const logoUrl = logo.json().data.logo as string;
    expect(logoUrl).toMatch(/^\/media\/agencies\//);
    const served = await callAs(app, null, 'GET', logoUrl);
    expect([served.statusCode, served.headers['content-type']]).toEqual([200, 'image/webp']);

    // Search by name: anyone, public fields only.
    const found = await callAs(app, null, 'GET', `/api/v1/agencies?search=${encodeURIComponent(name.slice(-6))}`);
    expect(found.json().data.agencies).toEqual([{ auid, name, kind: 'agency', logo: logoUrl }]);
    expect((await callAs(app, null, 'GET', '/api/v1/agencies?page=0')).statusCode).toBe(400);

    // Join: pending; one agency at a time.
    expect((await callAs(app, null, 'POST', `/api/v1/agencies/${auid}/register`)).statusCode).toBe(401);
    expect((await callAs(app, agentA, 'POST', '/api/v1/agencies/ag_no_existe/register')).statusCode).toBe(404);
    const joinA = await callAs(app, agentA, 'POST', `/api/v1/agencies/${auid}/register`);
    expect(joinA.json()).toMatchObject({ msg: M.joinRequested, data: { auid, status: 'pending', approved: false, agency_name: name } });
    expect((await callAs(app, agentA, 'POST', `/api/v1/agencies/${auid}/register`)).json().msg).toBe(M.alreadyMember);
    const joinB = await callAs(app, agentB, 'POST', `/api/v1/agencies/${auid}/register`);
    const aUid = joinA.json().data.agent_uid as string;
    const bUid = joinB.json().data.agent_uid as string;
    expect((await callAs(app, agentA, 'GET', `/api/v1/client/agent-process?agency_uid=${auid}`)).json().data).toMatchObject({ agent_uid: aUid, status: 'pending' });
    expect((await callAs(app, stranger, 'GET', '/api/v1/client/agent-process')).json().data).toBeNull();
    expect((await callAs(app, null, 'GET', '/api/v1/client/agent-process')).statusCode).toBe(401);

    // Agents list: the administrator only.
    expect((await callAs(app, agentA, 'GET', `/api/v1/agencies/${auid}/agents`)).statusCode).toBe(403);
    expect((await callAs(app, admin, 'GET', `/api/v1/agencies/${auid}/agents?approved=quizas`)).statusCode).toBe(400);
    const pending = ZAgencyAgentsPage.parse((await callAs(app, admin, 'GET', `/api/v1/agencies/${auid}/agents?approved=false`)).json().data);
    expect(pending.agents.map((a) => a.agent_uid).sort()).toEqual([aUid, bUid].sort());
    expect(pending.seats).toEqual({ bought: 1, used: 0 });

    // Decisions: only the agency's administrator; the free seat is the limit.
    expect((await callAs(app, stranger, 'POST', `/api/v1/agencies/${aUid}/approve`)).statusCode).toBe(404);
    expect((await callAs(app, agentA, 'POST', `/api/v1/agencies/${aUid}/approve`)).statusCode).toBe(404);
    expect((await callAs(app, null, 'POST', `/api/v1/agencies/${aUid}/approve`)).statusCode).toBe(401);
    expect((await callAs(app, admin, 'POST', `/api/v1/agencies/${aUid}/promote`)).json().msg).toBe(M.updateTypeInvalid);
    const approved = await callAs(app, admin, 'POST', `/api/v1/agencies/${aUid}/approve`);
    expect(approved.json()).toMatchObject({ msg: M.approved, data: { status: 'approved', approved: true } });
    expect((await database.db.selectFrom('clients').select('is_agent').where('cuid', '=', agentA.cuid).executeTakeFirst())?.is_agent).toBe(true);
    expect((await callAs(app, admin, 'POST', `/api/v1/agencies/${aUid}/approve`)).json().msg).toBe(M.alreadyInState);
    const full = await callAs(app, admin, 'POST', `/api/v1/agencies/${bUid}/approve`);
    expect([full.statusCode, full.json().msg]).toEqual([409, M.seatsFull(1)]);
    const session = await callAs(app, agentA, 'GET', '/api/v1/client');
    expect(session.json().data.settings).toMatchObject({ is_agent: true, is_agency_admin: false });
    expect((await callAs(app, admin, 'POST', '/api/v1/client/session')).json().data.settings).toMatchObject({ is_agent: false, is_agency_admin: true });
    const mine = ZMyAgency.parse((await callAs(app, agentA, 'GET', '/api/v1/agencies/my')).json().data);
    expect(mine).toMatchObject({ agency: null, membership: { agent_uid: aUid, status: 'approved' }, member_agency: { auid, role: 'agent' } });
    expect(ZMyAgency.parse((await callAs(app, admin, 'GET', '/api/v1/agencies/my')).json().data).agency).toMatchObject({ auid, seats_used: 1 });

    // Listings: the administrator's and the approved agent's; assigned by the administrator; agents change only theirs.
    const [adminListing, agentListing, strangerListing] = await insertTestProperties(database, [
      { lat: 20.67, lng: -103.39, owner_cuid: admin.cuid, title: 'Casa de la agencia' },
      { lat: 20.68, lng: -103.38, owner_cuid: agentA.cuid, title: 'Depa del asesor' },
      { lat: 20.69, lng: -103.37, owner_cuid: stranger.cuid, title: 'Casa ajena' },
    ]);
    expect((await callAs(app, agentB, 'GET', `/api/v1/agencies/${auid}/properties`)).statusCode).toBe(403);
    expect((await callAs(app, stranger, 'GET', `/api/v1/agencies/${auid}/properties`)).statusCode).toBe(403);
    expect((await callAs(app, admin, 'GET', `/api/v1/agencies/${auid}/properties?status=borrada`)).statusCode).toBe(400);
    const list = ZAgencyPropertiesPage.parse((await callAs(app, admin, 'GET', `/api/v1/agencies/${auid}/properties`)).json().data);
    expect(list.properties.map((p) => p.puid).sort()).toEqual([adminListing!.puid, agentListing!.puid].sort());
    expect((await callAs(app, admin, 'GET', `/api/v1/agencies/${auid}/properties?search=depa`)).json().data.properties.map((p: { puid: string }) => p.puid)).toEqual([agentListing!.puid]);
    const assignUrl = `/api/v1/agencies/${auid}/properties/${adminListing!.puid}/assign`;
    expect((await callAs(app, agentA, 'POST', assignUrl, { agent_uid: aUid })).statusCode).toBe(403);
    expect((await callAs(app, admin, 'POST', assignUrl, { agent_uid: bUid })).json().msg).toBe(M.notApprovedAgent);
    expect((await callAs(app, admin, 'POST', assignUrl, {})).statusCode).toBe(400);
    expect((await callAs(app, admin, 'POST', `/api/v1/agencies/${auid}/properties/${strangerListing!.puid}/assign`, { agent_uid: aUid })).statusCode).toBe(404);
    const assigned = await callAs(app, admin, 'POST', assignUrl, { agent_uid: aUid });
    expect(assigned.json()).toMatchObject({ msg: M.assigned, data: { agent: { cuid: agentA.cuid, agent_uid: aUid } } });
    const agentView = ZAgencyPropertiesPage.parse((await callAs(app, agentA, 'GET', `/api/v1/agencies/${auid}/properties`)).json().data);
    expect(agentView.properties.every((p) => p.can_edit === (p.agent?.cuid === agentA.cuid || p.owner?.cuid === agentA.cuid))).toBe(true);
    // The agent changes the listing assigned to them (and their own); not others'; outsiders nothing.
    const active = (puid: string) => `/api/v1/agencies/${auid}/properties/${puid}/is_active`;
    const off = await callAs(app, agentA, 'PUT', active(adminListing!.puid), { is_active: false });
    expect(off.json()).toMatchObject({ msg: M.deactivated, data: { is_active: false } });
    expect((await callAs(app, agentA, 'PUT', active(adminListing!.puid), { is_active: 'no' })).statusCode).toBe(400);
    expect((await callAs(app, admin, 'PUT', active(adminListing!.puid), { is_active: true })).json().data.is_active).toBe(true);
    expect((await callAs(app, agentB, 'PUT', active(adminListing!.puid), { is_active: false })).statusCode).toBe(403);
    expect((await callAs(app, stranger, 'PUT', active(adminListing!.puid), { is_active: false })).statusCode).toBe(403);
    expect((await callAs(app, null, 'PUT', active(adminListing!.puid), { is_active: false })).statusCode).toBe(401);
    expect((await callAs(app, agentA, 'PUT', active(strangerListing!.puid), { is_active: false })).statusCode).toBe(404);
    const [adminSecond] = await insertTestProperties(database, [{ lat: 20.66, lng: -103.36, owner_cuid: admin.cuid, title: 'Otra casa de la agencia' }]);
    const refused = await callAs(app, agentA, 'PUT', active(adminSecond!.puid), { is_active: false });
    expect([refused.statusCode, refused.json().msg]).toEqual([403, M.assignedOnly]);
    // An outside owner's listing assigned to the agent (issue 11) shows, but the agency changes nothing of it.
    await database.db.updateTable('properties').set({ agent_cuid: agentA.cuid }).where('puid', '=', strangerListing!.puid).execute();
    expect((await callAs(app, agentA, 'PUT', active(strangerListing!.puid), { is_active: false })).json().msg).toBe(M.ownerOutside);
    expect((await callAs(app, admin, 'POST', `/api/v1/agencies/${auid}/properties/${strangerListing!.puid}/assign`, { agent_uid: null })).json().msg).toBe(M.ownerOutside);
    await database.db.updateTable('properties').set({ agent_cuid: null }).where('puid', '=', strangerListing!.puid).execute();
    expect((await callAs(app, agentA, 'GET', `/api/v1/agencies/${auid}/properties?assigned=me`)).json().data.properties.map((p: { puid: string }) => p.puid)).toEqual([adminListing!.puid]);
    expect((await callAs(app, agentA, 'GET', `/api/v1/agencies/${auid}/properties?assigned=otro`)).statusCode).toBe(400);
    await callAs(app, admin, 'PUT', `/api/v1/agencies/${auid}`, { agents_edit_all: true });
    expect((await callAs(app, agentA, 'GET', `/api/v1/agencies/${auid}/properties`)).json().data.properties.every((p: { can_edit: boolean }) => p.can_edit)).toBe(true);

    // Suspending frees the seat, clears the agent flag and takes the agency's listing off the agent.
    expect((await callAs(app, admin, 'POST', `/api/v1/agencies/${aUid}/suspend`)).json().msg).toBe(M.suspended);
    expect((await database.db.selectFrom('clients').select('is_agent').where('cuid', '=', agentA.cuid).executeTakeFirst())?.is_agent).toBe(false);
    expect((await database.db.selectFrom('properties').select('agent_cuid').where('puid', '=', adminListing!.puid).executeTakeFirst())?.agent_cuid).toBeNull();
    expect((await callAs(app, admin, 'POST', `/api/v1/agencies/${bUid}/approve`)).statusCode).toBe(200);
    expect((await callAs(app, admin, 'POST', `/api/v1/agencies/${aUid}/remove`)).json().msg).toBe(M.removed);
    expect((await callAs(app, admin, 'POST', `/api/v1/agencies/${aUid}/approve`)).json().msg).toBe(M.removedFinal);
    expect((await callAs(app, agentA, 'POST', `/api/v1/agencies/${auid}/register`)).statusCode).toBe(200);
  });

  it('two agencies at once for one administrator: one; two approvals at once never share the last seat', async () => {
    const { app, database } = t;
    const admin = await createTestClientSession(database);
    const both = await Promise.all([1, 2].map((i) => callAs(app, admin, 'POST', '/api/v1/agencies', { name: `Agencia Carrera ${i} ${uniq()}` })));
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(both.find((r) => r.statusCode === 409)!.json().msg).toBe(M.alreadyAdmin);
    const auid = both.find((r) => r.statusCode === 200)!.json().data.auid as string;
    const uids: string[] = [];
    for (let i = 0; i < 3; i++) {
      const a = await createTestClientSession(database);
      uids.push((await callAs(app, a, 'POST', `/api/v1/agencies/${auid}/register`)).json().data.agent_uid as string);
    }
    const answers = await Promise.all(uids.map((u) => callAs(app, admin, 'POST', `/api/v1/agencies/${u}/approve`)));
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
    expect(answers.filter((r) => r.statusCode === 409).every((r) => r.json().msg === M.seatsFull(1))).toBe(true);
    expect((await callAs(app, admin, 'GET', `/api/v1/agencies/${auid}/agents?approved=true`)).json().data.seats).toEqual({ bought: 1, used: 1 });
  });

  it('plans: an owner_plan checkout through the sandbox; the seats come when paid; bad plans refused', async () => {
    const { app, database } = t;
    const admin = await createTestClientSession(database);
    const other = await createTestClientSession(database);
    const auid = (await callAs(app, admin, 'POST', '/api/v1/agencies', { name: `Agencia Planes ${uniq()}` })).json().data.auid as string;
    const url = `/api/v1/agencies/${auid}/plans`;
    expect((await callAs(app, other, 'POST', url, { plan: 'gold', seats: 3 })).statusCode).toBe(403);
    expect((await callAs(app, null, 'POST', url, { plan: 'gold', seats: 3 })).statusCode).toBe(401);
    expect((await callAs(app, admin, 'POST', url, { plan: 'platino', seats: 3 })).json().msg).toBe(M.planInvalid);
    expect((await callAs(app, admin, 'POST', url, { plan: 'bronze', seats: 6 })).json().msg).toBe(M.seatsInvalid('bronze'));
    expect((await callAs(app, admin, 'POST', url, { plan: 'bronze', seats: 1.5 })).statusCode).toBe(400);
    expect((await callAs(app, admin, 'POST', `${url}/renew`, { seats: 3 })).json().msg).toBe(M.noPlanToRenew);

    const bought = await callAs(app, admin, 'POST', url, { plan: 'silver', seats: 3, is_anual: true });
    expect(bought.statusCode, bought.body).toBe(200);
    expect(bought.json().data).toMatchObject({ status: 'redirect', total_cents: 299 * 100 * 3 * 10 });
    const tx = await paymentTables(database).selectFrom('transactions').select(['ttype', 'tstatus', 'amount_cents']).where('cuid', '=', admin.cuid).executeTakeFirst();
    expect(tx).toMatchObject({ ttype: 'owner_plan', tstatus: 'pending' });
    // Not paid yet: still the free seat.
    expect((await callAs(app, admin, 'GET', '/api/v1/agencies/my')).json().data.agency).toMatchObject({ seats: 1, plan: null });
    const session = String(bought.json().data.checkout_url).split('/').pop()!;
    const paid = await callAs(app, null, 'POST', `/api/v1/payments/sandbox/${session}`, { action: 'card', card_number: '4242424242424242' });
    expect(paid.statusCode, paid.body).toBe(200);
    const after = (await callAs(app, admin, 'GET', '/api/v1/agencies/my')).json().data.agency;
    expect(after).toMatchObject({ plan: 'silver', seats: 3, is_anual: true });
    const months = (new Date(after.plan_expires_at).getTime() - Date.now()) / (30.4 * 86_400_000);
    expect(months).toBeGreaterThan(11.5);
    expect(months).toBeLessThan(12.5);
    // Granted once: running the grant again for the same paid transaction changes nothing.
    const paidTuid = (await paymentTables(database).selectFrom('transactions').select('tuid').where('cuid', '=', admin.cuid).executeTakeFirst())!.tuid;
    expect(await grantAgencyPlans(database, [paidTuid])).toBe(0);
    expect((await callAs(app, admin, 'GET', '/api/v1/agencies/my')).json().data.agency.plan_expires_at).toBe(after.plan_expires_at);
    // A renewal of one month starts at the current expiry.
    const renew = await callAs(app, admin, 'POST', `${url}/renew`, { seats: 3, is_anual: false });
    const session2 = String(renew.json().data.checkout_url).split('/').pop()!;
    await callAs(app, null, 'POST', `/api/v1/payments/sandbox/${session2}`, { action: 'card', card_number: '4242424242424242' });
    const renewed = (await callAs(app, admin, 'GET', '/api/v1/agencies/my')).json().data.agency;
    expect(new Date(renewed.plan_expires_at).getTime()).toBeGreaterThan(new Date(after.plan_expires_at).getTime() + 27 * 86_400_000);
  });
});
