import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { TENANT_FILE_MESSAGES as M, ZTenantFile } from '@nj/contracts';
import { applyTenantFile, getTenantFile, importScreeningList } from '@nj/core';
import { insertTestRent, testPdf, testPng } from '@nj/core/rent-documents/testing/document-fixtures';
import { grantTestBureauConsent } from '@nj/core/bureau-consent/testing/grant-bureau-consent';
import { insertTestProperties } from '@nj/core/search/testing/insert-properties';
import { createTestClientSession } from '@nj/core/likes/testing/registered-session';
import { useTestApp } from '../../testing/test-app.ts';
import { callAs, type TestCaller } from '../../testing/call-as.ts';
import { csrfFor } from '../../testing/test-browser.ts';
import { CSRF_COOKIE } from '../../plugins/csrf.ts';
import { SESSION_COOKIE } from '../../plugins/session.ts';

const t = useTestApp({}, { dataDirPrefix: 'nj-tenant-file-api-' });
const fixtures = join(import.meta.dirname, '../../../../../packages/core/src/screening/fixtures');
const DAY = 86_400_000;

/** POSTs the credit-investigation form (multipart) with its proofs. */
function investigate(app: FastifyInstance, who: TestCaller, fields: Record<string, string>, files: { field: string; name: string; bytes: Buffer }[]) {
  const boundary = `----nj${randomBytes(8).toString('hex')}`;
  const parts: Buffer[] = Object.entries(fields).map(([k, v]) => Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  for (const f of files) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${f.field}"; filename="${f.name}"\r\nContent-Type: application/octet-stream\r\n\r\n`), f.bytes, Buffer.from('\r\n'));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return app.inject({
    method: 'POST', url: '/api/v1/rents/creditinvestigation', payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'x-csrf-token': csrfFor(app, who?.token) },
    cookies: { [CSRF_COOKIE]: csrfFor(app, who?.token), ...(who ? { [SESSION_COOKIE]: who.token } : {}) },
  });
}

/**
 * A renter's first application, complete and sent: person data and income through the API, the investigation with
 * both proofs (sandbox bureau: score 720; income 33,000 for rent 10,000 + maintenance 1,000 passes), then sent.
 * Returns the parties and a second listing's rent of the same renter in client_offer_in_process, rent `price`.
 */
async function firstApplicationThenSecond(price: number) {
  const { app, database } = t;
  await importScreeningList(database, { listId: 'sat-69b', files: { main: new Uint8Array(readFileSync(join(fixtures, 'listado-completo-69-b.csv'))) } });
  await importScreeningList(database, { listId: 'ofac-sdn', files: { main: new Uint8Array(readFileSync(join(fixtures, 'sdn.csv'))), alt: new Uint8Array(readFileSync(join(fixtures, 'alt.csv'))) } });
  const first = await insertTestRent(database, 'client_offer_in_process', { lat: 18.34, lng: -114.72 });
  await sql`UPDATE rents SET price = 10000, maintenance_fee = 1000 WHERE ruid = ${first.ruid}`.execute(database.db);
  for (const [field, value] of [['first_name', 'Laura'], ['first_last_name', 'Méndez'], ['other_last_names', 'Ortiz'], ['birthdate', '1990-03-15']]) {
    const saved = await callAs(app, first.renter, 'PUT', `/api/v1/rents/${first.ruid}/person`, { person: 'renter', field, value });
    expect(saved.statusCode, saved.body).toBe(200);
  }
  const income = await callAs(app, first.renter, 'PUT', `/api/v1/rents/${first.ruid}/income`, { total_income: '33,000', work_company_name: 'Talleres del Bajío' });
  expect(income.statusCode, income.body).toBe(200);
  await grantTestBureauConsent(database, first.renter.cuid);
  const ran = await investigate(app, first.renter, {
    ruid: first.ruid, renter_type: 'renter', birthdate: '1990-03-15', first_name: 'Laura', first_last_name: 'Méndez', other_last_names: 'Ortiz',
    rfc: 'MEOL900315AB1', total_income: '33,000', address: 'Av. Juárez 120', neighborhood: 'Centro', municipality: 'Guadalajara',
    city: 'Guadalajara', state: 'Jalisco', cp: '44100', nationality: 'MX',
  }, [{ field: 'proof_of_address', name: 'luz.pdf', bytes: await testPdf(1) }, { field: 'proof_of_income', name: 'nomina.png', bytes: await testPng() }]);
  expect(ran.statusCode, ran.body).toBe(200);
  expect(ran.json().data).toMatchObject({ is_cr_passed: true, outcome: 'passed' });
  await sql`UPDATE rents SET step = 'on_offer', offer_sent_at = now() WHERE ruid = ${first.ruid}`.execute(database.db);

  const owner2 = await createTestClientSession(database);
  const [{ puid }] = await insertTestProperties(database, [{ lat: 18.35, lng: -114.73, owner_cuid: owner2.cuid, rent_price: price }]) as unknown as [{ puid: string }];
  const ruid = `r${randomBytes(8).toString('hex')}`;
  await database.db.insertInto('rents').values({ ruid, puid, renter_cuid: first.renter.cuid, owner_cuid: owner2.cuid, step: 'client_offer_in_process' } as never).execute();
  await sql`UPDATE rents SET price = ${price}, maintenance_fee = 0 WHERE ruid = ${ruid}`.execute(database.db);
  return { first, renter: first.renter, owner2, ruid };
}

describe('the reusable tenant file (issue 12 "A reusable tenant file")', () => {
  it('shows what a second application can reuse, then copies it: person data, proofs, income and the investigation decided again for the new rent', async () => {
    const { app, database } = t;
    // The second home's rent, 20,000 a month, is more than a third of 33,000: the reused investigation fails there.
    const { first, renter, owner2, ruid } = await firstApplicationThenSecond(20_000);

    const preview = await callAs(app, renter, 'GET', `/api/v1/rents/${ruid}/tenant-file`);
    expect(preview.statusCode, preview.body).toBe(200);
    const file = ZTenantFile.parse(preview.json().data);
    expect(file).toMatchObject({ reusable: true, target_has_data: false, source: { ruid: first.ruid }, person: true, documents: ['poa', 'poi'], income: 33000, investigation: { score: 720 } });
    expect(Date.parse(file.valid_until!)).toBeGreaterThan(Date.now() + 29 * DAY);
    // Nothing was copied by looking.
    expect((await sql`SELECT 1 FROM rent_persons WHERE ruid = ${ruid}`.execute(database.db)).rows).toHaveLength(0);

    const used = await callAs(app, renter, 'POST', `/api/v1/rents/${ruid}/tenant-file`, {});
    expect(used.statusCode, used.body).toBe(200);
    expect(used.json().msg).toBe(M.applied);
    expect(ZTenantFile.parse(used.json().data).applied?.sort()).toEqual(['documents', 'income', 'investigation', 'person']);
    expect((await callAs(app, renter, 'GET', `/api/v1/rents/${ruid}/tenant-file`)).json().data.target_has_data).toBe(true);

    const persons = await callAs(app, renter, 'GET', `/api/v1/rents/${ruid}/persons`);
    expect(persons.json().data.renter).toMatchObject({ first_name: 'Laura', first_last_name: 'Méndez', other_last_names: 'Ortiz', birthdate: '1990-03-15' });
    const rentRow = (await sql<{ total_income: number; work_company_name: string; is_cr_passed: boolean | null; renter_credit_score: number; ic: string | null }>`
      SELECT total_income, work_company_name, is_cr_passed, renter_credit_score, ic FROM rents WHERE ruid = ${ruid}`.execute(database.db)).rows[0]!;
    // Decided again for 20,000: income short fails; nothing charged (no ic transaction).
    expect(rentRow).toEqual({ total_income: 33000, work_company_name: 'Talleres del Bajío', is_cr_passed: false, renter_credit_score: 720, ic: null });
    const view = (await callAs(app, renter, 'GET', `/api/v1/rents/creditinvestigation?ruid=${ruid}`)).json().data;
    expect(view).toMatchObject({ status: 'completed', credit_score: 720, outcome: 'failed' });
    expect(view.outcome_reasons.map((r: { code: string }) => r.code)).toContain('income_short');
    // The first rent keeps its own result.
    expect((await sql<{ is_cr_passed: boolean }>`SELECT is_cr_passed FROM rents WHERE ruid = ${first.ruid}`.execute(database.db)).rows[0]!.is_cr_passed).toBe(true);

    // The proofs are this rent's own documents (new slugs), the same files once opened.
    const docs = (await sql<{ slug: string; kind: string; ruid: string; storage_key: string }>`
      SELECT slug, kind, ruid, storage_key FROM person_documents WHERE ruid IN (${first.ruid}, ${ruid}) ORDER BY ruid = ${ruid}, kind`.execute(database.db)).rows;
    const [firstPoa, firstPoi, poa, poi] = docs;
    expect([poa!.kind, poi!.kind]).toEqual(['poa', 'poi']);
    expect(poa!.slug).not.toBe(firstPoa!.slug);
    expect(poi!.storage_key).not.toBe(firstPoi!.storage_key);
    const original = await callAs(app, renter, 'GET', `/api/v1/documents/${firstPoi!.slug}?ruid=${first.ruid}`);
    const copy = await callAs(app, renter, 'GET', `/api/v1/documents/${poi!.slug}?ruid=${ruid}`);
    expect(copy.statusCode, copy.body.slice(0, 200)).toBe(200);
    expect(copy.rawPayload.equals(original.rawPayload)).toBe(true);

    // Once sent, the second owner sees the reused investigation in their review.
    await sql`UPDATE rents SET step = 'on_offer', offer_sent_at = now() WHERE ruid = ${ruid}`.execute(database.db);
    const review = await callAs(app, owner2, 'GET', `/api/v1/rents/review?ruid=${ruid}`);
    expect(review.statusCode, review.body).toBe(200);
    expect(review.json().data.investigation).toMatchObject({ credit_score: 720, is_cr_passed: false });
  });

  it('only the renter, only while the proposal is in process; nothing to reuse is a clear 409; a stranger 404', async () => {
    const { app, database } = t;
    const { first, renter, owner2, ruid } = await firstApplicationThenSecond(10_000);
    expect((await callAs(app, null, 'GET', `/api/v1/rents/${ruid}/tenant-file`)).statusCode).toBe(401);
    expect((await callAs(app, first.stranger, 'GET', `/api/v1/rents/${ruid}/tenant-file`)).statusCode).toBe(404);
    const byOwner = await callAs(app, owner2, 'POST', `/api/v1/rents/${ruid}/tenant-file`, {});
    expect(byOwner.statusCode).toBe(403);
    expect(byOwner.json().msg).toBe(M.renterOnly);
    // The first rent's owner cannot read the renter's other applications either.
    expect((await callAs(app, first.owner, 'GET', `/api/v1/rents/${ruid}/tenant-file`)).statusCode).toBe(404);
    await sql`UPDATE rents SET step = 'on_offer' WHERE ruid = ${ruid}`.execute(database.db);
    const late = await callAs(app, renter, 'POST', `/api/v1/rents/${ruid}/tenant-file`, {});
    expect(late.statusCode).toBe(409);
    expect(late.json().msg).toBe(M.onlyInProcess);
    expect((await sql`SELECT 1 FROM rent_persons WHERE ruid = ${ruid}`.execute(database.db)).rows).toHaveLength(0);

    const fresh = await insertTestRent(database);
    const none = await callAs(app, fresh.renter, 'GET', `/api/v1/rents/${fresh.ruid}/tenant-file`);
    expect(none.json().data).toMatchObject({ reusable: false, source: null, investigation: null, documents: [] });
    const nothing = await callAs(app, fresh.renter, 'POST', `/api/v1/rents/${fresh.ruid}/tenant-file`, {});
    expect(nothing.statusCode).toBe(409);
    expect(nothing.json().msg).toBe(M.nothingToReuse);
    for (const bad of ['%00', 'x'.repeat(300), "'; DROP TABLE rents;--"]) {
      expect((await callAs(app, renter, 'POST', `/api/v1/rents/${encodeURIComponent(bad)}/tenant-file`, {})).statusCode).toBeLessThan(500);
    }
  });

  it('after 30 days nothing is reusable (the window is measured from the sent application and the investigation)', async () => {
    const { database } = t;
    const { renter, ruid } = await firstApplicationThenSecond(10_000);
    const actor = { kind: 'registered', cuid: renter.cuid, privileges: [], isAgent: false } as const;
    expect((await getTenantFile(database, { actor, ruid }, new Date(Date.now() + 29 * DAY))).reusable).toBe(true);
    const later = await getTenantFile(database, { actor, ruid }, new Date(Date.now() + 31 * DAY));
    expect(later).toMatchObject({ reusable: false, source: null, investigation: null });
    await expect(applyTenantFile({ database, storage: t.app.services.storage, config: t.app.services.config }, { actor, ruid }, new Date(Date.now() + 31 * DAY)))
      .rejects.toMatchObject({ msg: M.nothingToReuse });
  });
});
