import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { MAP_MESSAGES } from '@nj/contracts/map/messages';
import { useTestApp } from '../../testing/test-app.ts';

// An archive stand-in: range serving does not read the contents, so known bytes show exactly what each range got.
const dir = mkdtempSync(join(tmpdir(), 'nj-pmtiles-'));
const file = join(dir, 'mexico.pmtiles');
const bytes = Buffer.alloc(200_000);
for (let i = 0; i < bytes.length; i++) bytes[i] = (i * 7 + (i >> 8)) & 0xff;
writeFileSync(file, bytes);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const t = useTestApp({ MAP_PMTILES_PATH: file });
const URL = '/api/v1/map/pmtiles/base.pmtiles';

describe('MAP_PMTILES_PATH: the production base map (issue 9 §1)', () => {
  it('serves the Protomaps style over our archive, glyphs and sprites', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/map/style.json', headers: { host: 'localhost:3000' } });
    const style = res.json();
    expect(style.sources.protomaps).toMatchObject({ type: 'vector', url: `pmtiles://http://localhost:3000${URL}` });
    expect(style.glyphs).toBe('http://localhost:3000/api/v1/map/fonts/{fontstack}/{range}.pbf');
    expect(style.sprite).toBe('http://localhost:3000/api/v1/map/sprites/light');
    expect(style.layers.length).toBeGreaterThan(40);
    expect(JSON.stringify(style.layers)).toContain('name:es');
    const fonts = new Set<string>(JSON.stringify(style.layers).match(/Noto Sans [A-Za-z]+/g));
    for (const font of fonts) {
      const glyphs = await t.app.inject({ method: 'GET', url: `/api/v1/map/fonts/${encodeURIComponent(font)}/0-255.pbf` });
      expect(glyphs.statusCode, font).toBe(200);
    }
  });

  it('answers byte ranges with 206 and Content-Range, as the pmtiles reader asks', async () => {
    const head = await t.app.inject({ method: 'GET', url: URL, headers: { range: 'bytes=0-16383' } });
    expect(head.statusCode).toBe(206);
    expect(head.headers['content-range']).toBe(`bytes 0-16383/${bytes.length}`);
    expect(head.headers['accept-ranges']).toBe('bytes');
    expect(head.headers['content-length']).toBe('16384');
    expect(head.headers['content-encoding']).toBeUndefined();
    expect(head.rawPayload.equals(bytes.subarray(0, 16384))).toBe(true);
    expect(head.headers.etag).toBeTruthy();
    expect(String(head.headers['cache-control'])).toContain('max-age=86400');

    const middle = await t.app.inject({ method: 'GET', url: URL, headers: { range: 'bytes=123456-130000' } });
    expect(middle.statusCode).toBe(206);
    expect(middle.rawPayload.equals(bytes.subarray(123_456, 130_001))).toBe(true);
    const tail = await t.app.inject({ method: 'GET', url: URL, headers: { range: 'bytes=-100' } });
    expect(tail.rawPayload.equals(bytes.subarray(bytes.length - 100))).toBe(true);
    const open = await t.app.inject({ method: 'GET', url: URL, headers: { range: 'bytes=199990-' } });
    expect(open.headers['content-range']).toBe(`bytes 199990-199999/${bytes.length}`);
  });

  it('answers the whole file without Range, 304 for an unchanged ETag, and HEAD with its size', async () => {
    const whole = await t.app.inject({ method: 'GET', url: URL });
    expect(whole.statusCode).toBe(200);
    expect(whole.rawPayload.length).toBe(bytes.length);
    const again = await t.app.inject({ method: 'GET', url: URL, headers: { 'if-none-match': String(whole.headers.etag) } });
    expect(again.statusCode).toBe(304);
    const head = await t.app.inject({ method: 'HEAD', url: URL });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-length']).toBe(String(bytes.length));
  });

  it('refuses a range past the end with 416, the size and a Spanish msg', async () => {
    const res = await t.app.inject({ method: 'GET', url: URL, headers: { range: `bytes=${bytes.length}-${bytes.length + 10}` } });
    expect(res.statusCode).toBe(416);
    expect(res.headers['content-range']).toBe(`bytes */${bytes.length}`);
    expect(res.json().msg).toBe(MAP_MESSAGES.rangeNotSatisfiable);
  });
});
