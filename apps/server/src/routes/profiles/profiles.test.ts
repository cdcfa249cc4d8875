import { describe, expect, it } from 'vitest';
import { PROFILE_MESSAGES, ZPublicProfile } from '@nj/contracts';
import { createTestClientSession } from '@nj/core/likes/testing/registered-session';
import { insertTestProperties } from '@nj/core/search/testing/insert-properties';
import { useTestApp } from '../../testing/test-app.ts';
import { SESSION_COOKIE } from '../../plugins/session.ts';

const t = useTestApp();

/** A registered client with public and private columns, and `ratings` reviews written about them by another client. */
async function profileFixture(ratings: { rating: number; comment: string | null; at: string }[]) {
  const { database } = t;
  const person = await createTestClientSession(database);
  await database.db.updateTable('clients').set({
    email: `perfil-${person.cuid}@example.com`, nickname: '  Lucía Pérez ', bio: 'Busco departamento cerca del trabajo.',
    phone_number: '3387654321', is_email_verified: true, is_phone_verified: false, is_identity_verified: true,
    created_at: new Date('2024-03-01T03:00:00Z'),
  }).where('cuid', '=', person.cuid).execute();
  const owner = await createTestClientSession(database);
  await database.db.updateTable('clients').set({ email: `autor-${owner.cuid}@example.com`, nickname: 'Autor Privado' }).where('cuid', '=', owner.cuid).execute();
  // Fixtures near Isla Clarión, away from other files' listings.
  const [{ puid }] = await insertTestProperties(database, [{ lat: 18.36, lng: -114.72, owner_cuid: owner.cuid }]) as unknown as [{ puid: string }];
  const ruid = `r_prof${person.cuid.slice(-8)}`;
  await database.db.insertInto('rents').values({ ruid, puid, renter_cuid: person.cuid, owner_cuid: owner.cuid, price: null, maintenance_fee: null }).execute();
  for (const [i, r] of ratings.entries()) {
    const auid = `a_prof${i}${person.cuid.slice(-8)}`;
    await database.db.insertInto('appointments').values({ auid, ruid, status: 'confirmed' }).execute();
    await database.db.insertInto('appointment_reviews').values({
      auid, reviewer_cuid: owner.cuid, reviewee_cuid: person.cuid, rating: r.rating, comment: r.comment, created_at: new Date(r.at),
    }).execute();
  }
  return { person, owner };
}

describe('GET /api/v1/clients/{uid}/profile (issue 11 /perfil?u=)', () => {
  it('shows anyone the public columns, the month of sign-up and the ratings, never e-mail, phone or reviewers', async () => {
    const { person, owner } = await profileFixture([
      { rating: 5, comment: 'Puntual y muy amable', at: '2025-01-10T18:00:00Z' },
      { rating: 4, comment: null, at: '2025-02-10T18:00:00Z' },
      { rating: 4, comment: '', at: '2025-03-10T18:00:00Z' },
      { rating: 3, comment: 'Llegó tarde a la visita', at: '2025-04-01T05:30:00Z' },
      { rating: 5, comment: 'Excelente trato', at: '2025-05-10T18:00:00Z' },
      { rating: 4, comment: 'Todo bien', at: '2025-06-10T18:00:00Z' },
    ]);
    const res = await t.app.inject({ method: 'GET', url: `/api/v1/clients/${person.cuid}/profile` });
    expect(res.statusCode).toBe(200);
    const profile = ZPublicProfile.parse(res.json().data);
    expect(profile).toEqual({
      uid: person.cuid, nickname: 'Lucía Pérez', photo: null, bio: 'Busco departamento cerca del trabajo.', is_agent: false,
      is_email_verified: true, is_phone_verified: false, is_identity_verified: true,
      // 2024-03-01T03:00Z is still 29 February in Mexico City.
      member_since: '2024-02', response_time: null,
      rating: { count: 6, average: 4.2, label: 'Muy buena' },
      reviews: [
        { rating: 4, label: 'Muy buena', comment: 'Todo bien', month: '2025-06' },
        { rating: 5, label: 'Excelente', comment: 'Excelente trato', month: '2025-05' },
        { rating: 3, label: 'Buena', comment: 'Llegó tarde a la visita', month: '2025-03' },
      ],
    });
    for (const secret of [`perfil-${person.cuid}@example.com`, '3387654321', owner.cuid, 'Autor Privado', `autor-${owner.cuid}`]) {
      expect(res.body).not.toContain(secret);
    }
    // Signed in, the same answer.
    const signed = await t.app.inject({ method: 'GET', url: `/api/v1/clients/${person.cuid}/profile`, cookies: { [SESSION_COOKIE]: owner.token } });
    expect(ZPublicProfile.parse(signed.json().data)).toEqual(profile);
  });

  it('has no rating label without reviews', async () => {
    const { person } = await profileFixture([]);
    const profile = ZPublicProfile.parse((await t.app.inject({ method: 'GET', url: `/api/v1/clients/${person.cuid}/profile` })).json().data);
    expect(profile.rating).toEqual({ count: 0, average: null, label: '' });
    expect(profile.reviews).toEqual([]);
  });

  it('answers 404 in Spanish for an unknown uid and for an anonymous client, 400 for a malformed one', async () => {
    const unknown = await t.app.inject({ method: 'GET', url: '/api/v1/clients/c_noexiste123/profile' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ msg: PROFILE_MESSAGES.notFound });
    const anonymous = await createTestClientSession(t.database, { anonymous: true });
    const anon = await t.app.inject({ method: 'GET', url: `/api/v1/clients/${anonymous.cuid}/profile` });
    expect(anon.statusCode).toBe(404);
    expect(anon.json()).toMatchObject({ msg: PROFILE_MESSAGES.notFound });
    const bad = await t.app.inject({ method: 'GET', url: `/api/v1/clients/${encodeURIComponent('a b<c>')}/profile` });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toBe(PROFILE_MESSAGES.invalidUid);
  });
});
