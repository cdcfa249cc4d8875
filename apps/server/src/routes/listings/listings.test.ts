import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { describe, expect, it, vi } from 'vitest';
import { sql } from 'kysely';
import { existsSync } from 'node:fs';
import { LISTING_MESSAGES as M } from '@nj/contracts';
import { useTestApp } from '../../testing/test-app.ts';
import { TestBrowser } from '../../testing/test-browser.ts';
import { startJobWorker } from '../../jobs/start-job-worker.ts';

const HEIC = readFileSync(new URL('../../../../../packages/core/src/media/test-fixtures/sample-48x32.heic', import.meta.url));
const t = useTestApp({ DEV_OUTBOX: '1' }, { dataDirPrefix: 'nj-listings-' });

class Browser extends TestBrowser {
  constructor() { super(t.app, '10.7'); }
}

let n = 0;
async function signUp(): Promise<{ b: Browser; cuid: string }> {
  const email = `dueno${++n}-${Date.now()}@example.com`;
  const b = new Browser();
  const cuid = (await b.call('POST', '/api/v1/client/anonymous')).json().data.client.cuid as string;
  await b.call('POST', '/api/v1/signup', { client: cuid, email, nickname: 'Dueño', password: 'secreta-123' });
  const pin = (await t.app.inject({ method: 'GET', url: `/api/dev/outbox?to=${encodeURIComponent(email)}` })).json().data[0].codes[0];
  expect((await b.call('POST', '/api/v1/signup', { client: cuid, email, nickname: 'Dueño', password: 'secreta-123', pin })).statusCode).toBe(200);
  return { b, cuid };
}

// Around Isla Socorro, where no seeded listing is.
const house = (over: Record<string, unknown> = {}) => ({
  operation: 'renta', property_type: 'house',
  location: { street: 'Av. Hidalgo', number_ext: '123', number_int: '4', neighborhood: 'Providencia', municipality: 'Guadalajara', city: 'Guadalajara', state: 'jalisco', zip: '44630', lat: 18.78, lng: -110.98 },
  rooms: 3, bathrooms: 2, half_bathrooms: 1, parking_spots: 2, construction_area: 180, land: { area: 200, unit: 'm2' },
  construction_year: 'first_use', floors: 2, apt_floor: 5, apt_total_floors: 9, monthly_maintenance_fee: 1500,
  amenities: ['pool', 'garden', 'pool'],
  rents: { price: 25000, currency_type: 'mxn', based_on: 'valor_total', commission: { commission_type: 'months', value: 1, currency_type: 'mxn' } },
  sales: { price: 1 }, description: 'Casa luminosa',
  ...over,
});
const jpeg = (w = 800, h = 600) => sharp({ create: { width: w, height: h, channels: 3, background: '#3366cc' } })
  .withExif({ IFD0: { Make: 'Camara' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '20/1 40/1 0/1' } }).jpeg().toBuffer();
const png = (w = 400, h = 300) => sharp({ create: { width: w, height: h, channels: 3, background: '#cc6633' } }).png().toBuffer();
const AREA = 'north=19.0&south=18.6&east=-110.8&west=-111.2&zoom=11&v=2&map=1&op_type=rent';

describe('publishing a listing (issue 4)', () => {
  it('multipart publish with JPEG + HEIC photos: owned row, title/slug, variants in WebP without metadata, cache headers, search shows it', async () => {
    const { b, cuid } = await signUp();
    const draft = (await b.call('POST', '/api/v1/property/draft', { data: { operation: 'renta' }, step: 1 })).json().data;
    const res = await b.multipart('/api/v1/property', { data: JSON.stringify(house()), draft_id: draft.id }, [
      { buf: await jpeg(), name: 'a.jpg' }, { buf: HEIC, name: 'b.HEIC', type: 'image/heic' }, { buf: await png(), name: 'c.webp' },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.msg).toBe(M.created);
    const d = body.data;
    expect(d.title).toBe('Casa en renta en Providencia, Guadalajara');
    expect(d.slug).toBe(`casa-en-renta-en-providencia-guadalajara-${d.nj_uid}`);
    expect(d.is_renta && !d.is_venta).toBe(true);
    expect(d.pricing.sales).toBeNull();
    expect(d.pricing.rents.commission).toEqual({ commission_type: 'months', value: 1, currency_type: 'mxn' });
    expect(d.apt_floor).toBeNull(); // apt_floors does not apply to a house
    expect(d.floors).toBe(2);
    expect(d.amenities.sort()).toEqual(['garden', 'pool']);
    expect(d.images).toHaveLength(3);
    const row = await t.database.db.selectFrom('properties').selectAll().where('puid', '=', d.uid).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ source: 'owner', owner_cuid: cuid, state: 'Jalisco', zip: '44630', number_int: '4' });
    const [first, second] = d.images;
    const card = await t.app.inject({ method: 'GET', url: first.url.card });
    expect(card.statusCode).toBe(200);
    expect(card.headers['cache-control']).toContain('max-age=31536000');
    const meta = await sharp(card.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 305, height: 229 });
    expect(meta.exif).toBeUndefined();
    expect(await sharp((await t.app.inject({ method: 'GET', url: first.url.full })).rawPayload).metadata()).toMatchObject({ width: 800, height: 600 });
    expect(await sharp((await t.app.inject({ method: 'GET', url: second.url.thumb })).rawPayload).metadata()).toMatchObject({ format: 'webp', width: 160, height: 120 });
    expect(first.url.card).toBe(`/media/properties/${d.uid}/${first.name}_card.webp`);
    // the original is kept but never served
    expect((await t.app.inject({ method: 'GET', url: `/media/originals/properties/${d.uid}/${first.name}` })).statusCode).toBe(404);
    // draft deleted on publish
    expect((await b.call('GET', `/api/v1/property/draft?id=${draft.id}`)).statusCode).toBe(404);
    // search finds it, then deactivation hides it at once and activation brings it back
    const found = async () => ((await b.call('POST', `/api/v1/properties/search?${AREA}`)).json().data.properties as { uid: string }[]).some((p) => p.uid === d.uid);
    expect(await found()).toBe(true);
    const off = await b.call('PUT', `/api/v1/property/${d.uid}/is_active`, { is_active: false });
    expect(off.json()).toEqual({ msg: M.deactivated, data: { uid: d.uid, is_active: false } });
    expect(await found()).toBe(false);
    expect((await b.call('PUT', `/api/v1/property/${d.uid}/is_active`, { is_active: true })).statusCode).toBe(200);
    expect(await found()).toBe(true);
  });

  it('bad input: 400 with a Spanish message per field and nothing stored; JSON publish without images; edit', async () => {
    const { b, cuid } = await signUp();
    const bad = await b.call('POST', '/api/v1/property', { data: house({
      operation: 'both', property_type: 'castillo',
      location: { street: '', number_ext: '1', neighborhood: 'X', municipality: 'Y', state: 'jalisco', zip: '123', lat: 40, lng: -100 },
      rents: { price: -5, commission: { commission_type: 'percentaje', value: 150 } }, sales: null, construction_year: '1990',
    }) });
    expect(bad.statusCode).toBe(400);
    const f = bad.json().data.fields;
    expect(bad.json().msg).toBe(M.invalid);
    expect(f).toMatchObject({
      property_type: 'Elige el tipo de propiedad', 'location.street': 'Ingresa la calle',
      'location.zip': 'El código postal debe tener 5 dígitos', 'location.lat': 'Coloca el marcador en el mapa dentro de México',
      'rents.price': 'El precio de renta debe ser mayor que 0',
    });
    expect(f['rents.commission.value']).toBeDefined();
    const bad2 = await b.call('POST', '/api/v1/property', { data: house({ operation: 'venta', sales: null, construction_year: '1799', property_type: 'land' }) });
    expect(bad2.json().data.fields).toEqual({ sales: 'Ingresa el precio de venta', construction_year: expect.stringContaining('entre 1800 y') });
    expect((await t.database.db.selectFrom('properties').select('puid').where('owner_cuid', '=', cuid).execute())).toHaveLength(0);
    // a bad photo refuses the whole publish
    const badPhoto = await b.multipart('/api/v1/property', { data: JSON.stringify(house()) }, [{ buf: Buffer.from('%PDF-1.7 nada'), name: 'x.jpg' }]);
    expect(badPhoto.statusCode).toBe(415);
    expect(badPhoto.json().msg).toBe(M.photoBadType);
    const notJson = await b.multipart('/api/v1/property', { data: '{nope' }, []);
    expect(notJson.statusCode).toBe(400);
    expect((await t.database.db.selectFrom('properties').select('puid').where('owner_cuid', '=', cuid).execute())).toHaveLength(0);

    const land = await b.call('POST', '/api/v1/property', { data: house({ property_type: 'land', operation: 'both', sales: { price: 2_000, currency_type: 'usd', based_on: 'm2', commission: { commission_type: 'percentaje', value: 5 } } }) });
    expect(land.statusCode, land.body).toBe(200);
    const l = land.json().data;
    expect(l).toMatchObject({ rooms: null, bathrooms: null, floors: null, construction_year: 'first_use', monthly_maintenance_fee: null, is_renta: true, is_venta: true, images: [] });
    expect(l.land).toEqual({ area: 200, unit: 'm2' });
    expect(l.pricing.sales).toMatchObject({ price: 2_000, currency_type: 'usd', based_on: 'm2' });
    // sales cannot use 'months'
    const months = await b.call('PUT', `/api/v1/property/${l.uid}`, { data: house({ operation: 'venta', sales: { price: 9, commission: { commission_type: 'months', value: 1 } } }) });
    expect(months.statusCode).toBe(400);
    expect(Object.keys(months.json().data.fields)).toEqual(['sales.commission.commission_type']);
    const edited = await b.call('PUT', `/api/v1/property/${l.uid}`, { data: house({ rents: { price: 27_500 }, location: { ...house().location, neighborhood: 'Chapalita', zip: '45040' } }) });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().data).toMatchObject({ uid: l.uid, nj_uid: l.nj_uid, title: 'Casa en renta en Chapalita, Guadalajara', slug: `casa-en-renta-en-chapalita-guadalajara-${l.nj_uid}` });
    expect(edited.json().data.price.amount).toBe(27_500);
    expect(edited.json().data.is_venta).toBe(false);
  });

  it('photos: add, order (first = cover), delete; content check and size limit', async () => {
    const { b } = await signUp();
    const { uid } = (await b.call('POST', '/api/v1/property', { data: house() })).json().data;
    const added = await b.multipart(`/api/v1/property/${uid}/photo`, {}, [{ buf: await jpeg(), name: 'a.jpg' }, { buf: await png(), name: 'b.png' }]);
    expect(added.statusCode, added.body).toBe(200);
    const names = added.json().data.images.map((i: { name: string }) => i.name);
    const more = await b.multipart(`/api/v1/property/${uid}/photo`, {}, [{ buf: HEIC, name: 'c.heic', type: 'image/heic' }]);
    const all = more.json().data.images.map((i: { name: string }) => i.name);
    expect(all.slice(0, 2)).toEqual(names);
    expect(all).toHaveLength(3);
    const reordered = await b.call('PUT', `/api/v1/property/${uid}/images`, { images: [all[2], all[0], all[1]] });
    expect(reordered.json().data.images.map((i: { name: string; order: number }) => [i.name, i.order])).toEqual([[all[2], 0], [all[0], 1], [all[1], 2]]);
    const detail = (await b.call('GET', `/api/v1/properties/${uid}`)).json().data;
    expect(detail.images[0].name).toBe(all[2]);
    expect((await b.call('PUT', `/api/v1/property/${uid}/images`, { images: [all[0], all[1]] })).json().msg).toBe(M.photoOrderMismatch);
    expect((await b.call('PUT', `/api/v1/property/${uid}/images`, { images: [all[0], all[0], all[1]] })).statusCode).toBe(400);
    const del = await b.call('DELETE', `/api/v1/property/${uid}/photo/${all[2]}`);
    expect(del.json().data.images.map((i: { name: string; order: number }) => [i.name, i.order])).toEqual([[all[0], 0], [all[1], 1]]);
    expect((await t.app.inject({ method: 'GET', url: `/media/properties/${uid}/${all[2]}_card.webp` })).statusCode).toBe(404);
    expect((await b.call('DELETE', `/api/v1/property/${uid}/photo/${all[2]}`)).json().msg).toBe(M.photoNotFound);
    const garbage = await b.multipart(`/api/v1/property/${uid}/photo`, {}, [{ buf: Buffer.from('no soy imagen'.repeat(50)), name: 'x.png' }]);
    expect(garbage.statusCode).toBe(415);
    const big = await b.multipart(`/api/v1/property/${uid}/photo`, {}, [{ buf: Buffer.concat([await png(), Buffer.alloc(15 * 1024 * 1024)]), name: 'big.png' }]);
    expect(big.statusCode).toBe(413);
    expect(big.json().msg).toBe(M.photoTooLarge);
    const none = await b.multipart(`/api/v1/property/${uid}/photo`, {}, []);
    expect(none.json().msg).toBe(M.photoMissing);
    expect((await b.call('GET', `/api/v1/properties/${uid}`)).json().data.images).toHaveLength(2);
  });

  it('only the owner: another client, anonymous clients and demo listings are refused for every call', async () => {
    const owner = await signUp();
    const other = await signUp();
    const anon = new Browser();
    await anon.call('POST', '/api/v1/client/anonymous');
    const { uid, images } = (await owner.b.multipart('/api/v1/property', { data: JSON.stringify(house()) }, [{ buf: await png(), name: 'a.png' }])).json().data;
    const name = images[0].name;
    const demo = await t.database.db.selectFrom('properties').select('puid').where('owner_cuid', 'is', null).limit(1).executeTakeFirst();
    const calls = (b: Browser, puid: string) => [
      () => b.call('PUT', `/api/v1/property/${puid}`, { data: house() }),
      () => b.multipart(`/api/v1/property/${puid}/photo`, {}, [{ buf: HEIC, name: 'x.heic' }]),
      () => b.call('DELETE', `/api/v1/property/${puid}/photo/${name}`),
      () => b.call('PUT', `/api/v1/property/${puid}/images`, { images: [name] }),
      () => b.call('PUT', `/api/v1/property/${puid}/is_active`, { is_active: false }),
    ];
    for (const call of calls(other.b, uid)) {
      const res = await call();
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ msg: M.notOwner, data: null });
    }
    for (const call of calls(anon, uid)) expect((await call()).statusCode).toBe(401);
    expect((await anon.call('POST', '/api/v1/property', { data: house() })).statusCode).toBe(401);
    expect(demo).toBeDefined();
    if (demo) {
      for (const call of calls(owner.b, demo.puid)) {
        const res = await call();
        expect(res.statusCode).toBe(403);
        expect(res.json().msg).toBe(M.demoReadOnly);
      }
    }
    for (const call of calls(owner.b, 'p_nope')) expect((await call()).statusCode).toBe(404);
    const after = (await owner.b.call('GET', `/api/v1/properties/${uid}`)).json().data;
    expect(after).toMatchObject({ is_active: true, title: 'Casa en renta en Providencia, Guadalajara' });
    expect(after.images.map((i: { name: string }) => i.name)).toEqual([name]);
  });

  it('draft photos: upload to the draft, reorder/remove through the draft, another client 404, publish moves them', async () => {
    const owner = await signUp();
    const other = await signUp();
    const d = (await owner.b.call('POST', '/api/v1/property/draft', { data: { operation: 'renta', photos: ['0123456789abcdef'] }, step: 5 })).json().data;
    expect(d.data.photos).toEqual([]); // the client cannot invent photos
    const up = await owner.b.multipart(`/api/v1/property/draft/${d.id}/photo`, {}, [{ buf: await jpeg(), name: 'a.jpg' }, { buf: HEIC, name: 'b.heic', type: 'image/heic' }]);
    expect(up.statusCode, up.body).toBe(200);
    const [a, bb] = up.json().data.images as { name: string; url: { card: string; full: string } }[];
    expect(a!.url.card).toBe(`/media/drafts/${d.id}/${a!.name}_card.webp`);
    // draft photos are served only to the draft's owner, never cached (issue 7 §7); anyone else gets 404
    const mine = await owner.b.call('GET', a!.url.card);
    expect(mine.statusCode).toBe(200);
    expect(mine.headers['cache-control']).toBe('private, no-store');
    expect((await t.app.inject({ method: 'GET', url: a!.url.card })).statusCode).toBe(404);
    expect((await other.b.call('GET', a!.url.card)).statusCode).toBe(404);
    expect((await other.b.call('GET', a!.url.full)).headers['cache-control']).toBe('no-store');
    const third = (await owner.b.multipart(`/api/v1/property/draft/${d.id}/photo`, {}, [{ buf: await png(), name: 'c.png' }])).json().data.images;
    const c = third[2].name as string;
    // the form saves its order with the draft data; photos are kept (not replaced) by the save
    const saved = await owner.b.call('PUT', `/api/v1/property/draft/${d.id}`, { data: { operation: 'renta', photos: [c, a!.name, 'ffffffffffffffff'] }, step: 5 });
    expect(saved.json().data.data.photos.map((p: { name: string }) => p.name)).toEqual([c, a!.name, bb!.name]);
    const resumed = (await owner.b.call('GET', '/api/v1/property/draft')).json().data;
    expect(resumed.data.photos.map((p: { name: string }) => p.name)).toEqual([c, a!.name, bb!.name]);
    // another client: 404 for upload, delete, and nothing changes
    const steal = await other.b.multipart(`/api/v1/property/draft/${d.id}/photo`, {}, [{ buf: await png(), name: 'x.png' }]);
    expect(steal.statusCode).toBe(404);
    expect(steal.json().msg).toBe(M.draftNotFound);
    expect((await other.b.call('DELETE', `/api/v1/property/draft/${d.id}/photo/${a!.name}`)).statusCode).toBe(404);
    const anon = new Browser();
    await anon.call('POST', '/api/v1/client/anonymous');
    expect((await anon.call('DELETE', `/api/v1/property/draft/${d.id}/photo/${a!.name}`)).statusCode).toBe(401);
    // bad content is refused like listing photos
    expect((await owner.b.multipart(`/api/v1/property/draft/${d.id}/photo`, {}, [{ buf: Buffer.from('no soy imagen'.repeat(50)), name: 'x.png' }])).statusCode).toBe(415);
    // remove one
    const del = await owner.b.call('DELETE', `/api/v1/property/draft/${d.id}/photo/${bb!.name}`);
    expect(del.json().data.images.map((i: { name: string }) => i.name)).toEqual([c, a!.name]);
    expect((await owner.b.call('GET', `/media/drafts/${d.id}/${bb!.name}_card.webp`)).statusCode).toBe(404);
    expect((await owner.b.call('DELETE', `/api/v1/property/draft/${d.id}/photo/${bb!.name}`)).json().msg).toBe(M.photoNotFound);
    // publish with the draft plus one more photo in the call: draft photos first, in the draft's order
    const pub = await owner.b.multipart('/api/v1/property', { data: JSON.stringify(house()), draft_id: d.id }, [{ buf: await png(), name: 'd.png' }]);
    expect(pub.statusCode, pub.body).toBe(200);
    const listing = pub.json().data;
    expect(listing.images.map((i: { name: string }) => i.name).slice(0, 2)).toEqual([c, a!.name]);
    expect(listing.images).toHaveLength(3);
    for (const img of listing.images) {
      const served = await t.app.inject({ method: 'GET', url: img.url.card });
      expect(served.statusCode).toBe(200);
      expect(await sharp(served.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 305, height: 229 });
    }
    expect(listing.images[0].url.card).toBe(`/media/properties/${listing.uid}/${c}_card.webp`);
    expect((await owner.b.call('GET', `/media/drafts/${d.id}/${c}_card.webp`)).statusCode).toBe(404);
    expect((await owner.b.call('GET', `/api/v1/property/draft?id=${d.id}`)).statusCode).toBe(404);
    // the moved photos are the listing's own: deleting one works through the listing call
    expect((await owner.b.call('DELETE', `/api/v1/property/${listing.uid}/photo/${a!.name}`)).statusCode).toBe(200);
  });

  it('drafts: create, save, read by id or latest; only the owner', async () => {
    const owner = await signUp();
    const other = await signUp();
    expect((await owner.b.call('GET', '/api/v1/property/draft')).json()).toEqual({ msg: 'OK', data: null });
    const d = (await owner.b.call('POST', '/api/v1/property/draft', { data: { operation: 'venta' }, step: 0 })).json().data;
    expect(d).toMatchObject({ id: expect.stringMatching(/^d_/), data: { operation: 'venta' }, step: 0 });
    const saved = await owner.b.call('PUT', `/api/v1/property/draft/${d.id}`, { data: { operation: 'venta', property_type: 'house' }, step: 2 });
    expect(saved.json().data).toMatchObject({ id: d.id, step: 2, data: { property_type: 'house' } });
    expect((await owner.b.call('GET', '/api/v1/property/draft')).json().data).toMatchObject({ id: d.id, step: 2 });
    expect((await owner.b.call('GET', `/api/v1/property/draft?id=${d.id}`)).json().data.id).toBe(d.id);
    expect((await other.b.call('GET', `/api/v1/property/draft?id=${d.id}`)).statusCode).toBe(404);
    expect((await other.b.call('GET', '/api/v1/property/draft')).json().data).toBeNull();
    const steal = await other.b.call('PUT', `/api/v1/property/draft/${d.id}`, { data: { hacked: true }, step: 9 });
    expect(steal.statusCode).toBe(404);
    expect(steal.json().msg).toBe(M.draftNotFound);
    expect((await owner.b.call('GET', `/api/v1/property/draft?id=${d.id}`)).json().data.step).toBe(2);
    expect((await owner.b.call('POST', '/api/v1/property/draft', { data: { big: 'x'.repeat(250_000) }, step: 0 })).json().msg).toBe(M.draftTooLarge);
    const anon = new Browser();
    await anon.call('POST', '/api/v1/client/anonymous');
    expect((await anon.call('POST', '/api/v1/property/draft', { data: {}, step: 0 })).statusCode).toBe(401);
  });
});

describe('large uploads are processed by the job queue (issue 8 §4)', () => {
  // 2600×2000 = 5.2 MP declared: over LISTING_PHOTO.inlineMaxPixels, so only checked in the request.
  const large = () => jpeg(2600, 2000);
  type Img = { name: string; order: number; url: { thumb: string; card: string; full: string }; processing?: boolean };
  const detail = async (b: Browser, puid: string) => (await b.call('GET', `/api/v1/properties/${puid}`)).json().data as { images: Img[] };
  const photoJobs = async () => (await sql<{ state: string; key: string; payload: unknown }>`SELECT state, key, payload FROM jobs WHERE name = 'photos.process' ORDER BY id`.execute(t.database.db)).rows;

  it('a large photo is answered processing, hidden and not served until the job has made it; then it is the listing\'s like any other', async () => {
    const { b } = await signUp();
    const pub = await b.multipart('/api/v1/property', { data: JSON.stringify(house()) }, [{ buf: await jpeg(), name: 'chica.jpg' }]);
    expect(pub.statusCode, pub.body).toBe(200);
    const puid = pub.json().data.uid as string;
    const jobsBefore = (await photoJobs()).length;
    const up = await b.multipart(`/api/v1/property/${puid}/photo`, {}, [{ buf: await large(), name: 'grande.jpg' }]);
    expect(up.statusCode, up.body).toBe(200);
    const images = up.json().data.images as Img[];
    expect(images.map((i) => i.processing ?? false)).toEqual([false, true]);
    const big = images[1]!;
    expect((await b.call('GET', big.url.card)).statusCode).toBe(404);
    expect((await detail(b, puid)).images.map((i) => i.name)).toEqual([images[0]!.name]);
    expect((await photoJobs()).slice(jobsBefore)).toEqual([{ state: 'queued', key: `properties/${puid}/${big.name}`, payload: { place: 'properties', id: puid, name: big.name } }]);
    // The order call may leave out a photo still processing (a form that loaded the public detail does not know it).
    expect((await b.call('PUT', `/api/v1/property/${puid}/images`, { images: [images[0]!.name] })).statusCode).toBe(200);

    const worker = await startJobWorker(t.app.services, { url: undefined });
    try {
      await vi.waitFor(async () => expect((await detail(b, puid)).images.map((i) => i.name)).toEqual([images[0]!.name, big.name]), { timeout: 30_000, interval: 50 });
    } finally {
      await worker.stop();
    }
    const served = await b.call('GET', big.url.full);
    expect(served.statusCode).toBe(200);
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 1600, height: 1231 });
    expect(meta.exif).toBeUndefined();
    expect((await photoJobs()).slice(jobsBefore).map((j) => j.state)).toEqual(['done']);
    expect((await sql`SELECT key FROM media_pending WHERE key LIKE ${`%${big.name}%`}`.execute(t.database.db)).rows).toEqual([]);
    // Ready, it is an ordinary photo: the order call must name it now.
    expect((await b.call('PUT', `/api/v1/property/${puid}/images`, { images: [images[0]!.name] })).json().msg).toBe(M.photoOrderMismatch);
    expect((await b.call('PUT', `/api/v1/property/${puid}/images`, { images: [big.name, images[0]!.name] })).statusCode).toBe(200);
  });

  it('a draft\'s large photo still processing at publish is made for the listing; the draft\'s job then finds nothing to do', async () => {
    const { b } = await signUp();
    const d = (await b.call('POST', '/api/v1/property/draft', { data: { operation: 'renta' }, step: 1 })).json().data;
    const up = await b.multipart(`/api/v1/property/draft/${d.id}/photo`, {}, [{ buf: await large(), name: 'grande.jpg' }]);
    expect(up.statusCode, up.body).toBe(200);
    const [photo] = up.json().data.images as Img[];
    expect(photo).toMatchObject({ processing: true });
    expect((await b.call('GET', '/api/v1/property/draft')).json().data.data.photos).toEqual([expect.objectContaining({ name: photo!.name, processing: true })]);
    const pub = await b.multipart('/api/v1/property', { data: JSON.stringify(house()), draft_id: d.id }, []);
    expect(pub.statusCode, pub.body).toBe(200);
    const puid = pub.json().data.uid as string;
    expect(pub.json().data.images).toEqual([]);
    const worker = await startJobWorker(t.app.services, { url: undefined });
    try {
      await vi.waitFor(async () => expect((await detail(b, puid)).images.map((i) => i.name)).toEqual([photo!.name]), { timeout: 30_000, interval: 50 });
      await vi.waitFor(async () => expect((await photoJobs()).filter((j) => j.key.endsWith(photo!.name)).map((j) => j.key.split('/')[0] + ':' + j.state)).toEqual(['drafts:done', 'properties:done']), { timeout: 30_000, interval: 50 });
    } finally {
      await worker.stop();
    }
    expect((await b.call('GET', `/media/properties/${puid}/${photo!.name}_card.webp`)).statusCode).toBe(200);
    expect(existsSync(join(t.dataDir, 'media', 'properties', puid, `${photo!.name}_card.webp`))).toBe(true);
    expect(existsSync(join(t.dataDir, 'media', 'drafts', d.id, `${photo!.name}_card.webp`))).toBe(false);
  });

  it('a large file that passes the cheap checks but cannot be decoded is dropped by the job, with its original', async () => {
    const { b } = await signUp();
    const noisy = await sharp({ create: { width: 2600, height: 2000, channels: 3, background: '#000', noise: { type: 'gaussian', mean: 120, sigma: 40 } } }).jpeg().toBuffer();
    const pub = await b.multipart('/api/v1/property', { data: JSON.stringify(house()) }, [{ buf: await jpeg(), name: 'a.jpg' }, { buf: noisy.subarray(0, 20_000), name: 'rota.jpg' }]);
    expect(pub.statusCode, pub.body).toBe(200);
    const puid = pub.json().data.uid as string;
    const rows = async () => (await sql<{ images: Img[] }>`SELECT images FROM properties WHERE puid = ${puid}`.execute(t.database.db)).rows[0]!.images;
    const broken = (await rows()).find((i) => i.processing)!;
    expect(broken).toBeDefined();
    const originalFile = join(t.dataDir, 'media', 'originals', 'properties', puid, broken.name);
    expect(existsSync(originalFile)).toBe(true);
    const worker = await startJobWorker(t.app.services, { url: undefined });
    try {
      await vi.waitFor(async () => expect((await rows()).map((i) => i.name)).not.toContain(broken.name), { timeout: 30_000, interval: 50 });
    } finally {
      await worker.stop();
    }
    expect((await rows()).map((i) => i.order)).toEqual([0]);
    const original = (await sql<{ n: number }>`SELECT count(*)::int AS n FROM media_pending WHERE key LIKE ${`%${broken.name}%`}`.execute(t.database.db)).rows[0]!.n;
    expect(original).toBe(0);
    expect(existsSync(originalFile)).toBe(false);
  });
});
