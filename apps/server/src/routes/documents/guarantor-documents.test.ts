import { describe, expect, it } from 'vitest';
import { ZContactResult, ZMyInvitations, ZRentDocuments } from '@nj/contracts';
import { createTestClientWithEmail } from '@nj/core/likes/testing/registered-session';
import { insertTestProperties } from '@nj/core/search/testing/insert-properties';
import { testPdf, testPng } from '@nj/core/rent-documents/testing/document-fixtures';
import type { Database } from '@nj/db';
import { useTestApp } from '../../testing/test-app.ts';
import { callAs, type TestCaller } from '../../testing/call-as.ts';
import { postMultipart } from '../../testing/multipart.ts';

const t = useTestApp({}, { dataDirPrefix: 'nj-guarantor-docs-api-' });

const upload = (who: TestCaller, url: string, fields: Record<string, string>, bytes: Buffer, name: string) => postMultipart(t.app, who, url, fields, { bytes, name });
const person = (database: Database, email: string) => createTestClientWithEmail(database, email);

describe('the guarantor\'s own proofs (issue 12: person data of renter, second renter and aval with proofs; decision 018)', () => {
  it('an obligado who accepted uploads their proofs of address and income; each person reads only their own', async () => {
    const { app, database } = t;
    const tag = Date.now().toString(36);
    const owner = await person(database, `dueno-docs-${tag}@example.com`);
    const renter = await person(database, `inquilino-docs-${tag}@example.com`);
    const avalEmail = `obligado-docs-${tag}@example.com`;
    const [{ puid }] = await insertTestProperties(database, [{ lat: 18.77, lng: -110.95, owner_cuid: owner.cuid, rent_price: 12000 }]) as unknown as [{ puid: string }];
    const { ruid } = ZContactResult.parse((await callAs(app, renter, 'POST', '/api/v1/rents', { puid, text: 'Hola' })).json().data);
    expect((await callAs(app, renter, 'POST', '/api/v1/rents/offer', { ruid })).statusCode).toBe(200);
    expect((await callAs(app, renter, 'POST', '/api/v1/rents/aval', { ruid, atype: 'obligado', email: avalEmail })).statusCode).toBe(200);
    const aval = await person(database, avalEmail);
    const [invitation] = ZMyInvitations.parse((await callAs(app, aval, 'GET', '/api/v1/client/iamaval')).json().data).aval;

    // Before accepting: nothing of the rent.
    expect((await upload(aval, `/api/v1/rents/${ruid}/documents/poi`, {}, await testPng(), 'nomina.png')).statusCode).toBe(404);
    expect((await callAs(app, aval, 'GET', `/api/v1/rents/${ruid}/documents`)).statusCode).toBe(404);
    expect((await callAs(app, aval, 'POST', `/api/v1/rents/aval/${invitation!.aval_uid}`, { option: 'accept' })).statusCode).toBe(200);

    const poi = await upload(aval, `/api/v1/rents/${ruid}/documents/poi`, {}, await testPng(), 'nomina.png');
    expect(poi.statusCode, poi.body).toBe(200);
    const poa = await upload(aval, `/api/v1/client/${aval.cuid}/poa`, {
      ruid, addr: 'Av. Vallarta 1500', neighborhood: 'Americana', city: 'Guadalajara', municipality: 'Guadalajara', state: 'Jalisco', cp: '44160',
    }, await testPdf(1), 'luz.pdf');
    expect(poa.statusCode, poa.body).toBe(200);

    const mine = ZRentDocuments.parse((await callAs(app, aval, 'GET', `/api/v1/rents/${ruid}/documents`)).json().data);
    expect(mine.poi?.filename).toBe('nomina.png');
    expect(mine.poa).toMatchObject({ addr: 'Av. Vallarta 1500', cp: '44160' });
    expect(mine.income.total_income).toBeNull();
    // The renter's list holds none of the obligado's proofs; the owner reads neither list.
    const theirs = ZRentDocuments.parse((await callAs(app, renter, 'GET', `/api/v1/rents/${ruid}/documents`)).json().data);
    expect(theirs.poi).toBeNull();
    expect(theirs.poa).toBeNull();
    expect((await callAs(app, owner, 'GET', `/api/v1/rents/${ruid}/documents`)).statusCode).toBe(403);
    const rows = await database.db.selectFrom('person_documents').select(['role', 'kind', 'cuid']).where('ruid', '=', ruid).orderBy('kind').execute();
    expect(rows).toEqual([{ role: 'aval', kind: 'poa', cuid: aval.cuid }, { role: 'aval', kind: 'poi', cuid: aval.cuid }]);
  });
});
