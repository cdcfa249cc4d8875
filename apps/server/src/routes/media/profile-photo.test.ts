import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { COMMON_MESSAGES, PROFILE_PHOTO_MESSAGES as P } from '@nj/contracts';
import { useTestApp } from '../../testing/test-app.ts';
import { TestBrowser } from '../../testing/test-browser.ts';

const HEIC = readFileSync(new URL('../../../../../packages/core/src/media/test-fixtures/sample-48x32.heic', import.meta.url));
const t = useTestApp({ DEV_OUTBOX: '1' }, { dataDirPrefix: 'nj-media-' });

class Browser extends TestBrowser {
  constructor() {
    super(t.app, '10.4');
  }
  upload(file: Buffer, filename: string, field = 'profilephoto', type = 'image/jpeg') {
    const boundary = '----nj' + Math.random().toString(16).slice(2);
    const body = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`),
      file,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    return this.call('POST', '/api/v1/client/profilephoto', body, { 'content-type': `multipart/form-data; boundary=${boundary}` });
  }
}

async function signUp(email: string): Promise<{ b: Browser; cuid: string }> {
  const b = new Browser();
  const cuid = (await b.call('POST', '/api/v1/client/anonymous')).json().data.client.cuid as string;
  await b.call('POST', '/api/v1/signup', { client: cuid, email, nickname: 'Foto', password: 'secreta-123' });
  const out = await t.app.inject({ method: 'GET', url: `/api/dev/outbox?to=${encodeURIComponent(email)}` });
  const pin = out.json().data[0].codes[0];
  expect((await b.call('POST', '/api/v1/signup', { client: cuid, email, nickname: 'Foto', password: 'secreta-123', pin })).statusCode).toBe(200);
  return { b, cuid };
}

const png = (w: number, h: number) => sharp({ create: { width: w, height: h, channels: 3, background: '#3366cc' } }).png().toBuffer();

describe('POST /api/v1/client/profilephoto (spec 02 §2 modal 7, §5)', () => {
  it('stores a centred square WebP and a thumbnail, served at /media with long cache; replaces the old one', async () => {
    const { b, cuid } = await signUp('foto@example.com');
    // a PNG named .jpg: accepted because the content is an image
    const res = await b.upload(await png(600, 400), 'mi-foto.jpg');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.msg).toBe(P.updated);
    const name = body.data.client.profile_photo_name as string;
    expect(name).toMatch(new RegExp(`^profile/${cuid}/[a-z0-9]+\\.webp$`));
    const img = await t.app.inject({ method: 'GET', url: `/media/${name}` });
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/webp');
    expect(img.headers['cache-control']).toContain('max-age=31536000');
    expect(await sharp(img.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 400, height: 400 });
    const thumb = await t.app.inject({ method: 'GET', url: `/media/${name.replace('.webp', '-thumb.webp')}` });
    expect(await sharp(thumb.rawPayload).metadata()).toMatchObject({ width: 128, height: 128 });

    const second = await b.upload(HEIC, 'IMG_0001.HEIC', 'profilephoto', 'image/heic');
    expect(second.statusCode).toBe(200);
    const name2 = second.json().data.client.profile_photo_name as string;
    expect(name2).not.toBe(name);
    expect((await t.app.inject({ method: 'GET', url: `/media/${name}` })).statusCode).toBe(404);
    expect(await sharp((await t.app.inject({ method: 'GET', url: `/media/${name2}` })).rawPayload).metadata()).toMatchObject({ width: 32, height: 32 });
    expect((await b.call('GET', '/api/v1/client')).json().data.client.profile_photo_name).toBe(name2);
  });

  it('judges by content: garbage or a PDF named .jpg is refused with the spec text; no 500 on bad requests', async () => {
    const { b } = await signUp('fotomala@example.com');
    const garbage = await b.upload(Buffer.from('esto no es una imagen'.repeat(20)), 'foto.jpg');
    expect(garbage.statusCode).toBe(415);
    expect(garbage.json()).toEqual({ msg: 'La imagen no tiene una extension válida.', data: null });
    const pdf = await b.upload(Buffer.from('%PDF-1.7\n1 0 obj\n'), 'foto.png', 'profilephoto', 'image/png');
    expect(pdf.json().msg).toBe(P.badExtension);
    const gif = await b.upload(Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00', 'latin1'), 'a.gif');
    expect(gif.json().msg).toBe(P.badExtension);
    const broken = await b.upload((await png(100, 100)).subarray(0, 80), 'rota.png');
    expect(broken.statusCode).toBe(400);
    expect(broken.json().msg).toBe(P.processFailed);
    const wrongField = await b.upload(await png(100, 100), 'a.png', 'otra');
    expect(wrongField.statusCode).toBe(400);
    expect(wrongField.json().msg).toBe(P.missingFile);
    const json = await b.call('POST', '/api/v1/client/profilephoto', { profilephoto: 'x' });
    expect(json.statusCode).toBe(400);
    expect(json.json().msg).toBe(P.missingFile);
    const empty = await b.upload(Buffer.alloc(0), 'vacia.png');
    expect(empty.statusCode).toBe(400);
    expect((await b.call('GET', '/api/v1/client')).json().data.client.profile_photo_name).toBeNull();
  });

  it('refuses a file over 50 MB with the spec size message', async () => {
    const { b } = await signUp('fotogrande@example.com');
    const big = Buffer.concat([await png(100, 100), Buffer.alloc(50 * 1024 * 1024)]);
    const res = await b.upload(big, 'grande.png');
    expect(res.statusCode).toBe(413);
    expect(res.json().msg).toBe(P.tooLarge);
  });

  it('needs a signed-in client: anonymous and visitors get 401, and /media refuses bad keys', async () => {
    const anon = new Browser();
    await anon.call('POST', '/api/v1/client/anonymous');
    const res = await anon.upload(await png(100, 100), 'a.png');
    expect(res.statusCode).toBe(401);
    expect(res.json().msg).toBe(COMMON_MESSAGES.loginRequired);
    const visitor = await t.app.inject({ method: 'POST', url: '/api/v1/client/profilephoto' });
    expect(visitor.statusCode).toBe(403); // no CSRF token: refused before anything runs
    for (const url of ['/media/../../etc/passwd', '/media/%2e%2e/secret', '/media/profile/nada.webp', '/media/']) {
      const r = await t.app.inject({ method: 'GET', url });
      expect(r.statusCode).toBeGreaterThanOrEqual(400);
      expect(r.statusCode).toBeLessThan(500);
    }
  });
});
