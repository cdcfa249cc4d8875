import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { CREDIT_BUREAU_MESSAGES, CREDIT_INVESTIGATION_MESSAGES as M, ZInvestigationView, ZOfferReview } from '@nj/contracts';
import { AppError, importScreeningList, type CreditBureauProvider } from '@nj/core';
import { insertTestRent, testPdf, testPng } from '@nj/core/rent-documents/testing/document-fixtures';
import { grantTestBureauConsent } from '@nj/core/bureau-consent/testing/grant-bureau-consent';
import { useTestApp } from '../../testing/test-app.ts';
import { callAs, type TestCaller } from '../../testing/call-as.ts';
import { csrfFor } from '../../testing/test-browser.ts';
import { CSRF_COOKIE } from '../../plugins/csrf.ts';
import { SESSION_COOKIE } from '../../plugins/session.ts';

const t = useTestApp({}, { dataDirPrefix: 'nj-investigation-api-' });
const URL = '/api/v1/rents/creditinvestigation';
const fixtures = join(import.meta.dirname, '../../../../../packages/core/src/screening/fixtures');

type File = { field: string; name: string; bytes: Buffer };
/** A multipart form: text fields, then files. */
function form(fields: Record<string, string>, files: File[] = []) {
  const boundary = `----nj${randomBytes(8).toString('hex')}`;
  const parts: Buffer[] = Object.entries(fields).map(([k, v]) => Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  for (const f of files) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${f.field}"; filename="${f.name}"\r\nContent-Type: application/octet-stream\r\n\r\n`), f.bytes, Buffer.from('\r\n'));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(parts), type: `multipart/form-data; boundary=${boundary}` };
}
function send(app: FastifyInstance, who: TestCaller, fields: Record<string, string>, files: File[] = []) {
  const f = form(fields, files);
  return app.inject({
    method: 'POST', url: URL, payload: f.body,
    headers: { 'content-type': f.type, 'x-csrf-token': csrfFor(app, who?.token) },
    cookies: { [CSRF_COOKIE]: csrfFor(app, who?.token), ...(who ? { [SESSION_COOKIE]: who.token } : {}) },
  });
}

/** A clean applicant (invented): Laura Méndez Ortiz, income three times rent + maintenance. */
const laura = (ruid: string): Record<string, string> => ({
  ruid, renter_type: 'renter', birthdate: '1990-03-15', first_name: 'Laura', first_last_name: 'Méndez', other_last_names: 'Ortiz',
  rfc: 'MEOL900315AB1', total_income: '33,000', address: 'Av. Juárez 120', neighborhood: 'Centro', municipality: 'Guadalajara',
  city: 'Guadalajara', state: 'Jalisco', cp: '44100', nationality: 'MX',
});

async function rentReady(step = 'client_offer_in_process') {
  const { database } = t;
  const rent = await insertTestRent(database, step, { lat: 18.33, lng: -114.71 });
  await sql`UPDATE rents SET price = 10000, maintenance_fee = 1000, offer_sent_at = ${step === 'on_offer' ? sql`now()` : null} WHERE ruid = ${rent.ruid}`.execute(database.db);
  // The renter authorized the bureau query with their NIP (decision 020; the NIP flow has its own test).
  await grantTestBureauConsent(database, rent.renter.cuid);
  return rent;
}
const count = async (table: string, ruid: string) => Number((await sql<{ n: string }>`SELECT count(*) AS n FROM ${sql.table(table)} WHERE ruid = ${ruid}`.execute(t.database.db)).rows[0]!.n);

describe('the credit investigation (issue 12; spec 03 §3 Credit-investigation form, §7 POST /v1/rents/creditinvestigation)', () => {
  it('only the renter may run it: visitors 401, strangers 404, the owner 403, and outside the offer steps 409', async () => {
    const { app } = t;
    const { owner, renter, stranger, ruid } = await rentReady();
    expect((await send(app, null, laura(ruid))).statusCode).toBe(401);
    expect((await send(app, stranger, laura(ruid))).statusCode).toBe(404);
    const byOwner = await send(app, owner, laura(ruid));
    expect(byOwner.statusCode).toBe(403);
    expect(byOwner.json().msg).toBe(M.renterOnly);
    expect((await callAs(app, stranger, 'GET', `${URL}?ruid=${ruid}`)).statusCode).toBe(404);
    // The owner reads nothing before the proposal is sent.
    expect((await callAs(app, owner, 'GET', `${URL}?ruid=${ruid}`)).statusCode).toBe(403);
    const hello = await rentReady('hello');
    const early = await send(app, hello.renter, laura(hello.ruid));
    expect(early.statusCode).toBe(409);
    expect(early.json().msg).toBe(M.stepNotAllowed);
    expect(await count('credit_investigations', ruid)).toBe(0);
    expect((await callAs(app, renter, 'GET', `${URL}?ruid=${ruid}`)).json().data).toBeNull();
  });

  it('refuses bad input in Spanish naming the field, writes nothing, and never answers 500', async () => {
    const { app } = t;
    const { renter, ruid } = await rentReady();
    const png = await testPng();
    const cases: [Record<string, string>, File[], string, number][] = [
      [{ ...laura(ruid), birthdate: '15/03/1990' }, [], 'birthdate', 400],
      [{ ...laura(ruid), total_income: 'mucho' }, [], 'total_income', 400],
      [{ ...laura(ruid), total_income: '0' }, [], 'total_income', 400],
      [{ ...laura(ruid), cp: '441' }, [], 'cp', 400],
      [{ ...laura(ruid), first_name: '' }, [], 'first_name', 400],
      [{ ...laura(ruid), rfc: 'NO-ES-RFC' }, [], 'rfc', 400],
      [{ ...laura(ruid), other_last_names: '' }, [], 'other_last_names', 400],
      [{ ...laura(ruid), state: 'Atlantis' }, [], 'state', 400],
      [{ ...laura(ruid), renter_type: 'aval' }, [], 'renter_type', 400],
      [{ ...laura(ruid), partner_first_name: 'Mario' }, [], 'partner_first_last_name', 400],
      [{ ...laura(ruid), partner_first_name: 'Mario', partner_first_last_name: 'Ruiz', partner_email: 'no-es-correo' }, [], 'partner_email', 400],
      [{ ...laura(ruid), existing_poa: 'true' }, [], 'existing_poa', 400],
      [{ ...laura(ruid), existing_poi: 'true' }, [], 'existing_poi', 400],
      [laura(ruid), [{ field: 'proof_of_income', name: 'recibo.txt', bytes: Buffer.from('no soy un documento') }], 'proof_of_income', 415],
      [laura(ruid), [{ field: 'foto', name: 'x.png', bytes: png }], 'foto', 400],
    ];
    for (const [fields, files, field, status] of cases) {
      const res = await send(app, renter, fields, files);
      expect(res.statusCode, `${field}: ${res.body}`).toBe(status);
      expect(res.json().data.fields, field).toHaveProperty(field);
      expect(typeof res.json().msg).toBe('string');
    }
    // Noise in every field: refused, never a 500.
    for (const noise of ['\u0000', 'x'.repeat(1000), '💥', '<script>', '-1', '1e309']) {
      const fields = Object.fromEntries(Object.keys(laura(ruid)).map((k) => [k, k === 'ruid' ? ruid : noise]));
      expect((await send(app, renter, fields)).statusCode, noise).toBeLessThan(500);
    }
    expect((await app.inject({ method: 'POST', url: URL, payload: 'ruid=1', headers: { 'content-type': 'text/plain' } })).statusCode).toBeLessThan(500);
    expect(await count('credit_investigations', ruid)).toBe(0);
    expect(await count('person_documents', ruid)).toBe(0);
  });

  it('a bureau that does not answer: 503 with its Spanish message, the run recorded as failed, the proofs kept', async () => {
    const { app, database } = t;
    const { renter, ruid } = await rentReady();
    const services = app.services as { creditBureau: CreditBureauProvider };
    const real = services.creditBureau;
    services.creditBureau = { name: 'circulo', getReport: async () => { throw new AppError('UNAVAILABLE', CREDIT_BUREAU_MESSAGES.unavailable); } };
    try {
      const res = await send(app, renter, laura(ruid), [{ field: 'proof_of_address', name: 'luz.pdf', bytes: await testPdf(1) }]);
      expect(res.statusCode).toBe(503);
      expect(res.json().msg).toBe(CREDIT_BUREAU_MESSAGES.unavailable);
    } finally {
      services.creditBureau = real;
    }
    const view = ZInvestigationView.parse((await callAs(app, renter, 'GET', `${URL}?ruid=${ruid}`)).json().data);
    expect(view).toMatchObject({ status: 'failed', failure_msg: CREDIT_BUREAU_MESSAGES.unavailable, credit_score: null, is_cr_passed: null });
    const rent = (await sql<{ current_ic_process_status: string; is_cr_passed: boolean | null }>`SELECT current_ic_process_status, is_cr_passed FROM rents WHERE ruid = ${ruid}`.execute(database.db)).rows[0]!;
    expect(rent).toEqual({ current_ic_process_status: 'failed', is_cr_passed: null });
    expect(await count('person_documents', ruid)).toBe(1);
    // The data entered is kept, sealed: the proof can be reused on the next try.
    const retry = await send(app, renter, { ...laura(ruid), existing_poa: 'true' }, [{ field: 'proof_of_income', name: 'nomina.pdf', bytes: await testPdf(1) }]);
    expect(retry.statusCode, retry.body).toBe(200);
    expect(retry.json().data).toMatchObject({ status: 'completed', is_cr_passed: null, outcome: 'review' });
    const forms = (await sql<{ status: string; form_sealed: string | null }>`SELECT status, form_sealed FROM credit_investigations WHERE ruid = ${ruid}`.execute(database.db)).rows;
    expect(forms.map((r) => r.form_sealed)).toEqual([null, null]);
  });

  it('with the sandbox bureau and the imported lists: score, matches, is_cr_passed, the rent\'s columns, a pending ic transaction; the owner reads it once sent', async () => {
    const { app, database } = t;
    await importScreeningList(database, { listId: 'sat-69b', files: { main: new Uint8Array(readFileSync(join(fixtures, 'listado-completo-69-b.csv'))) } });
    await importScreeningList(database, { listId: 'ofac-sdn', files: { main: new Uint8Array(readFileSync(join(fixtures, 'sdn.csv'))), alt: new Uint8Array(readFileSync(join(fixtures, 'alt.csv'))) } });
    const { owner, renter, ruid } = await rentReady();
    const files = [{ field: 'proof_of_address', name: 'luz.pdf', bytes: await testPdf(1) }, { field: 'proof_of_income', name: 'nomina.png', bytes: await testPng() }];
    const res = await send(app, renter, laura(ruid), files);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().msg).toBe(M.done);
    const view = ZInvestigationView.parse(res.json().data);
    expect(view).toMatchObject({
      status: 'completed', credit_score: 720, credit_score_reasons: ['K0', 'D2'], blacklist_matches: [], pld_matches: [],
      is_cr_passed: true, outcome: 'passed', outcome_reasons: [], transaction: { amount: 499, tstatus: 'pending' },
    });
    expect(view.summary.map((s) => s.key)).toEqual(['credit_bureau', 'payment_capacity', 'identity', 'income_address_proof', 'references', 'pre_approval', 'blacklists', 'international_lists']);
    expect(Object.fromEntries(view.summary.map((s) => [s.key, s.state]))).toEqual({
      credit_bureau: 'done', payment_capacity: 'done', identity: 'pending', income_address_proof: 'done', references: 'pending',
      pre_approval: 'done', blacklists: 'done', international_lists: 'done',
    });
    const rent = (await sql<Record<string, unknown>>`
      SELECT is_cr_passed, renter_credit_score, renter_credit_score_reasons, ic, current_ic_process, current_ic_process_status, last_completed_ic
      FROM rents WHERE ruid = ${ruid}`.execute(database.db)).rows[0]!;
    expect(rent).toMatchObject({ is_cr_passed: true, renter_credit_score: 720, renter_credit_score_reasons: '["K0","D2"]', current_ic_process_status: 'completed', ic: view.transaction!.tuid });
    expect(rent.last_completed_ic).toBe(rent.current_ic_process);
    const tx = (await sql<Record<string, unknown>>`SELECT ttype, tstatus, cuid FROM transactions WHERE tuid = ${view.transaction!.tuid}`.execute(database.db)).rows[0];
    expect(tx).toEqual({ ttype: 'ic', tstatus: 'pending', cuid: renter.cuid });
    // The bureau's answer is kept sealed: the RFC never in clear.
    const report = (await sql<{ m_sicresponse_sealed: string; m_sicprovider: string; m_ttl: Date }>`SELECT m_sicresponse_sealed, m_sicprovider, m_ttl FROM credit_reports WHERE icuid = ${view.icuid}`.execute(database.db)).rows[0]!;
    expect(report.m_sicprovider).toBe('sandbox');
    expect(report.m_sicresponse_sealed).not.toContain('MEOL900315');
    // Its PDF: sealed in the storage, opened for the renter only.
    const pdf = await callAs(app, renter, 'GET', `${URL}/pdf?ruid=${ruid}`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['cache-control']).toBe('private, no-store');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const key = (await sql<{ m_sic_pdf: string }>`SELECT m_sic_pdf FROM credit_reports WHERE icuid = ${view.icuid}`.execute(database.db)).rows[0]!.m_sic_pdf;
    expect(key.startsWith('credit-reports/')).toBe(true);
    expect((await app.services.storage.get(key))!.body.subarray(0, 5).toString()).not.toBe('%PDF-');
    expect((await callAs(app, owner, 'GET', `${URL}/pdf?ruid=${ruid}`)).statusCode).toBe(403);
    expect((await app.inject({ method: 'GET', url: `/media/${key}` })).statusCode).toBe(404);

    // Sent to the owner (on_offer): a second run with the stored proofs, as a name on the 69-B list (Definitivo) with
    // an OFAC-listed partner: not passed, the matches with list, entry and score; new files are refused in this step.
    await sql`UPDATE rents SET step = 'on_offer', offer_sent_at = now() WHERE ruid = ${ruid}`.execute(database.db);
    const listed = {
      ...laura(ruid), first_name: 'Esteban', first_last_name: 'Zúñiga', other_last_names: 'Peña', rfc: 'ZUPE700512QW3', birthdate: '1970-05-12',
      existing_poa: 'true', existing_poi: 'true', partner_first_name: 'Jacinto Rogelio', partner_first_last_name: 'Villareal', partner_other_last_names: 'Quintero', partner_email: 'pareja@example.com',
    };
    expect((await send(app, renter, listed, [{ field: 'proof_of_income', name: 'n.png', bytes: await testPng() }])).json().msg).toBe(M.filesOnlyInProcess);
    const second = await send(app, renter, listed);
    expect(second.statusCode, second.body).toBe(200);
    const failed = ZInvestigationView.parse(second.json().data);
    expect(failed).toMatchObject({ is_cr_passed: false, outcome: 'failed' });
    expect(failed.outcome_reasons.map((r) => r.code)).toEqual(['blacklist_definitive', 'pld_match']);
    expect(failed.blacklist_matches).toEqual([{ person: 'renter', list_id: 'sat-69b', list_name: 'SAT artículo 69-B (operaciones simuladas)', entry_name: 'ZÚÑIGA PEÑA ESTEBAN', entry_status: 'Definitivo', score: 1, matched_by: 'rfc', strength: 'strong' }]);
    expect(failed.pld_matches[0]).toMatchObject({ person: 'partner', list_id: 'ofac-sdn', entry_name: 'VILLAREAL QUINTERO, Jacinto Rogelio', score: 1, strength: 'strong' });
    expect(Object.fromEntries(failed.summary.map((s) => [s.key, s.state]))).toMatchObject({ pre_approval: 'failed', blacklists: 'failed', international_lists: 'failed' });

    // The owner reads it in the review (score, reasons, matches, summary) and through the call; a stranger nothing.
    const review = ZOfferReview.parse((await callAs(app, owner, 'GET', `/api/v1/rents/review?ruid=${ruid}`)).json().data);
    expect(review.investigation).toMatchObject({ credit_score: 720, is_cr_passed: false, blacklist_matches: [{ entry_name: 'ZÚÑIGA PEÑA ESTEBAN' }] });
    expect((await callAs(app, owner, 'GET', `${URL}?ruid=${ruid}`)).json().data).toMatchObject({ icuid: failed.icuid });
    expect(await count('credit_investigations', ruid)).toBe(2);
  });

  it('a low score fails and no score goes to review (sandbox last names)', async () => {
    const { app } = t;
    const { renter, ruid } = await rentReady();
    const proof = [{ field: 'proof_of_income', name: 'n.pdf', bytes: await testPdf(1) }];
    const low = ZInvestigationView.parse((await send(app, renter, { ...laura(ruid), first_last_name: 'Riesgo' }, proof)).json().data);
    expect(low).toMatchObject({ credit_score: 520, is_cr_passed: false });
    expect(low.outcome_reasons[0]).toEqual({ code: 'score_low', text: M.reasons.score_low });
    const none = ZInvestigationView.parse((await send(app, renter, { ...laura(ruid), first_last_name: 'Sin Historial', existing_poi: 'true' })).json().data);
    expect(none).toMatchObject({ credit_score: null, is_cr_passed: null, outcome: 'review' });
  });

  it('one run at a time per rent, and at most 5 bureau queries a renter a day (429)', async () => {
    const { app, database } = t;
    const { renter, ruid } = await rentReady();
    // A run in process (another request): refused until it ends or goes stale.
    await sql`INSERT INTO credit_investigations (icuid, ruid, cuid, renter_type, status) VALUES ('ic-en-curso', ${ruid}, ${renter.cuid}, 'renter', 'in_process')`.execute(database.db);
    await sql`UPDATE rents SET current_ic_process = 'ic-en-curso', current_ic_process_status = 'in_process' WHERE ruid = ${ruid}`.execute(database.db);
    const busy = await send(app, renter, laura(ruid));
    expect(busy.statusCode).toBe(409);
    expect(busy.json().msg).toBe(M.alreadyRunning);
    await sql`UPDATE credit_investigations SET updated_at = now() - interval '10 minutes' WHERE icuid = 'ic-en-curso'`.execute(database.db);
    for (let run = 1; run <= 5; run++) expect((await send(app, renter, laura(ruid))).statusCode, `run ${run}`).toBe(200);
    const limited = await send(app, renter, laura(ruid));
    expect(limited.statusCode).toBe(429);
    expect(await count('credit_investigations', ruid)).toBe(6);
  });
});

