import { afterAll, describe, expect, it } from 'vitest';
import { GUARANTOR_MESSAGES as G, INVITATIONS_PER_DAY, PERSON_MESSAGES as PM, ZContactResult, ZMyInvitations, ZRentPersons, ZRentProcess } from '@nj/contracts';
import { createTestClientWithEmail } from '@nj/core/likes/testing/registered-session';
import { startSmtpSink } from '@nj/core/messaging/testing/smtp-sink';
import { insertTestProperties } from '@nj/core/search/testing/insert-properties';
import { testPdf } from '@nj/core/rent-documents/testing/document-fixtures';
import type { Database } from '@nj/db';
import { useTestApp } from '../../testing/test-app.ts';
import { callAs, type TestCaller } from '../../testing/call-as.ts';
import { postMultipart } from '../../testing/multipart.ts';

// The invitations go through a local SMTP server: the test reads what the invitees receive.
const smtp = await startSmtpSink();
afterAll(() => smtp.close());
const t = useTestApp({ SMTP_URL: smtp.url, BOND_INSURER_PROVIDER: 'sandbox' }, { dataDirPrefix: 'nj-guarantors-api-' });

/** POST of one file in the multipart field `file`, as a browser sends it. */
const uploadFile = (who: TestCaller, url: string, bytes: Buffer, name: string) => postMultipart(t.app, who, url, {}, { bytes, name });
/** A signed-in client with a verified e-mail (as after the sign-up PIN). */
const person = (database: Database, email: string) => createTestClientWithEmail(database, email);
const received = (to: string) => smtp.received.filter((m) => m.to.includes(to));
const linkIn = (raw: string) => /\/invitaciones\?i=([A-Za-z0-9_-]+)/.exec(raw.replace(/=\r?\n/g, '').replace(/=3D/g, '='))?.[1];

describe('the guarantor and the second renter (issue 12 The guarantor; spec 03 §3 Guarantor record, §4, §6, §7)', () => {
  it('the tenant names an aval by e-mail; the aval signs in, accepts, fills in their own data and guarantee; support approves; every other caller is refused', async () => {
    const { app, database } = t;
    const tag = Date.now().toString(36);
    const owner = await person(database, `dueno-${tag}@example.com`);
    const renter = await person(database, `inquilino-${tag}@example.com`);
    const avalEmail = `aval-${tag}@example.com`;
    const stranger = await person(database, `extrano-${tag}@example.com`);
    const support = await person(database, `soporte-${tag}@example.com`);
    await database.db.updateTable('clients').set({ privileges: ['support'] } as never).where('cuid', '=', support.cuid).execute();
    // Fixtures near Isla Socorro, away from other files' listings.
    const [{ puid }] = await insertTestProperties(database, [{ lat: 18.79, lng: -110.98, owner_cuid: owner.cuid, rent_price: 15000 }]) as unknown as [{ puid: string }];
    const { ruid } = ZContactResult.parse((await callAs(app, renter, 'POST', '/api/v1/rents', { puid, text: 'Hola' })).json().data);
    const name = (who: { token: string } | null, body: object) => callAs(app, who, 'POST', '/api/v1/rents/aval', { ruid, ...body });

    // Only in client_offer_in_process.
    expect((await name(renter, { atype: 'aval', email: avalEmail })).statusCode).toBe(409);
    expect((await callAs(app, renter, 'POST', '/api/v1/rents/offer', { ruid })).statusCode).toBe(200);

    // Bad input: a clear Spanish refusal under its field, nothing stored.
    for (const [body, field, msg] of [
      [{ atype: 'aval' }, 'email', G.emailRequired],
      [{ atype: 'aval', email: 'no-es-correo' }, 'email', G.emailInvalid],
      [{ atype: 'fiador', email: avalEmail }, 'atype', G.atypeInvalid],
      [{ atype: 'aval', email: `INQUILINO-${tag}@example.com` }, 'email', G.notYourself],
      [{ atype: 'obligado', email: `dueno-${tag}@example.com` }, 'email', G.notTheOwner],
      [{ atype: 'nowo', email: avalEmail }, 'email', G.emailNotForNowo],
      [{ atype: 'nowo' }, 'atype', G.insurerNeedsRenter],
    ] as const) {
      const res = await name(renter, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().msg).toBe(msg);
      expect(JSON.stringify(res.json().data.fields)).toContain(field);
    }
    expect(await database.db.selectFrom('rent_invitations').select('iuid').where('ruid', '=', ruid).execute()).toEqual([]);
    // Nobody but the tenant names the guarantor.
    expect((await name(null, { atype: 'aval', email: avalEmail })).statusCode).toBe(401);
    expect((await name(owner, { atype: 'aval', email: avalEmail })).statusCode).toBe(403);
    expect((await name(stranger, { atype: 'aval', email: avalEmail })).statusCode).toBe(404);

    // A first naming, replaced by a second one: the first invitation is gone for its invitee.
    const first = await name(renter, { atype: 'obligado', email: `primero-${tag}@example.com` });
    expect(first.statusCode, first.body).toBe(200);
    const firstUid = ZRentProcess.parse(first.json().data).aval!.aval_process_uid;
    const named = await name(renter, { atype: 'aval', email: avalEmail.toUpperCase() });
    expect(named.statusCode).toBe(200);
    expect(named.json().msg).toBe(G.avalInvited);
    const process = ZRentProcess.parse(named.json().data);
    expect(process.aval).toMatchObject({ atype: 'aval', status: 'pending', email: avalEmail, is_aval_confirmed: false, is_aval_approved: null, approved_before: false });
    const avalUid = process.aval!.aval_process_uid;

    // The e-mail reached the invitee with the link to the invitations page.
    const mail = received(avalEmail);
    expect(mail).toHaveLength(1);
    expect(linkIn(mail[0]!.raw)).toBe(avalUid);
    expect(received(`primero-${tag}@example.com`)).toHaveLength(1);

    // The invitee has no account yet: signs up with that address and then sees the request.
    const aval = await person(database, avalEmail);
    const mine = ZMyInvitations.parse((await callAs(app, aval, 'GET', '/api/v1/client/iamaval')).json().data);
    expect(mine.aval).toHaveLength(1);
    expect(mine.aval[0]).toMatchObject({ aval_uid: avalUid, atype: 'aval', is_confirmed: false, is_approved: null, ruid, puid, step: 'client_offer_in_process', price: 15000, rtype: 'solo' });
    // Others see nothing of it; the replaced invitation answers 404 to others and is not listed.
    expect(ZMyInvitations.parse((await callAs(app, stranger, 'GET', '/api/v1/client/iamaval')).json().data).aval).toEqual([]);
    expect((await callAs(app, null, 'GET', '/api/v1/client/iamaval')).statusCode).toBe(401);
    const answer = (who: { token: string } | null, uid: string, option: string) => callAs(app, who, 'POST', `/api/v1/rents/aval/${uid}`, { option });
    for (const who of [renter, owner, stranger, support]) expect((await answer(who, avalUid, 'accept')).statusCode).toBe(404);
    expect((await answer(aval, firstUid, 'accept')).statusCode).toBe(404);
    const replacedInvitee = await person(database, `primero-${tag}@example.com`);
    const gone = await answer(replacedInvitee, firstUid, 'accept');
    expect(gone.statusCode).toBe(410);
    expect(gone.json().msg).toBe(G.replaced);
    expect((await answer(aval, avalUid, 'quizas')).json().msg).toBe(G.optionInvalid);
    // Before accepting, the aval is not in the rent.
    expect((await callAs(app, aval, 'GET', `/api/v1/client/loadrentprocess?ruid=${ruid}`)).statusCode).toBe(404);

    const accepted = await answer(aval, avalUid, 'accept');
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json().msg).toBe(G.avalAccepted);
    expect(ZMyInvitations.parse(accepted.json().data).aval[0]!.is_confirmed).toBe(true);
    // The tenant is told by e-mail.
    const told = received(`inquilino-${tag}@example.com`);
    expect(told).toHaveLength(1);
    expect(told[0]!.raw).toMatch(/Subject: .*(ser tu aval|=\?UTF-8)/i);
    expect((await answer(aval, avalUid, 'reject')).statusCode).toBe(409);

    // The aval fills in their own data (role aval), never the tenant's; the tenant can't fill the aval's.
    const put = (who: { token: string }, person: string, field: string, value: string) => callAs(app, who, 'PUT', `/api/v1/rents/${ruid}/person`, { person, field, value });
    expect((await put(aval, 'aval', 'first_name', 'María')).statusCode).toBe(200);
    expect((await put(aval, 'aval', 'first_last_name', 'López')).statusCode).toBe(200);
    expect((await put(aval, 'aval', 'idmex_code', '1234567890')).statusCode).toBe(200);
    expect((await put(aval, 'renter', 'first_name', 'Intruso')).json().msg).toBe(PM.ownOnly);
    expect((await put(renter, 'aval', 'first_name', 'Intruso')).statusCode).toBe(403);
    expect((await put(renter, 'renter', 'first_name', 'Juan')).statusCode).toBe(200);
    expect((await put(renter, 'renter', 'idmex_code', '0987654321')).statusCode).toBe(200);
    // Each reads only what the issue allows, and nobody reads another person's identifiers.
    const avalReads = ZRentPersons.parse((await callAs(app, aval, 'GET', `/api/v1/rents/${ruid}/persons`)).json().data);
    expect(avalReads.renter).toBeNull();
    expect(avalReads.aval).toMatchObject({ first_name: 'María', idmex_code: '1234567890' });
    const renterReads = ZRentPersons.parse((await callAs(app, renter, 'GET', `/api/v1/rents/${ruid}/persons`)).json().data);
    expect(renterReads.renter?.idmex_code).toBe('0987654321');
    expect(renterReads.aval).toMatchObject({ first_name: 'María', idmex_code: null });
    expect((await callAs(app, stranger, 'GET', `/api/v1/rents/${ruid}/persons`)).statusCode).toBe(404);

    // The guarantee property (atype aval): address fields checked, only by the aval.
    const guarantee = { addr: 'Av. Juárez 100', neighborhood: 'Centro', city: 'Guadalajara', municipality: 'Guadalajara', state: 'Jalisco', cp: '44100' };
    const badCp = await callAs(app, aval, 'PUT', `/api/v1/rents/aval/${avalUid}/guarantee`, { ...guarantee, cp: '441' });
    expect(badCp.statusCode).toBe(400);
    expect(badCp.json().msg).toBe(PM.postalCodeInvalid);
    expect((await callAs(app, renter, 'PUT', `/api/v1/rents/aval/${avalUid}/guarantee`, guarantee)).statusCode).toBe(404);
    const saved = await callAs(app, aval, 'PUT', `/api/v1/rents/aval/${avalUid}/guarantee`, guarantee);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(ZMyInvitations.parse(saved.json().data).aval[0]!.guarantee).toMatchObject({ addr: 'Av. Juárez 100', cp: '44100' });

    // Its deed or predial: checked by content, stored sealed, only by the aval.
    const deedUrl = `/api/v1/rents/aval/${avalUid}/guarantee/document`;
    const pdf = await testPdf();
    expect((await uploadFile(renter, deedUrl, pdf, 'escritura.pdf')).statusCode).toBe(404);
    expect((await uploadFile(stranger, deedUrl, pdf, 'escritura.pdf')).statusCode).toBe(404);
    expect((await uploadFile(null, deedUrl, pdf, 'escritura.pdf')).statusCode).toBe(401);
    const notAFile = await uploadFile(aval, deedUrl, Buffer.from('esto no es un documento'), 'escritura.pdf');
    expect(notAFile.statusCode).toBeGreaterThanOrEqual(400);
    expect(notAFile.statusCode).toBeLessThan(500);
    const deed = await uploadFile(aval, deedUrl, pdf, 'escritura.pdf');
    expect(deed.statusCode, deed.body).toBe(200);
    expect(deed.json()).toMatchObject({ msg: G.guaranteeDocumentSaved, data: { content_type: 'application/pdf', filename: 'escritura.pdf' } });
    const stored = await database.db.selectFrom('person_documents').select(['kind', 'role', 'cuid']).where('ruid', '=', ruid).where('kind', '=', 'guarantee_deed').execute();
    expect(stored).toEqual([{ kind: 'guarantee_deed', role: 'aval', cuid: aval.cuid }]);

    // The tenant sees the progress; the owner sees nothing of the guarantor before the proposal is sent.
    const seen = ZRentProcess.parse((await callAs(app, renter, 'GET', `/api/v1/client/loadrentprocess?ruid=${ruid}`)).json().data);
    expect(seen.aval).toMatchObject({ is_aval_confirmed: true, is_aval_approved: null, has_data: true, has_guarantee_document: true, guarantee: { addr: 'Av. Juárez 100' } });
    const ownerSees = ZRentProcess.parse((await callAs(app, owner, 'GET', `/api/v1/client/loadrentprocess?ruid=${ruid}`)).json().data);
    expect(ownerSees.role).toBe('owner');
    expect(ownerSees.aval).toBeNull();
    expect((await callAs(app, stranger, 'GET', `/api/v1/client/loadrentprocess?ruid=${ruid}`)).statusCode).toBe(404);
    expect((await callAs(app, aval, 'GET', `/api/v1/client/loadrentprocess?ruid=${ruid}`)).json().data.aval.email).toBeNull();

    // Approval: support decides; the owner only once the proposal is sent; the tenant and the aval never.
    const decide = (who: { token: string }, body: object) => callAs(app, who, 'POST', `/api/v1/rents/aval/${avalUid}/approval`, body);
    expect((await decide(renter, { is_approved: true })).statusCode).toBe(403);
    expect((await decide(aval, { is_approved: true })).statusCode).toBe(403);
    expect((await decide(stranger, { is_approved: true })).statusCode).toBe(404);
    expect((await decide(owner, { is_approved: true })).statusCode).toBe(403);
    expect((await decide(support, {})).json().msg).toBe(G.approvalInvalid);
    expect((await decide(support, { is_os_confirmed: true })).json().msg).toBe(G.osOnlyObligado);
    const approved = await decide(support, { is_approved: true });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().data).toMatchObject({ is_aval_approved: true, email: null });
    expect(ZMyInvitations.parse((await callAs(app, aval, 'GET', '/api/v1/client/iamaval')).json().data).aval[0]!.is_approved).toBe(true);

    // Approved once: named again in another rent, the aval is marked so.
    const [{ puid: puid2 }] = await insertTestProperties(database, [{ lat: 18.8, lng: -110.97, owner_cuid: owner.cuid, rent_price: 9000 }]) as unknown as [{ puid: string }];
    const other = await person(database, `otro-${tag}@example.com`);
    const { ruid: ruid2 } = ZContactResult.parse((await callAs(app, other, 'POST', '/api/v1/rents', { puid: puid2, text: 'Hola' })).json().data);
    await callAs(app, other, 'POST', '/api/v1/rents/offer', { ruid: ruid2 });
    const again = await callAs(app, other, 'POST', '/api/v1/rents/aval', { ruid: ruid2, atype: 'aval', email: avalEmail });
    expect(ZRentProcess.parse(again.json().data).aval).toMatchObject({ approved_before: true, is_aval_approved: null });
    // The aval of both rents sees both; the tenant of one never sees the other's rent.
    expect(ZMyInvitations.parse((await callAs(app, aval, 'GET', '/api/v1/client/iamaval')).json().data).aval).toHaveLength(2);
    expect((await callAs(app, other, 'GET', `/api/v1/client/loadrentprocess?ruid=${ruid}`)).statusCode).toBe(404);
  });

  it('bond insurance (nowo): the sandbox insurer approves with a premium or refuses, with no e-mail and no person to confirm', async () => {
    const { app, database } = t;
    const tag = `n${Date.now().toString(36)}`;
    const owner = await person(database, `dueno-${tag}@example.com`);
    const renter = await person(database, `inquilino-${tag}@example.com`);
    const [{ puid }] = await insertTestProperties(database, [{ lat: 18.78, lng: -110.99, owner_cuid: owner.cuid, rent_price: 20000 }]) as unknown as [{ puid: string }];
    const { ruid } = ZContactResult.parse((await callAs(app, renter, 'POST', '/api/v1/rents', { puid, text: 'Hola' })).json().data);
    await callAs(app, renter, 'POST', '/api/v1/rents/offer', { ruid });
    const put = (field: string, value: string) => callAs(app, renter, 'PUT', `/api/v1/rents/${ruid}/person`, { person: 'renter', field, value });
    await put('first_name', 'Ana');
    await put('first_last_name', 'Rechazo');
    await put('birthdate', '1990-01-02');
    const refused = await callAs(app, renter, 'POST', '/api/v1/rents/aval', { ruid, atype: 'nowo' });
    expect(refused.statusCode, refused.body).toBe(200);
    expect(ZRentProcess.parse(refused.json().data).aval).toMatchObject({ atype: 'nowo', is_aval_confirmed: true, is_aval_approved: false, insurer: { provider: 'sandbox', premium: null } });
    await put('first_last_name', 'Ramírez');
    const approved = ZRentProcess.parse((await callAs(app, renter, 'POST', '/api/v1/rents/aval', { ruid, atype: 'nowo' })).json().data);
    expect(approved.aval).toMatchObject({ atype: 'nowo', is_aval_approved: true, insurer: { provider: 'sandbox', premium: 7000 } });
    expect(received(`inquilino-${tag}@example.com`)).toEqual([]);
    // Nobody answers or approves a policy in the insurer's place.
    const support = await person(database, `soporte-${tag}@example.com`);
    await database.db.updateTable('clients').set({ privileges: ['support'] } as never).where('cuid', '=', support.cuid).execute();
    expect((await callAs(app, support, 'POST', `/api/v1/rents/aval/${approved.aval!.aval_process_uid}/approval`, { is_approved: false })).json().msg).toBe(G.approvalNowo);
  });

  it('second renter (joint): invited by e-mail, accepts, fills in their own data; sees the rent but not the tenant\'s identifiers', async () => {
    const { app, database } = t;
    const tag = `s${Date.now().toString(36)}`;
    const owner = await person(database, `dueno-${tag}@example.com`);
    const renter = await person(database, `inquilino-${tag}@example.com`);
    const secondEmail = `segundo-${tag}@example.com`;
    const second = await person(database, secondEmail);
    const stranger = await person(database, `extrano-${tag}@example.com`);
    const [{ puid }] = await insertTestProperties(database, [{ lat: 18.77, lng: -110.96, owner_cuid: owner.cuid, rent_price: 12000 }]) as unknown as [{ puid: string }];
    const { ruid } = ZContactResult.parse((await callAs(app, renter, 'POST', '/api/v1/rents', { puid, text: 'Hola' })).json().data);
    await callAs(app, renter, 'POST', '/api/v1/rents/offer', { ruid });
    const invite = (who: { token: string }, email: string) => callAs(app, who, 'POST', '/api/v1/rents/second-renter', { ruid, email });

    const solo = await invite(renter, secondEmail);
    expect(solo.statusCode).toBe(400);
    expect(solo.json().msg).toBe(G.notJoint);
    expect((await callAs(app, renter, 'PUT', `/api/v1/rents/${ruid}`, { key: 'rent_type', value: 'joint' })).statusCode).toBe(200);
    expect((await invite(owner, secondEmail)).statusCode).toBe(403);
    expect((await invite(stranger, secondEmail)).statusCode).toBe(404);
    expect((await invite(renter, 'x@')).json().msg).toBe(G.emailInvalid);
    const invited = await invite(renter, secondEmail);
    expect(invited.statusCode, invited.body).toBe(200);
    const iuid = ZRentProcess.parse(invited.json().data).second_renter!.iuid;
    expect(linkIn(received(secondEmail)[0]!.raw)).toBe(iuid);

    const list = ZMyInvitations.parse((await callAs(app, second, 'GET', '/api/v1/client/iamaval')).json().data);
    expect(list.second_renter[0]).toMatchObject({ iuid, status: 'pending', rent: { ruid, rtype: 'joint', price: 12000 } });
    expect(list.aval).toEqual([]);
    // The invitation is not a guarantor's: the aval call does not take it.
    expect((await callAs(app, second, 'POST', `/api/v1/rents/aval/${iuid}`, { option: 'accept' })).statusCode).toBe(404);
    expect((await callAs(app, stranger, 'POST', `/api/v1/rents/second-renter/${iuid}`, { option: 'accept' })).statusCode).toBe(404);
    const ok = await callAs(app, second, 'POST', `/api/v1/rents/second-renter/${iuid}`, { option: 'accept' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().msg).toBe(G.secondAccepted);

    const put = (who: { token: string }, person: string, field: string, value: string) => callAs(app, who, 'PUT', `/api/v1/rents/${ruid}/person`, { person, field, value });
    expect((await put(second, 'second_renter', 'first_name', 'Luis')).statusCode).toBe(200);
    expect((await put(second, 'second_renter', 'idmex_code', '1111111111')).statusCode).toBe(200);
    expect((await put(renter, 'renter', 'idmex_code', '2222222222')).statusCode).toBe(200);
    expect((await put(second, 'renter', 'first_name', 'Intruso')).statusCode).toBe(403);
    const secondReads = ZRentPersons.parse((await callAs(app, second, 'GET', `/api/v1/rents/${ruid}/persons`)).json().data);
    expect(secondReads.second_renter).toMatchObject({ first_name: 'Luis', idmex_code: '1111111111' });
    expect(secondReads.renter?.idmex_code).toBeNull();
    const renterReads = ZRentPersons.parse((await callAs(app, renter, 'GET', `/api/v1/rents/${ruid}/persons`)).json().data);
    expect(renterReads.second_renter).toMatchObject({ first_name: 'Luis', idmex_code: null });
    const progress = ZRentProcess.parse((await callAs(app, renter, 'GET', `/api/v1/client/loadrentprocess?ruid=${ruid}`)).json().data);
    expect(progress.second_renter).toMatchObject({ status: 'accepted', is_confirmed: true, has_data: true, email: secondEmail });
    const secondSees = ZRentProcess.parse((await callAs(app, second, 'GET', `/api/v1/client/loadrentprocess?ruid=${ruid}`)).json().data);
    expect(secondSees).toMatchObject({ role: 'second_renter', rtype: 'joint', second_renter: { email: null } });
    // Inviting someone else: the replaced second renter leaves the rent and their data are deleted.
    const third = await person(database, `tercero-${tag}@example.com`);
    expect((await invite(renter, `tercero-${tag}@example.com`)).statusCode).toBe(200);
    expect((await callAs(app, second, 'GET', `/api/v1/client/loadrentprocess?ruid=${ruid}`)).statusCode).toBe(404);
    expect((await callAs(app, second, 'GET', `/api/v1/rents/${ruid}/persons`)).statusCode).toBe(404);
    expect(ZRentPersons.parse((await callAs(app, renter, 'GET', `/api/v1/rents/${ruid}/persons`)).json().data).second_renter).toBeNull();
    expect(await database.db.selectFrom('rent_persons').select('role').where('ruid', '=', ruid).where('role', '=', 'second_renter').execute()).toEqual([]);
    const thirdList = ZMyInvitations.parse((await callAs(app, third, 'GET', '/api/v1/client/iamaval')).json().data);
    expect(thirdList.second_renter.map((i) => i.status)).toEqual(['pending']);
    // Once the proposal is sent nobody edits the people's data.
    expect((await callAs(app, third, 'POST', `/api/v1/rents/second-renter/${thirdList.second_renter[0]!.iuid}`, { option: 'accept' })).statusCode).toBe(200);
    await database.db.updateTable('rents').set({ step: 'on_offer' }).where('ruid', '=', ruid).execute();
    expect((await put(third, 'second_renter', 'first_name', 'Otro')).statusCode).toBe(409);
  });

  it(`a tenant names at most ${INVITATIONS_PER_DAY} people a day (e-mails to strangers are bounded)`, async () => {
    const { app, database } = t;
    const tag = `l${Date.now().toString(36)}`;
    const owner = await person(database, `dueno-${tag}@example.com`);
    const renter = await person(database, `inquilino-${tag}@example.com`);
    const [{ puid }] = await insertTestProperties(database, [{ lat: 18.76, lng: -110.95, owner_cuid: owner.cuid, rent_price: 10000 }]) as unknown as [{ puid: string }];
    const { ruid } = ZContactResult.parse((await callAs(app, renter, 'POST', '/api/v1/rents', { puid, text: 'Hola' })).json().data);
    await callAs(app, renter, 'POST', '/api/v1/rents/offer', { ruid });
    for (let i = 0; i < INVITATIONS_PER_DAY; i++) {
      expect((await callAs(app, renter, 'POST', '/api/v1/rents/aval', { ruid, atype: 'obligado', email: `aval${i}-${tag}@example.com` })).statusCode).toBe(200);
    }
    const refused = await callAs(app, renter, 'POST', '/api/v1/rents/aval', { ruid, atype: 'obligado', email: `uno-mas-${tag}@example.com` });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().msg).toBe(G.tooManyInvitations);
    expect(received(`uno-mas-${tag}@example.com`)).toEqual([]);
  });
});
