import { beforeAll, describe, expect, it } from 'vitest';
import { SEARCH_MESSAGES } from '@nj/contracts';
import { insertTestProperties } from '@nj/core/search/testing/insert-properties';
import { createTestClientSession } from '@nj/core/likes/testing/registered-session';
import { TestBrowser } from '../../testing/test-browser.ts';
import { SESSION_COOKIE } from '../../plugins/session.ts';
import { useTestApp } from '../../testing/test-app.ts';

// Fixtures off Isla Socorro (Revillagigedo), where no seeded listing and no other test file's fixtures are.
const AREA = { north: 18.9, south: 18.6, east: -110.8, west: -111.2, zoom: 11, v: 2, map: 1 };
const t = useTestApp();
let owner: { cuid: string; token: string };
let other: { cuid: string; token: string };
let ids: { puid: string; slug: string }[];

beforeAll(async () => {
  owner = await createTestClientSession(t.database);
  other = await createTestClientSession(t.database);
  ids = await insertTestProperties(t.database, [
    { lat: 18.75, lng: -111.0, owner_cuid: owner.cuid, is_active: false },
    { lat: 18.76, lng: -111.01, owner_cuid: owner.cuid, is_active: true },
    { lat: 18.77, lng: -111.02, owner_cuid: other.cuid, is_active: false },
    { lat: 18.74, lng: -110.99, is_active: true },
  ]);
});

function browserOf(who: { token: string } | null): TestBrowser {
  const b = new TestBrowser(t.app, '10.81');
  if (who) b.cookies[SESSION_COOKIE] = who.token;
  return b;
}
const search = (who: { token: string } | null, extra: Record<string, string | number> = {}) =>
  browserOf(who).call('POST', `/api/v1/properties/search?${new URLSearchParams(Object.entries({ ...AREA, ...extra }).map(([k, v]) => [k, String(v)]))}`);

describe('a deactivated listing is its owner\'s alone (issue 7 §7)', () => {
  it('is not in the default search for anyone', async () => {
    for (const who of [null, owner, other]) {
      const uids = (await search(who)).json().data.properties.map((p: { uid: string }) => p.uid);
      expect(uids).toContain(ids[1]!.puid);
      expect(uids).not.toContain(ids[0]!.puid);
      expect(uids).not.toContain(ids[2]!.puid);
    }
  });

  it('status=inactive answers only the signed-in owner\'s own deactivated listings', async () => {
    const mine = (await search(owner, { status: 'inactive' })).json().data;
    expect(mine.properties.map((p: { uid: string }) => p.uid)).toEqual([ids[0]!.puid]);
    expect(mine.total).toBe(1);
    expect(mine.clusters).toHaveLength(1);
    const theirs = (await search(other, { status: 'inactive' })).json().data;
    expect(theirs.properties.map((p: { uid: string }) => p.uid)).toEqual([ids[2]!.puid]);
    for (const who of [null]) {
      const res = await search(who, { status: 'inactive' });
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toMatchObject({ properties: [], clusters: [], total: 0 });
    }
  });

  it('answers the detail to its owner and 410 in Spanish to everyone else', async () => {
    const url = `/api/v1/properties/${ids[0]!.puid}`;
    expect((await browserOf(owner).call('GET', url)).statusCode).toBe(200);
    for (const who of [null, other]) {
      const res = await browserOf(who).call('GET', url);
      expect(res.statusCode).toBe(410);
      expect(res.json()).toEqual({ msg: SEARCH_MESSAGES.propertyGone, data: null });
    }
  });

  it('finds similar active listings nearby for its page', async () => {
    const similar = await t.app.services.search.similar(ids[0]!.slug);
    const uids = similar.map((p) => p.uid);
    expect(uids).toContain(ids[3]!.puid);
    expect(uids).not.toContain(ids[0]!.puid);
    expect(uids).not.toContain(ids[2]!.puid);
  });
});
