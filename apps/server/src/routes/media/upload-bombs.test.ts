import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { openTestDatabase, type Database } from '@nj/db';
import { Readable } from 'node:stream';
import { COMMON_MESSAGES, LISTING_MESSAGES as M, MEDIA_UPLOAD_MESSAGES as U, PROFILE_PHOTO_MESSAGES as P } from '@nj/contracts';
import { listOutbox } from '@nj/core';
import { uploadBudget } from '@nj/core/media/upload-budget';
import { buildApp } from '../../app.ts';
import { readServerConfig } from '../../config.ts';
import { TestBrowser, type MultipartFile } from '../../testing/test-browser.ts';
import { startJobWorker } from '../../jobs/start-job-worker.ts';
import { hugeDeclaredPng, pngBomb } from '../../testing/png-bombs.ts';

/**
 * Issue 7 §1 "Image decompression bombs" and "Tests the suite keeps — Uploads": bombs, polyglots, zero-byte and
 * oversize files sent at once through the real upload routes; every answer is a 4xx with a Spanish msg, nothing is
 * stored, and the process's resident memory stays bounded while they run.
 */

let database: Database;
let app: FastifyInstance;
let dataDir: string;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'nj-bombs-'));
  database = await openTestDatabase();
  app = await buildApp({ database, config: readServerConfig({ SESSION_SECRET: 'x'.repeat(40), DATA_DIR: dataDir, DEV_OUTBOX: '1' }) });
});
afterAll(async () => {
  await app?.close();
  await database?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

class Browser extends TestBrowser {
  constructor() { super(app, '10.9'); }
  /** Multipart with PNG parts (the bombs here are PNGs). */
  override multipart(url: string, fields: Record<string, string>, files: MultipartFile[]): Promise<LightMyRequestResponse> {
    return super.multipart(url, fields, files.map((f) => ({ type: 'image/png', ...f })));
  }
}

let n = 0;
async function signUp(): Promise<Browser> {
  const email = `bomba${++n}-${Date.now()}@example.com`;
  const b = new Browser();
  const cuid = (await b.call('POST', '/api/v1/client/anonymous')).json().data.client.cuid as string;
  await b.call('POST', '/api/v1/signup', { client: cuid, email, nickname: 'Bomba', password: 'secreta-123' });
  const pin = (await listOutbox({ database, to: email }))[0]!.codes[0];
  expect((await b.call('POST', '/api/v1/signup', { client: cuid, email, nickname: 'Bomba', password: 'secreta-123', pin })).statusCode).toBe(200);
  return b;
}


/** A valid small JPEG whose SOF header is rewritten to declare 30,000 × 30,000 pixels. */
async function hugeDeclaredJpeg(): Promise<Buffer> {
  const jpg = Buffer.from(await sharp({ create: { width: 64, height: 64, channels: 3, background: '#808080' } }).jpeg().toBuffer());
  for (let i = 2; i < jpg.length - 9; i++) {
    if (jpg[i] === 0xff && (jpg[i + 1] === 0xc0 || jpg[i + 1] === 0xc2)) {
      jpg.writeUInt16BE(30_000, i + 5);
      jpg.writeUInt16BE(30_000, i + 7);
      return jpg;
    }
  }
  throw new Error('no SOF marker');
}

/** A JPEG header followed by HTML and a zip: detected as JPEG by its magic bytes, undecodable as an image. */
function polyglot(): Buffer {
  return Buffer.concat([
    Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00]),
    Buffer.from('<html><body><script>alert(document.cookie)</script></body></html>'),
    Buffer.from('PK\x03\x04\x14\x00\x00\x00\x08\x00', 'latin1'), Buffer.alloc(2048, 0x41),
  ]);
}

// Around Isla Socorro, where no seeded listing is.
const house = JSON.stringify({
  operation: 'renta', property_type: 'house',
  location: { street: 'Av. Hidalgo', number_ext: '123', neighborhood: 'Providencia', municipality: 'Guadalajara', city: 'Guadalajara', state: 'jalisco', zip: '44630', lat: 18.78, lng: -110.98 },
  rooms: 3, bathrooms: 2, construction_area: 180, construction_year: 'first_use',
  rents: { price: 25000, currency_type: 'mxn', based_on: 'valor_total', commission: { commission_type: 'months', value: 1, currency_type: 'mxn' } },
});
const SPANISH = /[áéíóúñ¿¡]|\b(la|el|de|los|las|una?|foto|imagen|archivos?)\b/i;

/** Samples this process's RSS every 10 ms until stopped; returns the peak, bytes. */
function sampleRss(): { stop: () => number } {
  let peak = process.memoryUsage().rss;
  const timer = setInterval(() => { peak = Math.max(peak, process.memoryUsage().rss); }, 10);
  return { stop: () => { clearInterval(timer); return Math.max(peak, process.memoryUsage().rss); } };
}
const MB = 1024 * 1024;

/** Listings published by people (not demo data). */
async function ownerListings(): Promise<number> {
  return (await database.db.selectFrom('properties').select('puid').where('source', '=', 'owner').execute()).length;
}

function mediaFiles(): string[] {
  const root = join(dataDir, 'media');
  try {
    return readdirSync(root, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name));
  } catch {
    return [];
  }
}

describe('upload hardening (issue 7 §1): bombs, polyglots, zero-byte and oversize files at once', () => {
  it('10 bombs and a mix sent concurrently through every upload route: each 4xx with a Spanish msg, nothing stored, RSS bounded', async () => {
    const [owner, other] = [await signUp(), await signUp()];
    const small = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#3366cc' } }).png().toBuffer();
    // a listing and a draft to send photos to; one legitimate upload warms sharp up before the baseline
    const listing = await owner.multipart('/api/v1/property', { data: house }, [{ buf: small, name: 'ok.png' }]);
    expect(listing.statusCode, listing.body).toBe(200);
    const puid = listing.json().data.uid as string;
    const draftId = (await owner.call('POST', '/api/v1/property/draft', { data: { operation: 'renta' }, step: 1 })).json().data.id as string;
    const filesBefore = mediaFiles();
    const listingsBefore = await ownerListings();

    const bomb = await pngBomb(10_000);
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const [hugeJpeg, oversize] = [await hugeDeclaredJpeg(), Buffer.concat([small, Buffer.alloc(15 * MB + 1024)])];

    // the bombs: publish ×4, listing photo ×2, draft photo ×2, profile photo ×2
    const bombs = [
      ...[0, 1, 2, 3].map(() => () => owner.multipart('/api/v1/property', { data: house }, [{ buf: bomb, name: 'casa.png' }])),
      ...[0, 1].map(() => () => owner.multipart(`/api/v1/property/${puid}/photo`, {}, [{ buf: bomb, name: 'sala.png' }])),
      ...[0, 1].map(() => () => owner.multipart(`/api/v1/property/draft/${draftId}/photo`, {}, [{ buf: bomb, name: 'cocina.png' }])),
      ...[0, 1].map((i) => () => (i ? other : owner).multipart('/api/v1/client/profilephoto', {}, [{ buf: bomb, name: 'yo.png', field: 'profilephoto' }])),
    ];
    type Case = { send: () => Promise<LightMyRequestResponse>; status: number; msg: string };
    const cases: Case[] = [
      ...bombs.map((send) => ({ send, status: 400, msg: U.tooManyPixels })),
      { send: () => owner.multipart(`/api/v1/property/${puid}/photo`, {}, [{ buf: hugeDeclaredPng(), name: 'enorme.png' }]), status: 400, msg: U.tooManyPixels },
      { send: () => other.multipart('/api/v1/client/profilephoto', {}, [{ buf: hugeJpeg, name: 'enorme.jpg', field: 'profilephoto' }]), status: 400, msg: U.tooManyPixels },
      { send: () => owner.multipart('/api/v1/property', { data: house }, [{ buf: small, name: 'ok.png' }, { buf: hugeJpeg, name: 'enorme.jpg' }]), status: 400, msg: U.tooManyPixels },
      { send: () => owner.multipart(`/api/v1/property/draft/${draftId}/photo`, {}, [{ buf: polyglot(), name: 'foto.jpg' }]), status: 400, msg: M.photoProcessFailed },
      { send: () => other.multipart('/api/v1/client/profilephoto', {}, [{ buf: polyglot(), name: 'foto.jpg', field: 'profilephoto' }]), status: 400, msg: P.processFailed },
      { send: () => owner.multipart(`/api/v1/property/${puid}/photo`, {}, [{ buf: Buffer.alloc(0), name: 'vacia.png' }]), status: 400, msg: M.photoMissing },
      { send: () => other.multipart('/api/v1/client/profilephoto', {}, [{ buf: Buffer.alloc(0), name: 'vacia.png', field: 'profilephoto' }]), status: 400, msg: P.missingFile },
      { send: () => owner.multipart(`/api/v1/property/${puid}/photo`, {}, [{ buf: oversize, name: 'pesada.png' }]), status: 413, msg: M.photoTooLarge },
      { send: () => owner.multipart('/api/v1/property', { data: house }, [{ buf: oversize, name: 'pesada.png' }]), status: 413, msg: M.photoTooLarge },
    ];

    const rssBefore = process.memoryUsage().rss;
    const sampler = sampleRss();
    const started = Date.now();
    const answers = await Promise.all(cases.map((c) => c.send()));
    const elapsed = Date.now() - started;
    const peak = sampler.stop();
    console.log(`upload bombs: RSS before ${Math.round(rssBefore / MB)} MB, peak ${Math.round(peak / MB)} MB (+${Math.round((peak - rssBefore) / MB)} MB), ${cases.length} requests in ${elapsed} ms`);

    answers.forEach((res, i) => {
      expect(res.statusCode, `case ${i}: ${res.body}`).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, `case ${i}: ${res.body}`).toBeLessThan(500);
      const body = res.json() as { msg: string };
      expect(body.msg, `case ${i}`).toMatch(SPANISH);
      expect({ status: res.statusCode, msg: body.msg }, `case ${i}`).toEqual({ status: cases[i]!.status, msg: cases[i]!.msg });
    });
    // With PGlite this process also holds the embedded database (~850 MB before the bombs), so its growth is what
    // counts (the old code grew by 10.7 GB); on PostgreSQL (~250 MB before) the whole RSS stays under 1 GB too.
    expect(peak - rssBefore, 'RSS growth while the bombs were handled').toBeLessThan(300 * MB);
    if (database.kind === 'postgres') expect(peak, 'RSS while the bombs were handled').toBeLessThan(1024 * MB);

    // nothing was stored or changed: one listing (the first), its one photo, the empty draft, no profile photo
    expect(await ownerListings()).toBe(listingsBefore);
    expect((await owner.call('GET', `/api/v1/properties/${puid}`)).json().data.images).toHaveLength(1);
    expect((await owner.call('GET', `/api/v1/property/draft?id=${draftId}`)).json().data.data.photos).toEqual([]);
    expect(mediaFiles().sort()).toEqual(filesBefore.sort());
    // and the server still works at once
    const after = await owner.multipart(`/api/v1/property/${puid}/photo`, {}, [{ buf: small, name: 'otra.png' }]);
    expect(after.statusCode, after.body).toBe(200);
  });

  it('the memory budget: a request over it alone is 413, one arriving while others hold it is 429 with Retry-After; released after each answer; JSON bodies over 1 MB are 413', async () => {
    const b = await signUp();
    const small = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#3366cc' } }).png().toBuffer();
    const draftId = (await b.call('POST', '/api/v1/property/draft', { data: { operation: 'renta' }, step: 1 })).json().data.id as string;
    expect(uploadBudget.inUse()).toBe(0); // every earlier upload gave its bytes back
    const hog = uploadBudget.reserve(uploadBudget.total - 1024)!;
    try {
      for (const send of [
        () => b.multipart(`/api/v1/property/draft/${draftId}/photo`, {}, [{ buf: small, name: 'a.png' }]),
        () => b.multipart('/api/v1/property', { data: house }, [{ buf: small, name: 'a.png' }]),
        () => b.multipart('/api/v1/client/profilephoto', {}, [{ buf: small, name: 'yo.png', field: 'profilephoto' }]),
      ]) {
        const busy = await send();
        expect({ status: busy.statusCode, msg: busy.json().msg }).toEqual({ status: 429, msg: U.busy });
        expect(busy.headers['retry-after']).toBe('30');
      }
    } finally {
      hog.release();
    }
    const ok = await b.multipart(`/api/v1/property/draft/${draftId}/photo`, {}, [{ buf: small, name: 'a.png' }]);
    expect(ok.statusCode, ok.body).toBe(200);
    const huge = await b.call('POST', `/api/v1/property/draft/${draftId}/photo`, Buffer.from('--x--\r\n'), {
      'content-type': 'multipart/form-data; boundary=x', 'content-length': String(uploadBudget.total + 1),
    });
    expect({ status: huge.statusCode, msg: huge.json().msg }).toEqual({ status: 413, msg: U.requestTooLarge });
    expect(uploadBudget.inUse()).toBe(0);
    // the upload routes' large limit is for multipart files: a JSON body over 1 MB is 413, declared or streamed
    const json = JSON.stringify({ data: { description: 'x'.repeat(2 * 1024 * 1024) } });
    for (const url of ['/api/v1/property', `/api/v1/property/draft/${draftId}/photo`, '/api/v1/client/profilephoto']) {
      const declared = await b.call('POST', url, json, { 'content-type': 'application/json' });
      expect({ status: declared.statusCode, msg: declared.json().msg }, url).toEqual({ status: 413, msg: COMMON_MESSAGES.payloadTooLarge });
      const streamed = await b.call('POST', url, Readable.from([json.slice(0, 900_000), json.slice(900_000)]), { 'content-type': 'application/json' });
      expect({ status: streamed.statusCode, msg: streamed.json().msg }, url).toEqual({ status: 413, msg: COMMON_MESSAGES.payloadTooLarge });
    }
  });

  it('10 photos just under the pixel limit (6,000 × 6,000 PNG, 108 MB decoded each) at once: all stored, then decoded by the photo job two at a time with bounded RSS', async () => {
    const b = await signUp();
    const draftId = (await b.call('POST', '/api/v1/property/draft', { data: { operation: 'renta' }, step: 1 })).json().data.id as string;
    const big = await pngBomb(6000);
    const rssBefore = process.memoryUsage().rss;
    const sampler = sampleRss();
    const started = Date.now();
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => b.multipart(`/api/v1/property/draft/${draftId}/photo`, {}, [{ buf: big, name: `grande-${i}.png` }])));
    for (const a of answers) expect(a.statusCode, a.body).toBe(200);
    const photos = async () => (await b.call('GET', `/api/v1/property/draft?id=${draftId}`)).json().data.data.photos as { processing?: boolean }[];
    // Large uploads are only checked in the request (issue 8 §4): the photo job decodes them, here with four jobs
    // at a time so the process-wide image queue (two decodes at once) is what bounds memory.
    expect((await photos()).map((p) => p.processing)).toEqual(Array(10).fill(true));
    const worker = await startJobWorker(app.services, { url: undefined }, { concurrency: 4 });
    try {
      await vi.waitFor(async () => expect((await photos()).filter((p) => p.processing)).toEqual([]), { timeout: 120_000, interval: 100 });
    } finally {
      await worker.stop();
    }
    const peak = sampler.stop();
    console.log(`10 × 36 MP at once: RSS before ${Math.round(rssBefore / MB)} MB, peak ${Math.round(peak / MB)} MB (+${Math.round((peak - rssBefore) / MB)} MB) in ${Date.now() - started} ms`);
    expect(await photos()).toHaveLength(10);
    const card = await b.call('GET', `/media/drafts/${draftId}/${(await b.call('GET', `/api/v1/property/draft?id=${draftId}`)).json().data.data.photos[9].name}_card.webp`);
    expect(card.statusCode).toBe(200);
    expect(peak - rssBefore, 'RSS growth while 10 large photos were decoded').toBeLessThan(400 * MB);
  });
});
