import { describe, expect, it, vi } from 'vitest';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { encodePage, nonceFor, PageCache, type CachedPage } from './page-cache.ts';
import { pickEncoding } from '../compression.ts';

const page = (text: string, nonce?: string): CachedPage => ({
  status: 200, headers: [['content-type', 'text/html']], body: Buffer.from(text), nonce,
});

/** A promise the test settles when it chooses, to hold a render in flight without a timer. */
function deferred(): { promise: Promise<void>; resolve: () => void } {
  let resolve: () => void = () => undefined;
  const promise = new Promise<void>((r) => { resolve = r; });
  return { promise, resolve };
}

describe('PageCache', () => {
  it('keeps a page for its time to live, then renders again', async () => {
    let now = 1000;
    const cache = new PageCache({ ttlMs: 3000, maxEntries: 10, maxBytes: 1e6, now: () => now });
    let renders = 0;
    const render = async () => page(`v${++renders}`);
    expect((await cache.getOrRender('/a', render)).source).toBe('miss');
    const hit = await cache.getOrRender('/a', render);
    expect(hit.source).toBe('hit');
    expect(hit.page?.body.toString()).toBe('v1');
    now += 3000;
    expect((await cache.getOrRender('/a', render)).page?.body.toString()).toBe('v2');
  });

  it('keeps a page for the time to live its caller gives (a listing page longer than the rest)', async () => {
    let now = 0;
    const cache = new PageCache({ ttlMs: 3000, maxEntries: 10, maxBytes: 1e6, now: () => now });
    let renders = 0;
    const render = async () => page(`v${++renders}`);
    await cache.getOrRender('/propiedades/casa', render, 60_000);
    await cache.getOrRender('/propiedades', render);
    now = 59_999;
    expect((await cache.getOrRender('/propiedades/casa', render, 60_000)).source).toBe('hit');
    expect((await cache.getOrRender('/propiedades', render)).source).toBe('miss');
    now = 60_000;
    expect((await cache.getOrRender('/propiedades/casa', render, 60_000)).source).toBe('miss');
  });

  it('serves an expired page a little longer while one background render replaces it', async () => {
    let now = 0;
    const cache = new PageCache({ ttlMs: 3000, staleMs: 2000, maxEntries: 10, maxBytes: 1e6, now: () => now });
    let renders = 0;
    let release: () => void = () => undefined;
    const render = async () => {
      renders++;
      if (renders > 1) await new Promise<void>((r) => { release = r; });
      return page(`v${renders}`);
    };
    await cache.getOrRender('/s', render);
    now = 4000; // expired 1 s ago: inside the stale window
    const a = await cache.getOrRender('/s', render);
    const b = await cache.getOrRender('/s', render);
    expect([a.source, b.source]).toEqual(['stale', 'stale']);
    expect(a.page?.body.toString()).toBe('v1');
    expect(renders).toBe(2); // one background render for both
    release();
    await vi.waitFor(() => expect(cache.get('/s')?.body.toString()).toBe('v2')); // the background render stored it
    expect((await cache.getOrRender('/s', render)).page?.body.toString()).toBe('v2');
    now = 20_000; // far past the stale window: callers wait for a new render
    const c = cache.getOrRender('/s', render);
    expect(renders).toBe(3); // started at once, so `release` now ends this render
    release();
    expect((await c).source).toBe('miss');
  });

  it('renders once for many simultaneous misses of one key', async () => {
    const cache = new PageCache({ ttlMs: 3000, maxEntries: 10, maxBytes: 1e6 });
    let renders = 0;
    const gate = deferred();
    const render = async () => {
      renders++;
      await gate.promise; // still rendering while all 200 ask
      return page('shared');
    };
    const asked = Promise.all(Array.from({ length: 200 }, () => cache.getOrRender('/b', render)));
    gate.resolve();
    const answers = await asked;
    expect(renders).toBe(1);
    expect(answers.filter((a) => a.source === 'coalesced')).toHaveLength(199);
    expect(answers.every((a) => a.page?.body.toString() === 'shared')).toBe(true);
  });

  it('shares nothing when the render says it must not be shared, and waiters of a failed render get null', async () => {
    const cache = new PageCache({ ttlMs: 3000, maxEntries: 10, maxBytes: 1e6 });
    const personal = await cache.getOrRender('/c', async () => null);
    expect(personal.page).toBeNull();
    expect(cache.size).toBe(0);
    const gate = deferred();
    const failing = cache.getOrRender('/d', async () => {
      await gate.promise; // fails only once the waiter is waiting
      throw new Error('boom');
    });
    const waiter = cache.getOrRender('/d', async () => page('never'));
    gate.resolve();
    await expect(failing).rejects.toThrow('boom');
    expect((await waiter).page).toBeNull();
    expect(cache.size).toBe(0);
  });

  it('drops the pages a predicate picks', () => {
    const cache = new PageCache({ ttlMs: 60_000, maxEntries: 10, maxBytes: 1e6 });
    for (const key of ['web http://h/propiedades/casa-1', 'bot http://h/propiedades/casa-1?x=1', 'web http://h/propiedades/casa-2']) cache.set(key, page(key));
    expect(cache.deleteWhere((k) => k.includes('/casa-1'))).toBe(2);
    expect(cache.size).toBe(1);
    expect(cache.byteSize).toBe('web http://h/propiedades/casa-2'.length);
  });

  it('stays within its entry and byte bounds, dropping the oldest', async () => {
    const cache = new PageCache({ ttlMs: 60_000, maxEntries: 3, maxBytes: 100 });
    for (const key of ['1', '2', '3', '4']) cache.set(key, page('x'.repeat(20)));
    expect(cache.size).toBe(3);
    expect(cache.get('1')).toBeUndefined();
    cache.set('5', page('y'.repeat(25)));
    cache.set('6', page('z'.repeat(25)));
    expect(cache.byteSize).toBeLessThanOrEqual(100);
    cache.set('big', page('w'.repeat(30))); // more than a quarter of maxBytes: not kept
    expect(cache.get('big')).toBeUndefined();
  });
});

describe('nonceFor', () => {
  it('puts the current request nonce wherever the cached one was', () => {
    const cached = { ...page('<script nonce="AAA">1</script><script nonce="AAA">2</script>', 'AAA'),
      headers: [['content-security-policy', "script-src 'nonce-AAA'"]] as [string, string][] };
    const served = nonceFor(cached, 'BBB');
    expect(served.body.toString()).toBe('<script nonce="BBB">1</script><script nonce="BBB">2</script>');
    expect(served.headers).toEqual([['content-security-policy', "script-src 'nonce-BBB'"]]);
  });

  it('leaves the page as it is without a nonce on either side', () => {
    const cached = page('<script>1</script>');
    expect(nonceFor(cached, 'BBB').body).toBe(cached.body);
    const withNonce = page('<script nonce="AAA">1</script>', 'AAA');
    expect(nonceFor(withNonce, undefined).body).toBe(withNonce.body);
  });
});

describe('encodePage', () => {
  const html = (nonce: string) => `<html>${'<p>hola</p>'.repeat(300)}<script nonce="${nonce}">x</script><script nonce="${nonce}">y</script></html>`;

  it('compresses a page without a nonce once and keeps the result', () => {
    const cached = page(html('').replaceAll(' nonce=""', ''));
    const first = encodePage(cached, undefined, 'gzip, deflate, br');
    expect(first.encoding).toBe('br');
    expect(brotliDecompressSync(first.body).toString()).toBe(cached.body.toString());
    expect(encodePage(cached, undefined, 'gzip, deflate, br').body).toBe(first.body);
    const gz = encodePage(cached, undefined, 'gzip');
    expect(gz.encoding).toBe('gzip');
    expect(gunzipSync(gz.body).toString()).toBe(cached.body.toString());
    expect(encodePage(cached, undefined, undefined)).toMatchObject({ encoding: null, body: cached.body });
  });

  it('puts each request its own nonce, compressed per request', () => {
    const cached = page(html('N0NCE0000000000000000A=='), 'N0NCE0000000000000000A==');
    for (const nonce of ['N0NCE1111111111111111B==', 'N0NCE2222222222222222C==']) {
      const sent = encodePage(cached, nonce, 'br');
      expect(brotliDecompressSync(sent.body).toString()).toBe(html(nonce));
    }
    expect(encodePage(cached, 'N0NCE3333333333333333D==', 'identity').body.toString()).toBe(html('N0NCE3333333333333333D=='));
  });

  it('reads Accept-Encoding with q=0 as a refusal', () => {
    expect(pickEncoding('gzip, br;q=0')).toBe('gzip');
    expect(pickEncoding('br;q=0.5')).toBe('br');
    expect(pickEncoding('identity')).toBeNull();
    expect(pickEncoding(undefined)).toBeNull();
    expect(pickEncoding('*')).toBe('gzip');
  });
});
