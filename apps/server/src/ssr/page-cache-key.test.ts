import { describe, expect, it } from 'vitest';
import { PageCache } from './page-cache.ts';
import { pageCacheKey } from './react-router-handler.ts';

// Issue 15 (white-label sites): a branded page must never be served on the product's host or another branded host.
const request = (host: string, url = '/propiedades') => ({ headers: { host, 'user-agent': 'Mozilla/5.0' }, protocol: 'http' as const, url });

describe('page micro-cache key (issue 15)', () => {
  it('keys by host: one URL on three hosts is three pages; the same host in another case is one', () => {
    const keys = ['127.0.0.1:3000', 'asociacion.test:3000', 'otra.test:3000'].map((h) => pageCacheKey(request(h)));
    expect(new Set(keys).size).toBe(3);
    expect(pageCacheKey(request('ASOCIACION.test:3000'))).toBe(pageCacheKey(request('asociacion.test:3000')));
    expect(pageCacheKey(request('asociacion.test:3000', '/propiedades?zoom=5'))).not.toBe(pageCacheKey(request('asociacion.test:3000')));
  });

  it('a page rendered for a branded host is not what the product host gets', async () => {
    const cache = new PageCache({ ttlMs: 10_000, maxEntries: 10, maxBytes: 1_000_000 });
    const render = (body: string) => async () => ({ status: 200, headers: [] as [string, string][], body: Buffer.from(body), nonce: undefined });
    await cache.getOrRender(pageCacheKey(request('asociacion.test:3000')), render('branded'));
    const main = await cache.getOrRender(pageCacheKey(request('127.0.0.1:3000')), render('product'));
    expect([main.source, main.page?.body.toString()]).toEqual(['miss', 'product']);
    const again = await cache.getOrRender(pageCacheKey(request('asociacion.test:3000')), render('other'));
    expect([again.source, again.page?.body.toString()]).toEqual(['hit', 'branded']);
  });
});
