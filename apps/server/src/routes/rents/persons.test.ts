import { describe, expect, it } from 'vitest';
import { PERSON_MESSAGES as PM, ZContactResult, ZRentPersons } from '@nj/contracts';
import { createTestClientSession } from '@nj/core/likes/testing/registered-session';
import { insertTestProperties } from '@nj/core/search/testing/insert-properties';
import { useTestApp } from '../../testing/test-app.ts';
import { callAs } from '../../testing/call-as.ts';

const t = useTestApp();

describe('the people of a rent (issue 12 The proposal; spec 03 §3 Person data, §5, §7 update one person field)', () => {
  it('the renter saves field by field with precise refusals, identifiers sealed at rest; nobody else reads or writes them', async () => {
    const { app, database } = t;
    const owner = await createTestClientSession(database);
    const renter = await createTestClientSession(database);
    const stranger = await createTestClientSession(database);
    // Fixtures near Isla Clarión's west point, away from other files' listings.
    const [{ puid }] = await insertTestProperties(database, [{ lat: 18.35, lng: -114.76, owner_cuid: owner.cuid, rent_price: 12000 }]) as unknown as [{ puid: string }];
    const { ruid } = ZContactResult.parse((await callAs(app, renter, 'POST', '/api/v1/rents', { puid, text: 'Hola' })).json().data);
    const put = (who: { token: string }, field: string, value: string, person = 'renter') =>
      callAs(app, who, 'PUT', `/api/v1/rents/${ruid}/person`, { person, field, value });

    // Only while the proposal is in process.
    expect((await put(renter, 'first_name', 'Juan Carlos')).statusCode).toBe(409);
    expect((await callAs(app, renter, 'POST', '/api/v1/rents/offer', { ruid })).statusCode).toBe(200);

    for (const [field, value] of [['first_name', 'Juan Carlos'], ['first_last_name', 'Pérez'], ['other_last_names', 'Gómez'], ['birthdate', '1985-03-14'],
      ['lsex', 'male'], ['birthplace_state', 'jalisco'], ['civil_status', 'soltero'], ['ocupation', 'Ingeniero civil']] as const) {
      const saved = await put(renter, field, value);
      expect(saved.statusCode, `${field}: ${saved.body}`).toBe(200);
      expect(saved.json().msg).toBe('Campo actualizado con éxito');
    }
    // A CURP that does not agree with the birthdate says so, and nothing is written.
    const wrongDate = await put(renter, 'curp', 'PEGJ850315HJCRMN06');
    expect(wrongDate.statusCode).toBe(400);
    expect(wrongDate.json().data.fields.curp).toBeDefined();
    expect((await put(renter, 'curp', 'PEGJ')).json().msg).toBe(PM.curpLength(4));
    expect((await put(renter, 'idmex_code', '12345')).statusCode).toBe(400);
    expect((await put(renter, 'first_name', '   ')).json().msg).toBe(PM.valueRequired);
    expect((await put(renter, 'lsex', 'otro')).statusCode).toBe(400);
    expect((await put(renter, 'telefono', '1')).statusCode).toBe(400);

    const curp = await put(renter, 'curp', 'pegj850314hjcrmn09');
    expect(curp.statusCode, curp.body).toBe(200);
    expect((await put(renter, 'rfc', 'PEGJ850314K73')).statusCode).toBe(200);
    const idmex = await put(renter, 'idmex_code', 'IDMEX1234567890');
    expect(idmex.statusCode).toBe(200);
    expect(ZRentPersons.parse(idmex.json().data).renter).toMatchObject({
      first_name: 'Juan Carlos', first_last_name: 'Pérez', other_last_names: 'Gómez', birthdate: '1985-03-14', lsex: 'male',
      curp: 'PEGJ850314HJCRMN09', rfc: 'PEGJ850314K73', idmex_code: '1234567890', civil_status: 'soltero', ocupation: 'Ingeniero civil',
    });
    // An optional part empties; a required one does not.
    expect(ZRentPersons.parse((await put(renter, 'other_last_names', '')).json().data).renter?.other_last_names).toBeNull();

    // At rest the identifiers are sealed, never in clear.
    const row = await database.db.selectFrom('rent_persons').select(['curp_sealed', 'rfc_sealed', 'idmex_sealed']).where('ruid', '=', ruid).executeTakeFirstOrThrow();
    expect(JSON.stringify(row)).not.toMatch(/PEGJ|1234567890/);
    expect(row.curp_sealed).toMatch(/^v1\./);

    // Nobody else: the owner is refused both ways, a stranger learns nothing, other people's data are theirs to fill.
    expect((await callAs(app, owner, 'GET', `/api/v1/rents/${ruid}/persons`)).statusCode).toBe(403);
    expect((await put(owner, 'first_name', 'Intruso')).statusCode).toBe(403);
    expect((await callAs(app, stranger, 'GET', `/api/v1/rents/${ruid}/persons`)).statusCode).toBe(404);
    expect((await put(stranger, 'first_name', 'Intruso')).statusCode).toBe(404);
    const aval = await put(renter, 'first_name', 'Otro', 'aval');
    expect(aval.statusCode).toBe(403);
    expect(aval.json().msg).toBe(PM.ownOnly);
    const read = ZRentPersons.parse((await callAs(app, renter, 'GET', `/api/v1/rents/${ruid}/persons`)).json().data);
    expect(read.renter?.first_name).toBe('Juan Carlos');
    expect(read.aval).toBeNull();
  });
});
