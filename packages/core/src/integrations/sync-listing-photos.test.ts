import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import sharp from 'sharp';
import { openTestDatabase, type Database } from '@nj/db';
import { agencyTables } from '../agencies/agencies-tables.ts';
import { runDueJobs } from '../jobs/job-worker.ts';
import { createTestClientSession } from '../likes/testing/registered-session.ts';
import { listingPhotoKeys } from '../listings/store-listing-photos.ts';
import { createLocalMediaStorage } from '../media/storage/local-media-storage.ts';
import type { StoredImage } from '../properties/properties-repository.ts';
import { parseDataKey, sealText } from '../security/seal-text.ts';
import { createEasyBrokerClient } from './easybroker-client.ts';
import { createFakeEasyBroker, createFakeKw, easyBrokerProperty, resoProperty, type FakeProviderApi } from './fake-provider-apis.ts';
import { createPhotoFetcher } from './fetch-listing-photo.ts';
import { integrationsRepository } from './integrations-repository.ts';
import { createKwClient } from './kw-client.ts';
import { sandboxListings } from './sandbox-listings.ts';
import { syncConnection, type SyncDeps } from './sync-connection.ts';
import { INTEGRATION_PHOTOS_JOB, integrationPhotosJob } from './sync-listing-photos.ts';
import { serveHandler } from './testing/serve-handler.ts';

let database: Database;
let mediaRoot: string;
const dataKey = parseDataKey(undefined, false) as Buffer;
const closers: (() => Promise<void>)[] = [];

beforeAll(async () => {
  database = await openTestDatabase();
  mediaRoot = await mkdtemp(join(tmpdir(), 'nj-sync-photos-'));
});
afterEach(async () => {
  while (closers.length) await closers.pop()!();
});
afterAll(async () => {
  await database?.close();
  await rm(mediaRoot, { recursive: true, force: true });
});

const storage = () => createLocalMediaStorage({ root: mediaRoot });
const uniq = () => Math.random().toString(36).slice(2, 8);

/** An agency whose administrator connected `provider` (credentials sealed like connectIntegration does). */
async function connected(provider: 'easybroker' | 'kw', credentials: object) {
  const admin = await createTestClientSession(database);
  const auid = `ag_${uniq()}`;
  await agencyTables(database).insertInto('agencies').values({
    auid, name: `Agencia ${auid}`, kind: 'agency', admin_cuid: admin.cuid, base_domain: null, color_primary: null, color_secondary: null,
    custom_page_name: null, website_content: null, mexican_state: null, logo_name: null, plan: null, plan_expires_at: null,
  }).execute();
  return integrationsRepository.upsert(database.db, { iuid: `i_${uniq()}`, auid, provider, sealed: sealText(dataKey, JSON.stringify(credentials)), hint: 'abcd', cuid: admin.cuid });
}

async function serve(api: FakeProviderApi) {
  const s = await serveHandler(api.handle);
  closers.push(s.close);
  return s.url;
}

/** Runs the photo jobs that are due, with the real downloader (loopback allowed, as outside production). */
const runPhotoJobs = () => runDueJobs(database, {
  [INTEGRATION_PHOTOS_JOB]: integrationPhotosJob({ database, storage: storage(), fetchPhoto: createPhotoFetcher({ allowLoopback: true }) }),
}, [INTEGRATION_PHOTOS_JOB]);

async function photosOf(provider: string, sourceId: string): Promise<StoredImage[]> {
  const r = await sql<{ images: StoredImage[] }>`SELECT images FROM properties WHERE source = ${provider} AND source_id = ${sourceId}`.execute(database.db);
  return [...(r.rows[0]?.images ?? [])].sort((a, b) => a.order - b.order);
}
const puidOf = async (provider: string, sourceId: string) =>
  (await sql<{ puid: string }>`SELECT puid FROM properties WHERE source = ${provider} AND source_id = ${sourceId}`.execute(database.db)).rows[0]!.puid;
const photoJobs = async () => Number((await sql<{ n: number }>`SELECT count(*)::int AS n FROM jobs WHERE name = ${INTEGRATION_PHOTOS_JOB}`.execute(database.db)).rows[0]!.n);
/** Photo names (`/fotos/{name}.jpg`) the fake served, in order. */
const downloads = (api: FakeProviderApi) => api.requests.filter((r) => r.url.includes('/fotos/')).map((r) => r.url.replace(/^.*\/fotos\/|\.jpg$/g, ''));

describe('photos of synced listings (decision 033 Photos)', () => {
  it('EasyBroker: photos arrive after the job, unchanged ones are not downloaded again, removed ones go, bad ones are dropped', async () => {
    const key = `llave-fotos-${uniq()}`;
    const base = sandboxListings(key, 'EB-').slice(0, 3).map(easyBrokerProperty);
    const [a, b, c] = base.map((p) => p.public_id as string) as [string, string, string];
    const images = (...names: string[]) => names.map((n) => ({ url: `/fotos/${n}.jpg`, title: n }));
    const listings: Record<string, unknown>[] = [
      { ...base[0]!, property_images: images(`${a}-1`, `${a}-2`, `${a}-3`) },
      // Not an image, an endless body, a redirect to a private address: dropped; the two good ones kept in order.
      { ...base[1]!, property_images: [...images(`${b}-1`, 'texto', 'grande', `${b}-2`, 'desvio'), { url: 'ftp://fotos.example.mx/x.jpg', title: 'ftp' }] },
      { ...base[2]!, property_images: [] },
    ];
    let failing = 1;
    const fake = createFakeEasyBroker({
      listings: () => listings,
      ratePerSecond: 1000,
      photo: (name) => {
        if (name === 'texto') return new Response('hola, no soy una foto', { headers: { 'content-type': 'image/jpeg' } });
        if (name === 'grande') return new Response(new ReadableStream<Uint8Array>({ pull: (ctl) => ctl.enqueue(new Uint8Array(256 * 1024)) }));
        if (name === 'desvio') return new Response(null, { status: 302, headers: { location: 'http://10.0.0.9/foto.jpg' } });
        if (name === `${c}-falla` && failing-- > 0) return new Response('ocupado', { status: 503 });
        return null;
      },
    });
    const url = await serve(fake);
    const connection = await connected('easybroker', { apiKey: key });
    const deps: SyncDeps = { database, dataKey, sources: { easybroker: createEasyBrokerClient({ baseUrl: `${url}/v1` }), kw: null } };
    const pull = async () => syncConnection(deps, (await integrationsRepository.findByIuid(database.db, connection.iuid))!, { dryRun: false, trigger: 'manual' });

    // The pull writes the listings at once, without photos; the job brings them.
    expect(await pull()).toMatchObject({ created: 3, failed: 0 });
    expect(await photosOf('easybroker', a)).toEqual([]);
    expect(downloads(fake)).toEqual([]);
    expect(await photoJobs()).toBe(2); // the listing without photos needs none
    await runPhotoJobs();
    const first = await photosOf('easybroker', a);
    expect(first.map((i) => i.source_url)).toEqual([1, 2, 3].map((n) => `${url}/fotos/${a}-${n}.jpg`));
    expect(first.some((i) => i.processing)).toBe(false);
    const puidA = await puidOf('easybroker', a);
    const store = storage();
    for (const k of listingPhotoKeys(puidA, first[0]!.name).slice(0, 3)) {
      const object = await store.get(k);
      expect(object, k).not.toBeNull();
      expect((await sharp(object!.body).metadata()).format).toBe('webp');
    }
    expect((await sharp((await store.get(listingPhotoKeys(puidA, first[0]!.name)[1]!))!.body).metadata()).width).toBe(305);
    expect((await photosOf('easybroker', b)).map((i) => i.source_url)).toEqual([`${url}/fotos/${b}-1.jpg`, `${url}/fotos/${b}-2.jpg`]);

    // A second pull, nothing changed at the source: nothing read in detail, nothing downloaded, no job.
    const served = downloads(fake).length;
    const jobs = await photoJobs();
    expect(await pull()).toMatchObject({ created: 0, updated: 0, unchanged: 3 });
    await runPhotoJobs();
    expect(downloads(fake).length).toBe(served);
    expect(await photoJobs()).toBe(jobs);
    // Even when every listing is read again (no complete sync on record), the same URLs are not downloaded again.
    await sql`UPDATE integration_connections SET last_complete_sync_at = NULL WHERE iuid = ${connection.iuid}`.execute(database.db);
    expect(await pull()).toMatchObject({ updated: 3 });
    await runPhotoJobs();
    expect(downloads(fake).slice(served).filter((n) => n.startsWith(a) || n === `${b}-1` || n === `${b}-2`)).toEqual([]);
    expect(await photosOf('easybroker', a)).toEqual(first);

    // The source drops photo 2 and adds a new one; listing c gets a photo whose first download fails (503).
    const later = new Date(Date.now() + 60_000).toISOString();
    listings[0] = { ...listings[0]!, property_images: images(`${a}-1`, `${a}-3`, `${a}-nueva`), updated_at: later };
    listings[2] = { ...listings[2]!, title: 'Título nuevo de la fuente', property_images: images(`${c}-falla`), updated_at: later };
    const before = downloads(fake).length;
    expect(await pull()).toMatchObject({ updated: 2 });
    // The listing's other data is there at once, whatever its photos do.
    expect((await sql<{ title: string }>`SELECT title FROM properties WHERE source_id = ${c}`.execute(database.db)).rows[0]!.title).toBe('Título nuevo de la fuente');
    await runPhotoJobs();
    expect(downloads(fake).slice(before).sort()).toEqual([`${a}-nueva`, `${c}-falla`]);
    const second = await photosOf('easybroker', a);
    expect(second.map((i) => i.source_url)).toEqual([`${url}/fotos/${a}-1.jpg`, `${url}/fotos/${a}-3.jpg`, `${url}/fotos/${a}-nueva.jpg`]);
    expect(second.map((i) => i.order)).toEqual([0, 1, 2]);
    expect([second[0]!.name, second[1]!.name]).toEqual([first[0]!.name, first[2]!.name]);
    for (const k of listingPhotoKeys(puidA, first[1]!.name)) expect(await store.get(k), k).toBeNull();
    // The failed download waits for the queue's retry.
    expect(await photosOf('easybroker', c)).toEqual([]);
    const retry = await sql<{ state: string; attempts: number }>`SELECT state, attempts FROM jobs WHERE name = ${INTEGRATION_PHOTOS_JOB} AND payload->>'puid' = ${await puidOf('easybroker', c)}`.execute(database.db);
    expect(retry.rows).toEqual([{ state: 'queued', attempts: 1 }]);
    await sql`UPDATE jobs SET run_at = now() WHERE name = ${INTEGRATION_PHOTOS_JOB} AND state = 'queued'`.execute(database.db);
    await runPhotoJobs();
    expect((await photosOf('easybroker', c)).map((i) => i.source_url)).toEqual([`${url}/fotos/${c}-falla.jpg`]);

    // A listing synced before photos were (no URLs on record, no photos) is read again once and gets them.
    for (const i of [0, 2]) listings[i] = { ...listings[i]!, updated_at: '2026-01-01T00:00:00Z' };
    await sql`UPDATE properties SET source_photo_urls = NULL, images = '[]' WHERE source = 'easybroker' AND source_id = ${a}`.execute(database.db);
    expect(await pull()).toMatchObject({ updated: 1, unchanged: 2 });
    await runPhotoJobs();
    expect(await photosOf('easybroker', a)).toHaveLength(3);
    expect(await pull()).toMatchObject({ updated: 0, unchanged: 3 });
  });

  it('KW: the RESO Media (asked with $expand=Media) arrive by their Order', async () => {
    const clientId = `cliente-${uniq()}`;
    const base = sandboxListings(clientId, 'KW-').slice(0, 2).map(resoProperty);
    const id = base[0]!.ListingKey as string;
    const media = [3, 1, 2].map((order) => ({ MediaKey: `${id}-${order}`, MediaCategory: 'Photo', MediaType: 'image/jpeg', Order: order, MediaURL: `/fotos/${id}-${order}.jpg` }));
    const listings = [{ ...base[0]!, Media: [...media, { MediaKey: 'plano', MediaCategory: 'Floor Plan', Order: 0, MediaURL: '/fotos/plano.jpg' }] }, base[1]!];
    const fake = createFakeKw({ listings: () => listings, ratePerSecond: 1000 });
    const url = await serve(fake);
    const connection = await connected('kw', { clientId, clientSecret: 'secreto-kw-123' });
    const deps: SyncDeps = { database, dataKey, sources: { easybroker: null, kw: createKwClient({ baseUrl: `${url}/reso/odata` }) } };
    expect(await syncConnection(deps, connection, { dryRun: false, trigger: 'manual' })).toMatchObject({ created: 2, failed: 0 });
    expect(fake.requests.find((r) => r.url.startsWith('/reso/odata/Property?'))!.url).toContain('%24expand=Media');
    await runPhotoJobs();
    expect((await photosOf('kw', id)).map((i) => i.source_url)).toEqual([1, 2, 3].map((n) => `${url}/fotos/${id}-${n}.jpg`));
    expect(downloads(fake)).not.toContain('plano');
    // The sandbox's own listings advertise three photos each.
    expect((await photosOf('kw', base[1]!.ListingKey as string))).toHaveLength(3);
  });
});
