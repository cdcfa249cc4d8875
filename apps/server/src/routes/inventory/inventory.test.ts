import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { RENT_INVENTORY_MESSAGES as M, ZRentInventory } from '@nj/contracts';
import { insertTestRent, testJpeg, testPdf, testPng } from '@nj/core/rent-documents/testing/document-fixtures';
import { createTestClientSession } from '@nj/core/likes/testing/registered-session';
import { useTestApp } from '../../testing/test-app.ts';
import { callAs } from '../../testing/call-as.ts';
import { postMultipart } from '../../testing/multipart.ts';

const t = useTestApp();

describe('the rent inventory calls (issue 13; spec 03 §7 /v1/rents/inventory)', () => {
  it('parties only, bad input is a Spanish 4xx, photos by content, both confirm → on to move-out', async () => {
    const { app, database } = t;
    const { owner, renter, stranger, ruid } = await insertTestRent(database, 'on_accepted_offer');
    const second = await createTestClientSession(database);
    const iuid = `iv${randomBytes(4).toString('hex')}`;
    await database.db.insertInto('rent_invitations').values({ iuid, ruid, role: 'second_renter', email: `sr-${iuid}@example.com`, cuid: second.cuid, status: 'accepted' } as never).execute();
    const read = async (who: typeof owner) => callAs(app, who, 'GET', `/api/v1/rents/inventory?ruid=${ruid}`);

    expect((await read(stranger)).statusCode).toBe(404);
    expect((await callAs(app, null, 'GET', `/api/v1/rents/inventory?ruid=${ruid}`)).statusCode).toBe(401);
    const mine = await read(renter);
    expect(mine.statusCode).toBe(200);
    expect(ZRentInventory.parse(mine.json().data)).toMatchObject({ role: 'renter', move_in: { rooms: [], editable: true }, move_out: { editable: false } });
    expect((await read(second)).json().data.role).toBe('second_renter');
    expect((await read(second)).json().data.move_in.editable).toBe(false);

    // Bad input: Spanish 400s, never a 500.
    for (const body of [{}, { ruid }, { ruid, name: '' }, { ruid, name: 'x'.repeat(81) }, { ruid, name: 'Sala', phase: 'otra' }, { ruid: 5, name: 'Sala' }, 'x', []]) {
      const bad = await callAs(app, owner, 'POST', '/api/v1/rents/inventory/rooms', body);
      expect([400, 415]).toContain(bad.statusCode);
      expect(bad.json().msg).toMatch(/[a-záéíóú]/i);
    }
    for (const body of [{}, { ruid, phase: 'x' }, { ruid, phase: 'move_out', deduction_cents: -1 }, { ruid, phase: 'move_out', deduction_cents: 1.5 }, { ruid, phase: 'move_out', deduction_cents: '10' }]) {
      expect((await callAs(app, owner, 'POST', '/api/v1/rents/inventory/confirm', body)).statusCode).toBe(400);
    }
    expect((await callAs(app, owner, 'DELETE', '/api/v1/rents/inventory', { ruid })).statusCode).toBe(400);

    // Rooms: the second renter reads only; a stranger learns nothing.
    expect((await callAs(app, second, 'POST', '/api/v1/rents/inventory/rooms', { ruid, name: 'Sala' })).statusCode).toBe(403);
    expect((await callAs(app, stranger, 'POST', '/api/v1/rents/inventory/rooms', { ruid, name: 'Sala' })).statusCode).toBe(404);
    const added = await callAs(app, owner, 'POST', '/api/v1/rents/inventory/rooms', { ruid, name: 'Sala', notes: 'Sofá de tres plazas' });
    expect(added.statusCode).toBe(200);
    expect(added.json().msg).toBe(M.roomAdded);
    const roomId = added.json().data.move_in.rooms[0].id as string;
    expect((await callAs(app, stranger, 'PUT', `/api/v1/rents/inventory/rooms/${roomId}`, { name: 'Intrusa' })).statusCode).toBe(404);
    expect((await callAs(app, renter, 'PUT', `/api/v1/rents/inventory/rooms/${roomId}`, { notes: 'Sofá con una mancha' })).json().data.move_in.rooms[0].notes).toBe('Sofá con una mancha');

    // Photos: by content; a PDF or text named .jpg is refused; the photo is served to the parties only.
    const text = await postMultipart(app, renter, '/api/v1/rents/inventory', { ruid, room: roomId }, { bytes: Buffer.from('hola, no soy una foto'), name: 'sala.jpg', field: 'photo' });
    expect([text.statusCode, text.json().msg]).toEqual([415, M.photoType]);
    expect((await postMultipart(app, renter, '/api/v1/rents/inventory', { ruid, room: roomId }, { bytes: await testPdf(), name: 'sala.jpg', field: 'photo' })).statusCode).toBe(415);
    expect((await postMultipart(app, renter, '/api/v1/rents/inventory', { ruid }, { bytes: await testPng(), name: 'sala.png', field: 'photo' })).json().msg).toBe(M.roomRequired);
    expect((await postMultipart(app, stranger, '/api/v1/rents/inventory', { ruid, room: roomId }, { bytes: await testPng(), name: 'sala.png', field: 'photo' })).statusCode).toBe(404);
    const up = await postMultipart(app, renter, '/api/v1/rents/inventory', { ruid, room: roomId }, { bytes: await testJpeg(), name: 'sala.jpg', field: 'photo' });
    expect(up.statusCode).toBe(200);
    const link = up.json().data.move_in.rooms[0].photos[0].img_link as string;
    const photo = await callAs(app, second, 'GET', link);
    expect([photo.statusCode, photo.headers['content-type']]).toEqual([200, 'image/webp']);
    expect((await callAs(app, stranger, 'GET', link)).statusCode).toBe(404);
    expect((await callAs(app, null, 'GET', link)).statusCode).toBe(401);

    // Both confirm; a change in between clears the first confirmation.
    expect((await callAs(app, owner, 'POST', '/api/v1/rents/inventory/confirm', { ruid, phase: 'move_in' })).json().msg).toBe(M.confirmed);
    const second2 = await postMultipart(app, renter, '/api/v1/rents/inventory', { ruid, room: roomId }, { bytes: await testPng(), name: 'b.png', field: 'photo' });
    expect(second2.json().data.move_in.owner_confirmed_at).toBeNull();
    const extra = second2.json().data.move_in.rooms[0].photos[1].img_link as string;
    expect((await callAs(app, owner, 'DELETE', '/api/v1/rents/inventory', { ruid, img_link: extra })).json().data.move_in.rooms[0].photos).toHaveLength(1);
    expect((await callAs(app, owner, 'DELETE', '/api/v1/rents/inventory', { ruid, img_link: extra })).statusCode).toBe(404);
    await callAs(app, owner, 'POST', '/api/v1/rents/inventory/confirm', { ruid, phase: 'move_in' });
    const both = await callAs(app, renter, 'POST', '/api/v1/rents/inventory/confirm', { ruid, phase: 'move_in' });
    expect(both.json().msg).toBe(M.bothConfirmed);
    expect(both.json().data.move_in).toMatchObject({ editable: false });
    expect(both.json().data.move_in.completed_at).not.toBeNull();
    const queued = await sql<{ n: string }>`SELECT count(*) AS n FROM jobs WHERE name = 'rent.handover_confirmed' AND payload->>'ruid' = ${ruid}`.execute(database.db);
    expect(Number(queued.rows[0]!.n)).toBe(1);
    // Confirmed: read-only (409); move-out waits for on_rent.
    expect((await callAs(app, owner, 'PUT', `/api/v1/rents/inventory/rooms/${roomId}`, { notes: 'otra' })).statusCode).toBe(409);
    expect((await callAs(app, owner, 'POST', '/api/v1/rents/inventory/rooms', { ruid, phase: 'move_out', name: 'Sala' })).json().msg).toBe(M.moveOutClosed);
    await database.db.updateTable('rents').set({ step: 'on_rent' } as never).where('ruid', '=', ruid).execute();
    expect((await callAs(app, owner, 'POST', '/api/v1/rents/inventory/rooms', { ruid, phase: 'move_out', name: 'Sala' })).statusCode).toBe(200);
  });
});
