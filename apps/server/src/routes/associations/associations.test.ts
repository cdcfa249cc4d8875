import { describe, expect, it } from 'vitest';
import {
  AGENCY_MESSAGES as AG, ASSOCIATION_MESSAGES as M, COMMON_MESSAGES, DIRECTORY_PAGE_SIZE, ZAgencyAgentsPage, ZAgencyAssociations, ZAssociationMembersPage,
  ZAssociationsByState, ZDirectoryPage, ZMemberAgentsPage, ZMyAssociation,
} from '@nj/contracts';
import type { Database } from '@nj/db';
import { createTestClientSession } from '@nj/core/likes/testing/registered-session';
import { insertTestProperties } from '@nj/core/search/testing/insert-properties';
import { testPng } from '@nj/core/rent-documents/testing/document-fixtures';
import { setSuperAssociation } from '@nj/core/associations/set-super-association';
import { findSiteByHost, forgetSites } from '@nj/core/sites/find-site-by-host';
import { completeTicket } from '@nj/core/tickets/staff-complete-ticket';
import { createDatabaseRateLimiter } from '@nj/core/accounts/rate-limiter';
import { registeredActor } from '@nj/core/policies/actor';
import { useTestApp } from '../../testing/test-app.ts';
import { callAs } from '../../testing/call-as.ts';
import { postMultipart } from '../../testing/multipart.ts';

const t = useTestApp();
const uniq = () => Math.random().toString(36).slice(2, 8);

/** A registered client with a nickname (and bio), holding `privileges`. */
async function person(database: Database, nickname: string, privileges: string[] = [], bio: string | null = null) {
  const who = await createTestClientSession(database);
  await database.db.updateTable('clients').set({ nickname, bio, privileges }).where('cuid', '=', who.cuid).execute();
  return who;
}

describe('associations (issue 15; spec 01 §3, §7; spec 03 §7 Agencies; decision 029)', () => {
  it('an association is created and run by its administrator; agencies ask to join; the directory lists the members\' agents', async () => {
    const { app, database } = t;
    const assoAdmin = await person(database, `Asociación ${uniq()}`, ['association_admin']);
    const otherAssoAdmin = await person(database, `Otra ${uniq()}`, ['association_admin']);
    const agencyAdmin = await person(database, `Dueña ${uniq()}`, [], 'Corredora con 20 años en Zapopan');
    const agent = await person(database, `Asesor ${uniq()}`);
    const stranger = await person(database, `Ajeno ${uniq()}`);
    const anonymous = await createTestClientSession(database, { anonymous: true });
    const name = `Asociación de Prueba ${uniq()}`;
    const domain = `${uniq()}.asociacion.test`;

    // Create: association_admin only, with one of the 32 states.
    expect((await callAs(app, null, 'POST', '/api/v1/agencies', { name, kind: 'association', mexican_state: 'Jalisco' })).statusCode).toBe(401);
    const refused = await callAs(app, stranger, 'POST', '/api/v1/agencies', { name, kind: 'association', mexican_state: 'Jalisco' });
    expect([refused.statusCode, refused.json().msg]).toEqual([403, COMMON_MESSAGES.forbidden]);
    expect((await callAs(app, assoAdmin, 'POST', '/api/v1/agencies', { name, kind: 'association' })).json().msg).toBe(M.stateRequired);
    expect((await callAs(app, assoAdmin, 'POST', '/api/v1/agencies', { name, kind: 'association', mexican_state: 'Narnia' })).json().msg).toBe(M.stateUnknown);
    expect((await callAs(app, assoAdmin, 'POST', '/api/v1/agencies', { name, kind: 'federación' })).statusCode).toBe(400);
    const created = await callAs(app, assoAdmin, 'POST', '/api/v1/agencies', { name, kind: 'association', mexican_state: 'jalisco', base_domain: domain });
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json()).toMatchObject({ msg: M.created, data: { name, kind: 'association', mexican_state: 'Jalisco', base_domain: domain } });
    const assoUid = created.json().data.auid as string;
    expect((await callAs(app, assoAdmin, 'POST', '/api/v1/agencies', { name: `Segunda ${uniq()}`, kind: 'association', mexican_state: 'Jalisco' })).json().msg).toBe(M.alreadyAdmin);
    expect((await callAs(app, otherAssoAdmin, 'POST', '/api/v1/agencies', { name: name.toUpperCase(), kind: 'association', mexican_state: 'Jalisco' })).json().msg).toBe(M.nameTaken);
    // An association administrator may also run an agency of their own (migration 043).
    expect((await callAs(app, assoAdmin, 'POST', '/api/v1/agencies', { name: `Agencia propia ${uniq()}` })).statusCode).toBe(200);

    // My association: association_admin only.
    expect((await callAs(app, null, 'GET', '/api/v1/associations/my')).statusCode).toBe(401);
    expect((await callAs(app, anonymous, 'GET', '/api/v1/associations/my')).statusCode).toBe(401);
    expect((await callAs(app, stranger, 'GET', '/api/v1/associations/my')).statusCode).toBe(403);
    expect(ZMyAssociation.parse((await callAs(app, otherAssoAdmin, 'GET', '/api/v1/associations/my')).json().data).association).toBeNull();
    expect(ZMyAssociation.parse((await callAs(app, assoAdmin, 'GET', '/api/v1/associations/my')).json().data).association)
      .toMatchObject({ auid: assoUid, is_super: false, members_approved: 0, members_pending: 0 });

    // Settings and logo through the agency calls: its administrator only; the site follows at once.
    forgetSites();
    expect(await findSiteByHost(database, domain)).toMatchObject({ uid: assoUid, is_private: false });
    expect((await callAs(app, otherAssoAdmin, 'PUT', `/api/v1/agencies/${assoUid}`, { is_private: true })).json().msg).toBe(M.adminOnly);
    expect((await callAs(app, stranger, 'PUT', `/api/v1/agencies/${assoUid}`, { is_private: true })).statusCode).toBe(403);
    expect((await callAs(app, assoAdmin, 'PUT', `/api/v1/agencies/${assoUid}`, { mexican_state: 'Atlantis' })).json().msg).toBe(M.stateUnknown);
    const put = await callAs(app, assoAdmin, 'PUT', `/api/v1/agencies/${assoUid}`, { custom_page_name: 'Portal AMPI', color_primary: '#ffeb3b', is_private: true, mexican_state: 'ciudad de mexico' });
    expect(put.json().data).toMatchObject({ custom_page_name: 'Portal AMPI', is_private: true, mexican_state: 'Ciudad de México' });
    expect(await findSiteByHost(database, domain)).toMatchObject({ uid: assoUid, is_private: true, color_primary: '#ffeb3b', text_on_primary: '#000000' });
    expect((await postMultipart(app, stranger, `/api/v1/agencies/${assoUid}/profilephoto`, {}, { bytes: await testPng(), name: 'logo.png', field: 'profilephoto' })).statusCode).toBe(403);
    const logo = await postMultipart(app, assoAdmin, `/api/v1/agencies/${assoUid}/profilephoto`, {}, { bytes: await testPng(), name: 'logo.png', field: 'profilephoto' });
    expect(logo.statusCode, logo.body).toBe(200);
    // The agency-only calls do not serve an association's row.
    expect((await callAs(app, assoAdmin, 'GET', `/api/v1/agencies/${assoUid}/agents`)).json().msg).toBe(AG.notFound);
    await callAs(app, assoAdmin, 'PUT', `/api/v1/agencies/${assoUid}`, { mexican_state: 'Jalisco' });

    // Associations by state: public.
    const all = ZAssociationsByState.parse((await callAs(app, null, 'GET', '/api/v1/agencies/associations')).json().data);
    expect(all.states.find((s) => s.mexican_state === 'Jalisco')?.associations.map((a) => a.uid)).toContain(assoUid);
    const jalisco = ZAssociationsByState.parse((await callAs(app, null, 'GET', '/api/v1/agencies/associations?mexican_state=JALISCO')).json().data);
    expect(jalisco.states.map((s) => s.mexican_state)).toEqual(['Jalisco']);
    expect(jalisco.states[0]!.associations.find((a) => a.uid === assoUid)).toMatchObject({ name, kind: 'association', is_private: true, logo: logo.json().data.logo });
    expect((await callAs(app, null, 'GET', '/api/v1/agencies/associations?mexican_state=Narnia')).json().msg).toBe(M.stateUnknown);

    // An agency with an agent (the agent's request opens an AG ticket).
    const agency = await callAs(app, agencyAdmin, 'POST', '/api/v1/agencies', { name: `Inmobiliaria ${uniq()}` });
    const auid = agency.json().data.auid as string;
    const join = await callAs(app, agent, 'POST', `/api/v1/agencies/${auid}/register`);
    expect((await callAs(app, agencyAdmin, 'POST', `/api/v1/agencies/${join.json().data.agent_uid}/approve`)).statusCode).toBe(200);

    // Asking to join: an agency's administrator, for their agency.
    expect((await callAs(app, null, 'POST', `/api/v1/associations/${assoUid}/register`)).statusCode).toBe(401);
    expect((await callAs(app, stranger, 'POST', `/api/v1/associations/${assoUid}/register`)).json().msg).toBe(M.needAgency);
    expect((await callAs(app, agencyAdmin, 'POST', '/api/v1/associations/as_no_existe/register')).statusCode).toBe(404);
    expect((await callAs(app, agencyAdmin, 'POST', `/api/v1/associations/${auid}/register`)).json().msg).toBe(M.notFound);
    const asked = await callAs(app, agencyAdmin, 'POST', `/api/v1/associations/${assoUid}/register`);
    expect(asked.json().msg).toBe(M.joinRequested);
    expect(ZAgencyAssociations.parse(asked.json().data).associations).toMatchObject([{ asso_uid: assoUid, name, status: 'pending' }]);
    expect((await callAs(app, agencyAdmin, 'POST', `/api/v1/associations/${assoUid}/register`)).json().msg).toBe(M.alreadyRequested);
    expect((await callAs(app, agencyAdmin, 'GET', `/api/v1/agencies/${auid}/associations`)).json().data.associations[0].status).toBe('pending');
    expect((await callAs(app, stranger, 'GET', `/api/v1/agencies/${auid}/associations`)).statusCode).toBe(403);

    // Deciding: the association's administrator only.
    expect((await callAs(app, agencyAdmin, 'GET', `/api/v1/associations/${assoUid}/members?status=pending`)).statusCode).toBe(403);
    expect((await callAs(app, otherAssoAdmin, 'GET', `/api/v1/associations/${assoUid}/members?status=pending`)).json().msg).toBe(M.adminOnly);
    expect((await callAs(app, assoAdmin, 'GET', `/api/v1/associations/${assoUid}/members?status=removed`)).json().msg).toBe(M.memberStatusInvalid);
    const pending = ZAssociationMembersPage.parse((await callAs(app, assoAdmin, 'GET', `/api/v1/associations/${assoUid}/members?status=pending`)).json().data);
    expect(pending.members.map((m) => m.auid)).toEqual([auid]);
    expect((await callAs(app, otherAssoAdmin, 'POST', `/api/v1/associations/${assoUid}/members/${auid}/approve`)).statusCode).toBe(403);
    expect((await callAs(app, agencyAdmin, 'POST', `/api/v1/associations/${assoUid}/members/${auid}/approve`)).statusCode).toBe(403);
    expect((await callAs(app, assoAdmin, 'POST', `/api/v1/associations/${assoUid}/members/${auid}/promote`)).json().msg).toBe(M.memberUpdateInvalid);
    expect((await callAs(app, assoAdmin, 'POST', `/api/v1/associations/${assoUid}/members/ag_otra/approve`)).json().msg).toBe(M.memberNotFound);
    await insertTestProperties(database, [{ lat: 20.67, lng: -103.35, owner_cuid: agent.cuid }, { lat: 20.67, lng: -103.36, owner_cuid: stranger.cuid, agent_cuid: agent.cuid }]);
    const approved = await callAs(app, assoAdmin, 'POST', `/api/v1/associations/${assoUid}/members/${auid}/approve`);
    expect(approved.json()).toMatchObject({ msg: M.memberApproved, data: { auid, status: 'approved', agents_count: 1, listings_count: 2 } });
    expect((await callAs(app, assoAdmin, 'POST', `/api/v1/associations/${assoUid}/members/${auid}/approve`)).json().msg).toBe(M.alreadyInState);
    const agents = ZMemberAgentsPage.parse((await callAs(app, assoAdmin, 'GET', `/api/v1/associations/${assoUid}/members/${auid}/agents`)).json().data);
    expect(agents.agents).toEqual([{ nickname: expect.stringMatching(/^Asesor /), photo: null, verified: false }]);
    expect((await callAs(app, otherAssoAdmin, 'GET', `/api/v1/associations/${assoUid}/members/${auid}/agents`)).statusCode).toBe(403);

    // GET /v1/agencies?asso: the approved members, public fields.
    expect((await callAs(app, null, 'GET', `/api/v1/agencies?asso=${assoUid}`)).json().data.agencies.map((a: { auid: string }) => a.auid)).toEqual([auid]);
    expect((await callAs(app, null, 'GET', '/api/v1/agencies?asso=as_no_existe')).statusCode).toBe(404);

    // Directory: a private association's only for its site's members.
    const url = `/api/v1/associations/${assoUid}/directory`;
    expect((await callAs(app, null, 'GET', url)).statusCode).toBe(401);
    expect((await callAs(app, stranger, 'GET', url)).statusCode).toBe(403);
    const dir = ZDirectoryPage.parse((await callAs(app, agent, 'GET', url)).json().data);
    expect(dir.agents.map((e) => [e.client.nickname, e.agency?.uid]).sort()).toEqual([
      [expect.stringMatching(/^Asesor /), auid], [expect.stringMatching(/^Dueña /), auid],
    ].sort());
    expect(dir.agents.find((e) => e.client.nickname?.startsWith('Dueña'))?.client.bio).toBe('Corredora con 20 años en Zapopan');
    await callAs(app, assoAdmin, 'PUT', `/api/v1/agencies/${assoUid}`, { is_private: false });
    expect((await callAs(app, null, 'GET', url)).json().data.agents).toHaveLength(2);
    expect((await callAs(app, null, 'GET', `${url}?page=2`)).json().data).toEqual({ agents: [], page: 2 });
    expect((await callAs(app, null, 'GET', `${url}?page=cero`)).json().msg).toBe(M.pageInvalid);
    expect((await callAs(app, null, 'GET', '/api/v1/associations/as_no_existe/directory')).json().msg).toBe(M.notFound);
    expect((await callAs(app, null, 'GET', `/api/v1/associations/${auid}/directory`)).statusCode).toBe(404);
    expect(DIRECTORY_PAGE_SIZE).toBe(20);

    // The super association has no directory; the CLI's verb records who set it.
    const superAsso = await callAs(app, otherAssoAdmin, 'POST', '/api/v1/agencies', { name: `Federación ${uniq()}`, kind: 'association', mexican_state: 'Jalisco' });
    const superUid = superAsso.json().data.auid as string;
    const previous = await database.db.selectFrom('agencies' as never).select('auid' as never).where('is_super' as never, '=', true as never).executeTakeFirst() as { auid: string } | undefined;
    if (previous) await setSuperAssociation(database, { assoUid: previous.auid, isSuper: false, by: 'prueba' });
    expect(await setSuperAssociation(database, { assoUid: superUid, isSuper: true, by: 'prueba' })).toMatchObject({ changed: true });
    await expect(setSuperAssociation(database, { assoUid: assoUid, isSuper: true, by: 'prueba' })).rejects.toMatchObject({ msg: expect.stringMatching(/Ya hay una super asociación/) });
    expect((await callAs(app, null, 'GET', `/api/v1/associations/${superUid}/directory`)).json().msg).toBe(M.directoryNotFound);
    // Its members are associations: an association's administrator asks for their association.
    expect((await callAs(app, agencyAdmin, 'POST', `/api/v1/associations/${superUid}/register`)).json().msg).toBe(M.needAssociation);
    expect((await callAs(app, assoAdmin, 'POST', `/api/v1/associations/${superUid}/register`)).json().data.associations[0]).toMatchObject({ asso_uid: superUid, status: 'pending' });
    await setSuperAssociation(database, { assoUid: superUid, isSuper: false, by: 'prueba' });
    if (previous) await setSuperAssociation(database, { assoUid: previous.auid, isSuper: true, by: 'prueba' });

    // Removing a member takes its agents out of the directory; it may ask again.
    expect((await callAs(app, assoAdmin, 'POST', `/api/v1/associations/${assoUid}/members/${auid}/remove`)).json()).toMatchObject({ msg: M.memberRemoved, data: { status: 'removed' } });
    expect((await callAs(app, null, 'GET', url)).json().data.agents).toEqual([]);
    expect((await callAs(app, assoAdmin, 'POST', `/api/v1/associations/${assoUid}/members/${auid}/approve`)).json().msg).toBe(M.memberNotFound);
    expect((await callAs(app, agencyAdmin, 'POST', `/api/v1/associations/${assoUid}/register`)).json().data.associations[0].status).toBe('pending');
  });

  it('an agent\'s request opens an AG ticket; support\'s completion shows as verified and leaves the seat to the agency', async () => {
    const { app, database } = t;
    const agencyAdmin = await person(database, `Dueño ${uniq()}`);
    const agent = await person(database, `Asesora ${uniq()}`);
    const staff = await person(database, `Soporte ${uniq()}`, ['support']);
    const agency = await callAs(app, agencyAdmin, 'POST', '/api/v1/agencies', { name: `Casas ${uniq()}` });
    const auid = agency.json().data.auid as string;
    const join = await callAs(app, agent, 'POST', `/api/v1/agencies/${auid}/register`);
    const agentUid = join.json().data.agent_uid as string;
    const tickets = await callAs(app, agent, 'GET', '/api/v1/tickets');
    const ag = (tickets.json().data.tickets as { tuid: string; category: string; title: string }[]).filter((x) => x.category === 'AG');
    expect(ag).toHaveLength(1);
    expect(ag[0]!.title).toBe(AG.agTicketTitle(agency.json().data.name));
    const list = async () => ZAgencyAgentsPage.parse((await callAs(app, agencyAdmin, 'GET', `/api/v1/agencies/${auid}/agents`)).json().data).agents;
    expect((await list())[0]).toMatchObject({ agent_uid: agentUid, status: 'pending', verified: null });

    // Support verifies: the request shows it; the agency still decides the seat (and the agent flag).
    const deps = { database, limiter: createDatabaseRateLimiter(database), chatEvents: app.services.chatEvents };
    await completeTicket(deps, { actor: registeredActor(staff.cuid, { privileges: ['support'] }), tuid: ag[0]!.tuid, body: { is_approved: true } });
    expect((await list())[0]).toMatchObject({ status: 'pending', verified: true });
    const flag = async () => (await database.db.selectFrom('clients').select('is_agent').where('cuid', '=', agent.cuid).executeTakeFirstOrThrow()).is_agent;
    expect(await flag()).toBe(false);
    expect((await callAs(app, agencyAdmin, 'POST', `/api/v1/agencies/${agentUid}/approve`)).statusCode).toBe(200);
    expect(await flag()).toBe(true);
    const audit = await database.db.selectFrom('staff_audit_log' as never).select(['rtable' as never, 'rkey' as never]).where('tuid' as never, '=', ag[0]!.tuid as never).execute();
    expect(audit).toContainEqual({ rtable: 'agency_agents', rkey: agentUid });

    // Removed and asking again: the open AG ticket is reused (a message), or a new one once the first is closed.
    await callAs(app, agencyAdmin, 'POST', `/api/v1/agencies/${agentUid}/remove`);
    await callAs(app, agent, 'POST', `/api/v1/agencies/${auid}/register`);
    const again = (await callAs(app, agent, 'GET', '/api/v1/tickets')).json().data.tickets.filter((x: { category: string }) => x.category === 'AG');
    expect(again).toHaveLength(2);
  });

  it('a lead of a listing assigned to an agent goes to the agent; the owner still lists it', async () => {
    const { app, database } = t;
    const owner = await person(database, `Propietaria ${uniq()}`);
    const agent = await person(database, `Agente ${uniq()}`);
    const sender = await person(database, `Interesado ${uniq()}`);
    const [listing] = await insertTestProperties(database, [{ lat: 20.67, lng: -103.35, owner_cuid: owner.cuid, agent_cuid: agent.cuid, is_active: true }]);
    const body = { puid: listing!.puid, name: 'Laura', phone: '3312345678', email: 'laura@example.mx', message: 'Me interesa la casa, ¿sigue disponible?' };
    const sent = await callAs(app, null, 'POST', '/api/v1/leads/contact', body);
    expect(sent.statusCode, sent.body).toBe(200);
    const luid = sent.json().data.luid as string;
    const row = await database.db.selectFrom('leads').select(['owner_cuid', 'agent_cuid']).where('luid', '=', luid).executeTakeFirstOrThrow();
    expect(row).toEqual({ owner_cuid: owner.cuid, agent_cuid: agent.cuid });
    const leadsOf = async (who: { token: string }) => (await callAs(app, who, 'GET', '/api/v1/leads')).json().data.leads.map((l: { luid: string }) => l.luid);
    expect(await leadsOf(agent)).toContain(luid);
    expect(await leadsOf(owner)).toContain(luid);
    expect(await leadsOf(sender)).not.toContain(luid);
    // A signed-in sender's lead joins the conversation with the agent, as 'Contactar' does.
    expect((await callAs(app, sender, 'POST', '/api/v1/leads/contact', { ...body, email: 'interesado@example.mx' })).statusCode).toBe(200);
    const rent = await database.db.selectFrom('rents').select('owner_cuid').where('puid', '=', listing!.puid).where('renter_cuid', '=', sender.cuid).executeTakeFirstOrThrow();
    expect(rent.owner_cuid).toBe(agent.cuid);
  });
});
