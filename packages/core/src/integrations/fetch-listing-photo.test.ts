import { afterEach, describe, expect, it } from 'vitest';
import type { lookup as dnsLookup } from 'node:dns';
import { createPhotoFetcher, isPhotoAddressAllowed, PhotoFetchError } from './fetch-listing-photo.ts';
import { servedHandlers, serveHandler } from './testing/serve-handler.ts';

const { serve, closeAll } = servedHandlers();
afterEach(closeAll);

/** The error a fetch ends with (fails the test when it succeeds). */
async function failure(p: Promise<unknown>): Promise<PhotoFetchError> {
  try {
    await p;
  } catch (error) {
    expect(error).toBeInstanceOf(PhotoFetchError);
    return error as PhotoFetchError;
  }
  throw new Error('expected the fetch to fail');
}

/** A DNS look-up answering `address` for every name (tests of names that resolve to private addresses). */
const resolvesTo = (address: string) => ((_host: string, options: { all?: boolean }, callback: (e: Error | null, a: unknown, f?: number) => void) => {
  if (options.all) callback(null, [{ address, family: address.includes(':') ? 6 : 4 }]);
  else callback(null, address, address.includes(':') ? 6 : 4);
}) as unknown as typeof dnsLookup;

describe('photo downloads of synced listings (decision 033 Photos)', () => {
  it('judges addresses: public yes, loopback only when allowed, private / link-local / reserved never', () => {
    expect(isPhotoAddressAllowed('8.8.8.8', false)).toBe(true);
    expect(isPhotoAddressAllowed('2606:4700::1111', false)).toBe(true);
    expect(isPhotoAddressAllowed('127.0.0.1', false)).toBe(false);
    expect(isPhotoAddressAllowed('127.0.0.1', true)).toBe(true);
    expect(isPhotoAddressAllowed('::1', true)).toBe(true);
    expect(isPhotoAddressAllowed('::ffff:127.0.0.1', false)).toBe(false);
    for (const a of ['10.1.2.3', '172.20.0.1', '192.168.1.10', '169.254.169.254', '100.64.0.1', '0.0.0.0', '224.0.0.1', 'fd00::1', 'fe80::1', '::ffff:10.0.0.1', '::']) {
      expect(isPhotoAddressAllowed(a, true), a).toBe(false);
    }
    expect(isPhotoAddressAllowed('no-es-ip', true)).toBe(false);
  });

  it('downloads an image over http and refuses what is not http(s)', async () => {
    const url = await serve(async () => new Response(new Uint8Array([1, 2, 3, 4]), { headers: { 'content-type': 'image/jpeg' } }));
    const fetchPhoto = createPhotoFetcher({ allowLoopback: true });
    expect([...(await fetchPhoto(`${url}/fotos/a.jpg`))]).toEqual([1, 2, 3, 4]);
    // By name, through the checked DNS look-up.
    expect([...(await fetchPhoto(`${url.replace('127.0.0.1', 'localhost')}/fotos/a.jpg`))]).toEqual([1, 2, 3, 4]);
    expect((await failure(createPhotoFetcher({ allowLoopback: false })(`${url.replace('127.0.0.1', 'localhost')}/fotos/a.jpg`))).permanent).toBe(true);
    for (const bad of ['file:///etc/passwd', 'ftp://example.mx/a.jpg', 'data:image/png;base64,AAAA', 'no es url', `http://usuario:clave@127.0.0.1/a.jpg`]) {
      expect((await failure(fetchPhoto(bad))).permanent, bad).toBe(true);
    }
  });

  it('refuses loopback when not allowed (production), directly and by a name that resolves to it', async () => {
    const url = await serve(async () => new Response('x'));
    const strict = createPhotoFetcher({ allowLoopback: false });
    expect((await failure(strict(`${url}/a.jpg`))).message).toMatch(/not allowed/);
    const port = new URL(url).port;
    const byName = createPhotoFetcher({ allowLoopback: false, lookup: resolvesTo('127.0.0.1') });
    expect((await failure(byName(`http://fotos.example.mx:${port}/a.jpg`))).permanent).toBe(true);
  });

  it('refuses a redirect to a private address, even with loopback allowed; follows one to an allowed host', async () => {
    let hits = 0;
    const url = await serve(async (r) => {
      hits++;
      const path = new URL(r.url).pathname;
      if (path === '/metadatos') return new Response(null, { status: 302, headers: { location: 'http://169.254.169.254/latest/meta-data/' } });
      if (path === '/interno') return new Response(null, { status: 301, headers: { location: 'http://intranet.example.mx/foto.jpg' } });
      if (path === '/bucle') return new Response(null, { status: 302, headers: { location: '/bucle' } });
      if (path === '/movida') return new Response(null, { status: 307, headers: { location: '/final.jpg' } });
      return new Response(new Uint8Array([9, 9]));
    });
    const fetchPhoto = createPhotoFetcher({ allowLoopback: true, lookup: resolvesTo('10.0.0.7') });
    expect((await failure(fetchPhoto(`${url}/metadatos`))).permanent).toBe(true);
    const internal = await failure(fetchPhoto(`${url}/interno`));
    expect([internal.permanent, internal.message]).toEqual([true, 'address of intranet.example.mx not allowed']);
    expect((await failure(fetchPhoto(`${url}/bucle`))).message).toBe('too many redirects');
    expect([...(await fetchPhoto(`${url}/movida`))]).toEqual([9, 9]);
    expect(hits).toBe(1 + 1 + 4 + 2);
  });

  it('stops reading past the byte limit (streamed, no length declared) and refuses a declared length over it', async () => {
    let pulled = 0;
    const url = await serve(async (r) => {
      if (new URL(r.url).pathname === '/declarado') return new Response(new Uint8Array(64), { headers: { 'content-length': '64' } });
      // An endless body: the fetcher must hang up, not read it all.
      return new Response(new ReadableStream<Uint8Array>({
        pull(controller) {
          pulled++;
          controller.enqueue(new Uint8Array(1024));
        },
      }));
    });
    const fetchPhoto = createPhotoFetcher({ allowLoopback: true, maxBytes: 10_000 });
    const big = await failure(fetchPhoto(`${url}/sin-fin`));
    expect([big.permanent, big.message]).toEqual([true, 'over 10000 bytes']);
    // The server's socket buffers take some more chunks before the hang-up reaches it, but not an endless stream.
    expect(pulled).toBeLessThan(64 * 1024);
    expect((await fetchPhoto(`${url}/declarado`)).length).toBe(64);
    const small = createPhotoFetcher({ allowLoopback: true, maxBytes: 32 });
    expect((await failure(small(`${url}/declarado`))).message).toBe('declares 64 bytes');
  });

  it('a 4xx is permanent; 5xx, 429 and an unreachable host may pass (retried by the job queue)', async () => {
    const url = await serve(async (r) => {
      const code = Number(new URL(r.url).pathname.slice(1));
      return new Response('no', { status: code });
    });
    const fetchPhoto = createPhotoFetcher({ allowLoopback: true });
    expect((await failure(fetchPhoto(`${url}/404`))).permanent).toBe(true);
    expect((await failure(fetchPhoto(`${url}/403`))).permanent).toBe(true);
    expect((await failure(fetchPhoto(`${url}/503`))).permanent).toBe(false);
    expect((await failure(fetchPhoto(`${url}/429`))).permanent).toBe(false);
    const closed = await serveHandler(async () => new Response('x'));
    await closed.close();
    expect((await failure(fetchPhoto(`${closed.url}/a.jpg`))).permanent).toBe(false);
  });

  it('answers the sandbox origins in this process', async () => {
    const fetchPhoto = createPhotoFetcher({ allowLoopback: false, inProcess: { 'http://easybroker.sandbox': async () => new Response(new Uint8Array([7])) } });
    expect([...(await fetchPhoto('http://easybroker.sandbox/fotos/x.jpg'))]).toEqual([7]);
  });
});
