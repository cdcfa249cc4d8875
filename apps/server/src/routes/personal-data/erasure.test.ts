import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { DATA_ERASURE_MESSAGES as M, ZDataErasure } from '@nj/contracts';
import { SANDBOX_INE, runCreditInvestigation, storePersonDocument } from '@nj/core';
import { enqueue } from '@nj/core/jobs/enqueue';
import { runDueJobs } from '@nj/core/jobs/job-worker';
import { ERASE_OPEN_REQUESTS_JOB, ERASE_PERSONAL_DATA_JOB } from '@nj/core/data-erasure/erase-personal-data';
import { insertTestRent, testPdf, testPng } from '@nj/core/rent-documents/testing/document-fixtures';
import { grantTestBureauConsent } from '@nj/core/bureau-consent/testing/grant-bureau-consent';
import { insertTestProperties } from '@nj/core/search/testing/insert-properties';
import { createTestClientSession } from '@nj/core/likes/testing/registered-session';
import { useTestApp } from '../../testing/test-app.ts';
import { callAs } from '../../testing/call-as.ts';
import { jobHandlers, type JobDeps } from '../../jobs/job-handlers.ts';

const t = useTestApp({ IDENTITY_PROVIDER: 'sandbox' }, { dataDirPrefix: 'nj-erasure-api-' });
const URL = '/api/v1/client/personal-data/erasure';

/** Runs the erasure jobs queued so far with the app's own services. */
const runErasures = () => runDueJobs(t.database, jobHandlers(t.app.services as unknown as JobDeps), [ERASE_PERSONAL_DATA_JOB, ERASE_OPEN_REQUESTS_JOB]);
const count = async (query: ReturnType<typeof sql>) => Number((await (query as ReturnType<typeof sql<{ n: string }>>).execute(t.database.db)).rows[0]!.n);

/**
 * A renter with two rents: one in a proposal (data, a proof, an INE, identity verified) and one with an accepted
 * offer (its data retained for the lease). Returns the parties and both ruids.
 */
async function renterWithTwoRents() {
  const { app, database } = t;
  const open = await insertTestRent(database, 'client_offer_in_process', { lat: 18.31, lng: -114.69 });
  const { renter } = open;
  for (const [field, value] of [['first_name', 'Marta'], ['first_last_name', 'Ruiz'], ['birthdate', '1988-01-20'], ['curp', 'RUXM880120MJCZXR05']]) {
    await callAs(app, renter, 'PUT', `/api/v1/rents/${open.ruid}/person`, { person: 'renter', field, value });
  }
  const income = await callAs(app, renter, 'PUT', `/api/v1/rents/${open.ruid}/income`, { total_income: '30,000', work_company_name: 'Empresa Uno' });
  expect(income.statusCode, income.body).toBe(200);
  const services = t.app.services;
  await storePersonDocument(services as never, { actor: { kind: 'registered', cuid: renter.cuid, privileges: [], isAgent: false }, ruid: open.ruid, role: 'renter', kind: 'poi', file: await testPng(), filename: 'nomina.png' });
  expect((await callAs(app, renter, 'POST', '/api/v1/client/identity', { cic: SANDBOX_INE.approvedCic, citizen_id: SANDBOX_INE.citizenId })).statusCode).toBe(200);
  // The sandbox bureau's investigation, with its sealed report PDF.
  await sql`UPDATE rents SET price = 10000 WHERE ruid = ${open.ruid}`.execute(database.db);
  await grantTestBureauConsent(database, renter.cuid);
  await runCreditInvestigation(services as never, {
    actor: { kind: 'registered', cuid: renter.cuid, privileges: [], isAgent: false }, ruid: open.ruid, files: [],
    fields: {
      renter_type: 'renter', birthdate: '1988-01-20', first_name: 'Marta', first_last_name: 'Ruiz', other_last_names: 'Díaz', rfc: 'RUDM880120AB6',
      total_income: '30,000', address: 'Av. Juárez 120', neighborhood: 'Centro', municipality: 'Guadalajara', city: 'Guadalajara', state: 'Jalisco',
      cp: '44100', nationality: 'MX',
    },
  });

  // A second home, with an accepted offer: its data serve the lease being made.
  const owner2 = await createTestClientSession(database);
  const [{ puid }] = await insertTestProperties(database, [{ lat: 18.32, lng: -114.7, owner_cuid: owner2.cuid, rent_price: 9000 }]) as unknown as [{ puid: string }];
  const leased = `r${randomBytes(8).toString('hex')}`;
  await database.db.insertInto('rents').values({ ruid: leased, puid, renter_cuid: renter.cuid, owner_cuid: owner2.cuid, step: 'client_offer_in_process' } as never).execute();
  await callAs(app, renter, 'PUT', `/api/v1/rents/${leased}/person`, { person: 'renter', field: 'first_name', value: 'Marta' });
  await storePersonDocument(services as never, { actor: { kind: 'registered', cuid: renter.cuid, privileges: [], isAgent: false }, ruid: leased, role: 'renter', kind: 'poa', file: await testPdf(1), filename: 'luz.pdf', address: { addr: 'Calle 1', neighborhood: 'Centro', city: 'Guadalajara', municipality: 'Guadalajara', state: 'Jalisco', cp: '44100' } });
  await sql`UPDATE rents SET step = 'on_accepted_offer' WHERE ruid = ${leased}`.execute(database.db);
  return { ...open, leased };
}

describe('erasure of personal data on request (issue 12 Rules; LFPDPPP; decision 019)', () => {
  it('erases what no lease needs, keeps the accepted offer\'s data until its lease ends, then erases them too', async () => {
    const { app, database } = t;
    const { renter, ruid, leased } = await renterWithTwoRents();
    const before = ZDataErasure.parse((await callAs(app, renter, 'GET', URL)).json().data);
    expect(before).toEqual({ requested_at: null, last_run_at: null, erased_at: null, retained: [] });

    const asked = await callAs(app, renter, 'POST', URL, {});
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json().msg).toBe(M.requested);
    expect(asked.json().data.requested_at).not.toBeNull();
    const keys = (await sql<{ storage_key: string; ruid: string | null }>`SELECT storage_key, ruid FROM person_documents WHERE cuid = ${renter.cuid}`.execute(database.db)).rows;
    const reportPdf = (await sql<{ key: string }>`SELECT m_sic_pdf AS key FROM credit_reports WHERE cuid = ${renter.cuid}`.execute(database.db)).rows[0]!.key;
    expect(await t.app.services.storage.get(reportPdf)).not.toBeNull();
    expect(await runErasures()).toBeGreaterThanOrEqual(1);

    // The proposal's data are gone; the accepted offer's stay.
    expect(await count(sql`SELECT count(*) AS n FROM rent_persons WHERE ruid = ${ruid}`)).toBe(0);
    expect(await count(sql`SELECT count(*) AS n FROM rent_persons WHERE ruid = ${leased}`)).toBe(1);
    expect(await count(sql`SELECT count(*) AS n FROM person_documents WHERE ruid = ${ruid}`)).toBe(0);
    expect(await count(sql`SELECT count(*) AS n FROM person_documents WHERE ruid = ${leased}`)).toBe(1);
    const gone = keys.find((k) => k.ruid === ruid)!;
    expect(await t.app.services.storage.get(gone.storage_key)).toBeNull();
    const rent = (await sql<{ total_income: number | null; work_company_name: string | null; renter_credit_score: number | null }>`
      SELECT total_income, work_company_name, renter_credit_score FROM rents WHERE ruid = ${ruid}`.execute(database.db)).rows[0]!;
    expect(rent).toEqual({ total_income: null, work_company_name: null, renter_credit_score: null });
    expect(await count(sql`SELECT count(*) AS n FROM credit_investigations WHERE ruid = ${ruid}`)).toBe(0);
    expect(await t.app.services.storage.get(reportPdf)).toBeNull();
    // The quick investigation's charge is a fiscal record: it stays.
    expect(await count(sql`SELECT count(*) AS n FROM transactions WHERE cuid = ${renter.cuid} AND ttype = 'ic'`)).toBe(1);
    // Identity stays while a lease needs it.
    expect(await count(sql`SELECT count(*) AS n FROM identity_processes WHERE cuid = ${renter.cuid}`)).toBe(1);
    const partial = ZDataErasure.parse((await callAs(app, renter, 'GET', URL)).json().data);
    expect(partial.erased_at).toBeNull();
    expect(partial.retained.map((r) => r.ruid)).toEqual([leased]);

    // The offer falls through: the nightly run erases the rest, identity included.
    await sql`UPDATE rents SET step = 'owner_discard' WHERE ruid = ${leased}`.execute(database.db);
    await enqueue(database.db, ERASE_OPEN_REQUESTS_JOB, {});
    await runErasures();
    expect(await count(sql`SELECT count(*) AS n FROM rent_persons WHERE ruid = ${leased}`)).toBe(0);
    expect(await count(sql`SELECT count(*) AS n FROM person_documents WHERE cuid = ${renter.cuid}`)).toBe(0);
    expect(await count(sql`SELECT count(*) AS n FROM identity_processes WHERE cuid = ${renter.cuid}`)).toBe(0);
    expect((await database.db.selectFrom('clients').select('is_identity_verified').where('cuid', '=', renter.cuid).executeTakeFirstOrThrow()).is_identity_verified).toBe(false);
    const done = ZDataErasure.parse((await callAs(app, renter, 'GET', URL)).json().data);
    expect(done.erased_at).not.toBeNull();
    expect(done.retained).toEqual([]);
  });

  it('only about oneself: visitors 401; another client\'s request leaves this one\'s data alone', async () => {
    const { app, database } = t;
    const { renter, stranger, ruid } = await renterWithTwoRents();
    expect((await callAs(app, null, 'GET', URL)).statusCode).toBe(401);
    expect((await callAs(app, null, 'POST', URL, {})).statusCode).toBe(401);
    const theirs = await callAs(app, stranger, 'POST', URL, { cuid: renter.cuid });
    expect(theirs.statusCode).toBeLessThan(500);
    await runErasures();
    expect(await count(sql`SELECT count(*) AS n FROM rent_persons WHERE ruid = ${ruid}`)).toBe(1);
    expect((await callAs(app, renter, 'GET', URL)).json().data.requested_at).toBeNull();
  });
});
