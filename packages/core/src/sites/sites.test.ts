import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, type Database } from '@nj/db';
import { agencyTables } from '../agencies/agencies-tables.ts';
import { createTestClientSession } from '../likes/testing/registered-session.ts';
import { findSiteByHost, forgetSites } from './find-site-by-host.ts';
import { isSiteMember, listSiteMemberCuids } from './site-members.ts';
import { normalizeHost } from './site.ts';

let database: Database;
const who: Record<string, string> = {};

async function agency(auid: string, admin: string, kind: 'agency' | 'association', extra: Record<string, unknown> = {}) {
  await agencyTables(database).insertInto('agencies').values({ auid, name: `Sitio ${auid}`, kind, admin_cuid: who[admin]!, base_domain: null, color_primary: null, color_secondary: null, custom_page_name: null, website_content: null, mexican_state: null, logo_name: null, plan: null, plan_expires_at: null, ...extra }).execute();
}

beforeAll(async () => {
  database = await openTestDatabase();
  for (const name of ['assoAdmin', 'superAdmin', 'agencyA', 'agencyB', 'agentA', 'agentPending', 'outsider']) who[name] = (await createTestClientSession(database)).cuid;
  await agency('super', 'superAdmin', 'association', { is_super: true, base_domain: 'federacion.test' });
  await agency('asso', 'assoAdmin', 'association', { base_domain: 'asociacion.test', color_primary: '#ffeb3b', is_private: true });
  await agency('ag_a', 'agencyA', 'agency', { base_domain: 'inmobiliaria-a.test' });
  await agency('ag_b', 'agencyB', 'agency');
  const t = agencyTables(database);
  await t.insertInto('agency_agents').values([
    { agent_uid: 'g1', auid: 'ag_a', cuid: who.agentA!, status: 'approved' },
    { agent_uid: 'g2', auid: 'ag_a', cuid: who.agentPending!, status: 'pending' },
  ]).execute();
  await t.insertInto('association_members').values([
    { asso_uid: 'asso', auid: 'ag_a', status: 'approved' },
    { asso_uid: 'asso', auid: 'ag_b', status: 'pending' },
    { asso_uid: 'super', auid: 'asso', status: 'approved' },
  ]).execute();
});
afterAll(async () => database?.close());

describe('sites (issue 15 white-label sites; migration 043)', () => {
  it('normalizes hosts', () => {
    expect(normalizeHost('Asociacion.TEST:8080')).toBe('asociacion.test');
    expect(normalizeHost('asociacion.test.')).toBe('asociacion.test');
    expect(normalizeHost('[::1]:80')).toBeNull();
    expect(normalizeHost('bad host')).toBeNull();
    expect(normalizeHost(undefined)).toBeNull();
  });

  it('finds a site by its domain, with or without www, and nothing for other hosts', async () => {
    forgetSites();
    const site = await findSiteByHost(database, 'WWW.asociacion.test:3000');
    expect(site).toMatchObject({ uid: 'asso', kind: 'association', is_private: true, color_primary: '#ffeb3b', text_on_primary: '#000000' });
    expect(await findSiteByHost(database, 'inmobiliaria-a.test')).toMatchObject({ uid: 'ag_a', kind: 'agency', color_primary: '#d32f2f', text_on_primary: '#ffffff' });
    expect(await findSiteByHost(database, '127.0.0.1:3000')).toBeNull();
    expect(await findSiteByHost(database, 'otra.test')).toBeNull();
  });

  it('lists the members: agencies\' administrators and approved agents, through associations one level down', async () => {
    const sorted = (names: string[]) => names.map((n) => who[n]!).sort();
    expect(await listSiteMemberCuids(database, 'ag_a')).toEqual(sorted(['agencyA', 'agentA']));
    expect(await listSiteMemberCuids(database, 'asso')).toEqual(sorted(['agencyA', 'agentA']));
    expect(await listSiteMemberCuids(database, 'super')).toEqual(sorted(['agencyA', 'agentA']));
    expect(await listSiteMemberCuids(database, 'ag_b')).toEqual(sorted(['agencyB']));
  });

  it('tells members from others; an association\'s administrator may sign in to its site', async () => {
    expect(await isSiteMember(database, 'asso', who.agentA!)).toBe(true);
    expect(await isSiteMember(database, 'asso', who.assoAdmin!)).toBe(true);
    expect(await isSiteMember(database, 'asso', who.agentPending!)).toBe(false);
    expect(await isSiteMember(database, 'asso', who.agencyB!)).toBe(false);
    expect(await isSiteMember(database, 'asso', who.outsider!)).toBe(false);
    expect(await isSiteMember(database, 'ag_a', who.assoAdmin!)).toBe(false);
  });
});
