import { describe, expect, it } from 'vitest';
import { COMMON_MESSAGES, RENT_PAGES_MESSAGES, ZRentList } from '@nj/contracts';
import { createTestClientSession } from '@nj/core/likes/testing/registered-session';
import { insertTestProperties } from '@nj/core/search/testing/insert-properties';
import { useTestApp } from '../../testing/test-app.ts';
import { csrfFor } from '../../testing/test-browser.ts';
import { CSRF_COOKIE } from '../../plugins/csrf.ts';
import { SESSION_COOKIE } from '../../plugins/session.ts';

const t = useTestApp();

function call(who: { token: string } | null, method: 'GET' | 'POST', url: string, payload?: unknown) {
  return t.app.inject({
    method, url, payload: payload as never,
    cookies: { [CSRF_COOKIE]: csrfFor(t.app, who?.token), ...(who ? { [SESSION_COOKIE]: who.token } : {}) },
    headers: { 'x-csrf-token': csrfFor(t.app, who?.token) },
  });
}

describe('GET /api/v1/rents?t=owner&puid= — who contacted one listing (/property-dashboard/{puid}?tab=offers)', () => {
  it('lists the renters of that listing only, with their public nickname, to its owner alone', async () => {
    const { database } = t;
    const owner = await createTestClientSession(database);
    const ana = await createTestClientSession(database);
    const beto = await createTestClientSession(database);
    const stranger = await createTestClientSession(database);
    await database.db.updateTable('clients').set({ nickname: 'Ana', email: 'ana-privada@example.com', phone_number: '3391112233' }).where('cuid', '=', ana.cuid).execute();
    // Fixtures near Isla Roca Partida, away from other files' listings.
    const [{ puid: first }, { puid: second }] = await insertTestProperties(database, [
      { lat: 19.0, lng: -112.07, owner_cuid: owner.cuid, rent_price: 12000 },
      { lat: 19.01, lng: -112.06, owner_cuid: owner.cuid, rent_price: 9000 },
    ]) as unknown as [{ puid: string }, { puid: string }];
    const contacted = await call(ana, 'POST', '/api/v1/rents', { puid: first, text: 'Hola, ¿sigue disponible?' });
    expect(contacted.statusCode).toBe(200);
    expect((await call(beto, 'POST', '/api/v1/rents', { puid: second, text: 'Me interesa' })).statusCode).toBe(200);

    const mine = await call(owner, 'GET', `/api/v1/rents?t=owner&puid=${first}`);
    expect(mine.statusCode).toBe(200);
    const list = ZRentList.parse(mine.json().data);
    expect(list.rents.map((r) => [r.puid, r.role, r.stepLabel, r.unread, r.lastText, r.counterpart])).toEqual([
      [first, 'owner', 'Contactada', 1, 'Hola, ¿sigue disponible?', { uid: ana.cuid, nickname: 'Ana', photo: null }],
    ]);
    expect(mine.body).not.toContain('ana-privada@example.com');
    expect(mine.body).not.toContain('3391112233');
    // Without t the filter is the owner's too; the renter sees the owner as counterpart in their own list.
    expect(ZRentList.parse((await call(owner, 'GET', `/api/v1/rents?puid=${second}`)).json().data).rents.map((r) => r.counterpart.uid)).toEqual([beto.cuid]);
    expect(ZRentList.parse((await call(ana, 'GET', '/api/v1/rents?t=renter')).json().data).rents.map((r) => r.counterpart.uid)).toEqual([owner.cuid]);

    // Each of the owner's cards on /mis-propiedades counts the people who contacted it.
    const cards = (await call(owner, 'GET', '/api/v1/properties/my')).json().data.properties as { uid: string; interested: number }[];
    expect(Object.fromEntries(cards.map((c) => [c.uid, c.interested]))).toEqual({ [first]: 1, [second]: 1 });

    const refused = await call(stranger, 'GET', `/api/v1/rents?t=owner&puid=${first}`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ msg: RENT_PAGES_MESSAGES.notListingOwner, data: null });
    expect((await call(ana, 'GET', `/api/v1/rents?puid=${first}`)).statusCode).toBe(403);
    const renterSide = await call(owner, 'GET', `/api/v1/rents?t=renter&puid=${first}`);
    expect(renterSide.statusCode).toBe(400);
    expect(renterSide.json().msg).toBe(RENT_PAGES_MESSAGES.puidOwnerOnly);
    const unknown = await call(owner, 'GET', '/api/v1/rents?t=owner&puid=noexiste123');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().msg).toBe(RENT_PAGES_MESSAGES.listingNotFound);
    expect((await call(owner, 'GET', '/api/v1/rents?t=owner&puid=a%20b')).statusCode).toBe(400);
    expect((await call(null, 'GET', `/api/v1/rents?t=owner&puid=${first}`)).json()).toMatchObject({ msg: COMMON_MESSAGES.loginRequired });
  });
});
