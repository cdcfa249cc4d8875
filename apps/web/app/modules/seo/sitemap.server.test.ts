import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, type Database } from '@nj/db';
import type { AppServices } from '@nj/core/app-services';
import { createSearchService } from '@nj/core/search/search-service';
import { VISITOR } from '@nj/core/policies/actor';
import { sitemapPartResponse, sitemapResponse } from './sitemap.server.ts';
import { loadSegmentListing } from '../listing/listing-loader.server.ts';

// Issue 9 §3: the sitemap lists the category pages of places with listings, and each one it lists opens (200) and
// shows what its words say. Issue 9 §5: the marketing and legal pages are listed.
let database: Database;
let services: AppServices;
beforeAll(async () => {
  database = await openTestDatabase();
  const search = await createSearchService({ database, exchangeRates: { usd: 18.5, eur: 20 } });
  services = { database, search, config: { publicUrl: 'https://nj.example', mapStyleUrl: undefined } } as unknown as AppServices;
});
afterAll(async () => {
  await database?.close();
});

const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!.replace('https://nj.example', ''));

describe('sitemap.xml (issue 9 §3, §5)', () => {
  it('lists the category pages of places with listings, each a page that lists that type and operation', async () => {
    const xml = await (await sitemapResponse(services, 'https://nj.example')).text();
    const paths = locs(xml);
    expect(new Set(paths).size).toBe(paths.length);
    for (const p of ['/', '/propiedades', '/terminos-y-condiciones', '/aviso-de-privacidad', '/publica-una-propiedad',
      '/asesores-inmobiliarios', '/paginas-web', '/departamentos-en-renta-en-guadalajara', '/departamentos-en-venta-en-guadalajara',
      '/propiedades-en-renta-en-guadalajara', '/departamentos-en-renta-en-jalisco']) expect(paths).toContain(p);
    const categories = paths.filter((p) => /-en-(renta|venta)-en-/.test(p));
    expect(categories.length).toBeGreaterThan(4);
    expect(categories.some((p) => p.endsWith('-en-tijuana'))).toBe(false);
    for (const path of categories.slice(0, 6)) {
      const segment = path.slice(1);
      const page = await loadSegmentListing({ services, actor: VISITOR, segment, request: new Request(`https://nj.example${path}`) });
      expect(page.canonicalPath, path).toBe(path);
      expect(page.total, path).toBeGreaterThan(0);
    }
  });

  it('puts them in places.xml when the sitemap is an index', async () => {
    const paths = locs(await (await sitemapPartResponse(services, 'https://nj.example', 'places.xml'))!.text());
    expect(paths).toContain('/departamentos-en-renta-en-guadalajara');
    expect(paths).toContain('/aviso-de-privacidad');
  });
});
