import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SITE_MESSAGES as S } from '@nj/contracts';
import { openTestDatabase, type Database } from '@nj/db';
import { agencyTables } from '../agencies/agencies-tables.ts';
import { createAgency } from '../agencies/create-agency.ts';
import { updateAgency } from '../agencies/update-agency.ts';
import { createTestClientSession } from '../likes/testing/registered-session.ts';
import { registeredActor } from '../policies/actor.ts';
import { isDomainVerified, isProductDomain } from './domain-verification.ts';
import { findSiteByHost, forgetSites, siteCacheSize } from './find-site-by-host.ts';
import { verifySiteDomain } from './verify-site-domain.ts';

// Decision 030 'Domain verification' (issue 15 hardening, P1).
let database: Database;
beforeAll(async () => { database = await openTestDatabase(); });
afterAll(async () => database?.close());
const uniq = () => Math.random().toString(36).slice(2, 8);

describe('domain verification', () => {
  it('the product host and its subdomains are the product\'s; localhost only itself', () => {
    expect(isProductDomain('njinmuebles.mx', 'https://njinmuebles.mx')).toBe(true);
    expect(isProductDomain('www.njinmuebles.mx', 'https://njinmuebles.mx')).toBe(true);
    expect(isProductDomain('sitio.njinmuebles.mx', 'https://www.njinmuebles.mx')).toBe(true);
    expect(isProductDomain('njinmuebles.mx', 'https://www.njinmuebles.mx')).toBe(true);
    expect(isProductDomain('otronjinmuebles.mx', 'https://njinmuebles.mx')).toBe(false);
    expect(isProductDomain('localhost', 'http://localhost:3000')).toBe(true);
    expect(isProductDomain('asociacion.localhost', 'http://localhost:3000')).toBe(false);
    expect(isProductDomain('127.0.0.1', 'http://127.0.0.1:4000')).toBe(true);
  });

  it('local domains count as verified outside production only', () => {
    expect(isDomainVerified('asociacion.test', null)).toBe(true);
    expect(isDomainVerified('asociacion.localhost', null)).toBe(true);
    expect(isDomainVerified('asociacion.mx', null)).toBe(false);
    expect(isDomainVerified('asociacion.mx', new Date())).toBe(true);
    expect(isDomainVerified('asociacion.test', null, false)).toBe(false);
  });

  it('create and update refuse the product\'s host; an unverified domain serves no site until its TXT record is found; a new domain is unverified again', async () => {
    const admin = await createTestClientSession(database);
    const actor = registeredActor(admin.cuid);
    const productOrigin = 'https://njinmuebles.mx';
    for (const baseDomain of ['njinmuebles.mx', 'asociacion.njinmuebles.mx']) {
      await expect(createAgency(database, { actor, name: `Agencia ${uniq()}`, baseDomain, productOrigin })).rejects.toMatchObject({ msg: S.productDomain });
    }
    const domain = `${uniq()}.ejemplo.mx`;
    const agency = await createAgency(database, { actor, name: `Agencia ${uniq()}`, baseDomain: domain, productOrigin });
    expect(agency).toMatchObject({ base_domain_verified: false, domain_verification: { record_name: `_nj-verificacion.${domain}` } });
    await expect(updateAgency(database, { actor, auid: agency.auid, patch: { base_domain: 'www.njinmuebles.mx' }, productOrigin })).rejects.toMatchObject({ msg: S.productDomain });
    forgetSites();
    expect(await findSiteByHost(database, domain)).toBeNull();

    const value = agency.domain_verification!.record_value;
    const asked: string[] = [];
    const wrong = async (name: string) => { asked.push(name); return [['nj-verificacion=otro']]; };
    await expect(verifySiteDomain({ database, resolveTxt: wrong }, { actor, auid: agency.auid })).rejects.toMatchObject({ msg: S.verificationMissing(`_nj-verificacion.${domain}`) });
    expect(asked).toEqual([`_nj-verificacion.${domain}`]);
    const failing = async () => { throw new Error('ENOTFOUND'); };
    await expect(verifySiteDomain({ database, resolveTxt: failing }, { actor, auid: agency.auid })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    const stranger = registeredActor((await createTestClientSession(database)).cuid);
    await expect(verifySiteDomain({ database, resolveTxt: async () => [[value]] }, { actor: stranger, auid: agency.auid })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    expect(await findSiteByHost(database, domain)).toBeNull();

    const verified = await verifySiteDomain({ database, resolveTxt: async () => [['v=spf1'], [value.slice(0, 10), value.slice(10)]] }, { actor, auid: agency.auid });
    expect(verified.base_domain_verified).toBe(true);
    expect((await findSiteByHost(database, domain))?.uid).toBe(agency.auid);

    const moved = await updateAgency(database, { actor, auid: agency.auid, patch: { base_domain: `${uniq()}.ejemplo.mx` }, productOrigin });
    expect(moved.base_domain_verified).toBe(false);
    expect(await findSiteByHost(database, domain)).toBeNull();
    expect(await findSiteByHost(database, moved.base_domain)).toBeNull();
    const row = await agencyTables(database).selectFrom('agencies').select('base_domain_verified_at').where('auid', '=', agency.auid).executeTakeFirstOrThrow();
    expect(row.base_domain_verified_at).toBeNull();
  });

  it('the hosts cache keeps no invalid host names and drops its oldest entry when full (not everything)', async () => {
    forgetSites();
    for (const bad of ['[::1]:80', 'no es host', 'a/b', '']) await findSiteByHost(database, bad);
    expect(siteCacheSize()).toBe(0);
    for (let i = 0; i < 1_005; i++) await findSiteByHost(database, `h${i}.ejemplo.mx`);
    expect(siteCacheSize()).toBe(1_000);
  });
});
