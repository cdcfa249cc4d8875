import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, type Database } from '@nj/db';
import type { AppServices } from '@nj/core/app-services';
import { createSearchService } from '@nj/core/search/search-service';
import { VISITOR } from '@nj/core/policies/actor';
import { pagePaths, rememberedPagePaths, sitemapPartResponse, sitemapResponse } from './sitemap.server.ts';
import { loadSegmentListing } from '../listing/listing-loader.server.ts';
import { insertTestPlaces } from '@nj/core/search/testing/insert-places';
import { insertTestProperties } from '@nj/core/search/testing/insert-properties';

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
      '/asesores-inmobiliarios', '/paginas-web', '/plans', '/propietarios-particulares', '/crm-para-inmobiliarios', '/ia-para-inmobiliarios',
      '/departamentos-en-renta-en-guadalajara', '/departamentos-en-venta-en-guadalajara',
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

  it('lists a colonia\'s pages exactly when they show listings: the default (venta) page and the renta page', async () => {
    // Off Isla Socorro, away from every seeded place and listing: one colonia with rentals only, one with a sale only,
    // one whose only listing is 700 m away (outside its 600 m circle).
    const [rentals, sales, near] = await insertTestPlaces(services.database, [
      { lat: 18.75, lng: -111.0 }, { lat: 18.8, lng: -111.0 }, { lat: 18.85, lng: -111.0 },
    ]);
    await insertTestProperties(services.database, [
      { lat: 18.751, lng: -111.001, is_renta: true }, { lat: 18.749, lng: -110.999, is_renta: true },
      { lat: 18.801, lng: -111.0, is_venta: true }, { lat: 18.85 + 700 / 111_320, lng: -111.0, is_venta: true },
    ]);
    const paths = locs(await (await sitemapResponse(services, 'https://nj.example')).text());
    expect(paths).toContain(`/propiedades-en-renta-en-${rentals!.slug}`);
    expect(paths).not.toContain(`/propiedades-en-${rentals!.slug}`);
    expect(paths).toContain(`/propiedades-en-${sales!.slug}`);
    expect(paths).not.toContain(`/propiedades-en-renta-en-${sales!.slug}`);
    expect(paths.some((p) => p.endsWith(near!.slug))).toBe(false);
    const open = async (path: string) =>
      (await loadSegmentListing({ services, actor: VISITOR, segment: path.slice(1), request: new Request(`https://nj.example${path}`) })).total;
    // What the sitemap leaves out shows nothing; every colonia page it lists shows listings (the seeded ones too).
    expect(await open(`/propiedades-en-${rentals!.slug}`)).toBe(0);
    expect(await open(`/propiedades-en-${near!.slug}`)).toBe(0);
    const colonias = new Set((await services.database.db.selectFrom('places').select('slug').where('kind', '=', 'neighbourhood').execute()).map((r) => r.slug));
    const listed = paths.filter((p) => colonias.has(p.replace(/^\/propiedades-en-(renta-en-)?/, '')));
    expect(listed.length).toBeGreaterThan(5);
    for (const path of listed) expect(await open(path), path).toBeGreaterThan(0);
  });

  it('lists a state, municipality or town page and each of its category pages exactly when it shows listings (decision 015)', async () => {
    // León (the town, not its municipality) is known by its point: a 12 km circle, its page a zoom-12 box ~6.5 km
    // high. A house for sale 7 km north lies in the circle but off the page; an office for rent 2 km east is on it.
    const town = await services.database.db.selectFrom('places').select(['slug', 'lat', 'lng']).where('id', '=', 'L110200001').executeTakeFirstOrThrow();
    const [lat, lng] = [Number(town.lat), Number(town.lng)];
    const open = async (path: string) =>
      (await loadSegmentListing({ services, actor: VISITOR, segment: path.slice(1), request: new Request(`https://nj.example${path}`) })).total;
    expect(await open(`/propiedades-en-${town.slug}`)).toBe(0);
    await insertTestProperties(services.database, [
      { lat: lat + 7000 / 111_320, lng, property_type: 'house', is_venta: true },
      { lat, lng: lng + 0.02, property_type: 'oficina', is_renta: true },
    ]);
    const paths = locs(await (await sitemapResponse(services, 'https://nj.example')).text());
    expect(new Set(paths).size).toBe(paths.length);
    expect(paths).toContain(`/oficinas-en-renta-en-${town.slug}`);
    expect(paths).toContain(`/propiedades-en-renta-en-${town.slug}`);
    expect(paths).not.toContain(`/propiedades-en-${town.slug}`);
    expect(paths).not.toContain(`/casas-en-venta-en-${town.slug}`);
    expect(await open(`/casas-en-venta-en-${town.slug}`)).toBe(0);
    expect(paths).toContain('/propiedades-en-guadalajara');
    expect(paths).toContain('/propiedades-en-jalisco');
    // Every listed page of a state, municipality or town shows listings.
    const big = await services.database.db.selectFrom('places').select(['slug', 'id', 'kind'])
      .where((eb) => eb.or([eb('kind', '=', 'region'), eb('id', 'like', 'M%'), eb('id', '=', 'L110200001')])).execute();
    const slugs = new Set(big.map((p) => p.slug));
    const listed = paths.filter((p) => [...slugs].some((slug) => p.endsWith(`-en-${slug}`)));
    expect(listed.length).toBeGreaterThan(10);
    for (const path of listed) expect(await open(path), path).toBeGreaterThan(0);
    // And a state page it leaves out shows nothing.
    const states = big.filter((p) => p.kind === 'region').map((p) => `/propiedades-en-${p.slug}`).filter((p) => !paths.includes(p));
    expect(states.length).toBeGreaterThan(5);
    for (const path of states) expect(await open(path), path).toBe(0);
  });

  it('cuts the place pages into parts of the part size, as it does the listings', async () => {
    const whole = locs(await (await sitemapResponse(services, 'https://nj.example')).text());
    const size = 200;
    const index = await (await sitemapResponse(services, 'https://nj.example', size)).text();
    expect(index).toContain('<sitemapindex');
    const names = [...index.matchAll(/\/sitemaps\/([^<]+)<\/loc>/g)].map((m) => m[1]!);
    const placeNames = names.filter((n) => n.startsWith('places'));
    expect(placeNames[0]).toBe('places.xml');
    expect(placeNames.length).toBeGreaterThan(1);
    const seen: string[] = [];
    for (const name of names) {
      const part = locs(await (await sitemapPartResponse(services, 'https://nj.example', name, size))!.text());
      expect(part.length, name).toBeGreaterThan(0);
      expect(part.length, name).toBeLessThanOrEqual(size);
      seen.push(...part);
    }
    // Every URL of the single sitemap once, in parts; no part past the last.
    expect(seen.sort()).toEqual([...whole].sort());
    expect(await sitemapPartResponse(services, 'https://nj.example', `places-${placeNames.length + 1}.xml`, size)).toBeNull();
    expect(await sitemapPartResponse(services, 'https://nj.example', 'places-1.xml', size)).toBeNull();
  });

  it('puts them in places.xml when the sitemap is an index', async () => {
    const paths = locs(await (await sitemapPartResponse(services, 'https://nj.example', 'places.xml'))!.text());
    expect(paths).toContain('/departamentos-en-renta-en-guadalajara');
    expect(paths).toContain('/aviso-de-privacidad');
  });
});

describe('the page paths the routes reuse (rememberedPagePaths)', () => {
  it('computes once per database within the time to live, shared by concurrent callers, and again once it passed', async () => {
    const first = rememberedPagePaths(services);
    expect(rememberedPagePaths(services)).toBe(first);
    expect(await first).toEqual(await pagePaths(services));
    // Another database (another app) has its own; with a time to live of 0 every call computes again.
    const other = { ...services, database: { ...database } } as unknown as AppServices;
    const fresh = rememberedPagePaths(other, 0);
    expect(fresh).not.toBe(first);
    await fresh;
    expect(rememberedPagePaths(other, 0)).not.toBe(fresh);
  });
});

