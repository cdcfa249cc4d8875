import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { VectorTile } from '@mapbox/vector-tile';
import { PbfReader } from 'pbf';
import { MAP_MESSAGES } from '@nj/contracts/map/messages';
import { useTestApp } from '../../testing/test-app.ts';

const t = useTestApp();

/** Tile x/y holding a point at zoom z (XYZ scheme, Web Mercator). */
function tileOf(lng: number, lat: number, z: number): [number, number] {
  const r = (lat * Math.PI) / 180;
  return [
    Math.floor(((lng + 180) / 360) * 2 ** z),
    Math.floor(((1 - Math.log(Math.tan(r) + 1 / Math.cos(r)) / Math.PI) / 2) * 2 ** z),
  ];
}

function decode(body: Buffer): VectorTile {
  return new VectorTile(new PbfReader(body));
}

function names(tile: VectorTile, layer: string): string[] {
  const l = tile.layers[layer];
  if (!l) return [];
  return Array.from({ length: l.length }, (_, i) => String(l.feature(i).properties.name));
}

describe('offline map style (issue 9 §1)', () => {
  it('is a MapLibre v8 style over our own vector tiles and glyphs, with names at the zooms a person expects', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/map/style.json', headers: { host: 'localhost:3000' } });
    expect(res.statusCode).toBe(200);
    const style = res.json();
    expect(style.version).toBe(8);
    expect(style.glyphs).toBe('http://localhost:3000/api/v1/map/fonts/{fontstack}/{range}.pbf');
    expect(Object.keys(style.sources)).toEqual(['base']);
    expect(style.sources.base).toMatchObject({ type: 'vector', tiles: ['http://localhost:3000/api/v1/map/tiles/{z}/{x}/{y}.pbf'], maxzoom: 17 });
    expect(JSON.stringify(style)).not.toContain('.geojson');
    const layer = (id: string) => style.layers.find((l: { id: string }) => l.id === id);
    expect(style.layers[0].id).toBe('background');
    expect(layer('municipalities-line').minzoom).toBe(7);
    expect(layer('colonias-line').minzoom).toBe(12);
    expect(layer('colonias-label').minzoom).toBe(13);
    expect(layer('colonias-area-label')).toMatchObject({ minzoom: 15, 'source-layer': 'colonias' });
    // Streets: lines from zoom 12, names along them from 15, the first (lowest-priority) symbol layer.
    expect(layer('streets-line')).toMatchObject({ minzoom: 12, 'source-layer': 'streets' });
    expect(layer('streets-label')).toMatchObject({ minzoom: 15, 'source-layer': 'streets', layout: { 'symbol-placement': 'line' } });
    expect(style.layers.find((l: { type: string }) => l.type === 'symbol').id).toBe('streets-label');
    expect(style.sources.base.attribution).toContain('OpenStreetMap');
    expect(layer('states-label').maxzoom).toBe(8);
    expect(layer('localities-label').layout['symbol-sort-key']).toEqual(['-', 0, ['get', 'rank']]);
    const fonts = new Set(style.layers.flatMap((l: { layout?: { 'text-font'?: string[] } }) => l.layout?.['text-font'] ?? []));
    for (const font of fonts) {
      const glyphs = await t.app.inject({ method: 'GET', url: `/api/v1/map/fonts/${encodeURIComponent(String(font))}/0-255.pbf` });
      expect(glyphs.statusCode, String(font)).toBe(200);
      expect(glyphs.rawPayload.length).toBeGreaterThan(10_000);
    }
  });
});

/** The `class` of every line of a tile's `streets` layer, and the names of the named ones. */
function streetsOf(tile: VectorTile): { classes: Set<string>; named: string[]; lines: number } {
  const l = tile.layers.streets;
  if (!l) return { classes: new Set(), named: [], lines: 0 };
  const features = Array.from({ length: l.length }, (_, i) => l.feature(i));
  return {
    classes: new Set(features.map((f) => String(f.properties.class))),
    named: features.filter((f) => typeof f.properties.name === 'string' && f.properties.name !== '').map((f) => String(f.properties.name)),
    lines: features.filter((f) => f.type === 2).length,
  };
}

describe('streets in the base tiles (issue 9 §1)', () => {
  it('a zoom-15 tile of Guadalajara has a streets layer of named lines; zoom 12 and 13 only the main roads', async () => {
    const get = async (z: number, lng: number, lat: number) => {
      const [x, y] = tileOf(lng, lat, z);
      const res = await t.app.inject({ method: 'GET', url: `/api/v1/map/tiles/${z}/${x}/${y}.pbf`, headers: { 'accept-encoding': 'identity' } });
      expect(res.statusCode).toBe(200);
      return streetsOf(decode(res.rawPayload));
    };
    // Guadalajara, colonia Independencia (north of the centre).
    const z15 = await get(15, -103.34, 20.72);
    expect(z15.lines).toBeGreaterThan(50);
    expect(z15.named.length).toBeGreaterThan(30);
    expect(z15.classes.has('street')).toBe(true);
    expect(z15.named.some((n) => /^(Calle|Avenida|Calzada) /.test(n))).toBe(true);
    for (const z of [12, 13]) {
      const main = await get(z, -103.34, 20.72);
      expect(main.lines, `zoom ${z}`).toBeGreaterThan(0);
      expect([...main.classes].every((c) => ['highway', 'major', 'minor'].includes(c)), `zoom ${z}`).toBe(true);
    }
    expect((await get(11, -103.34, 20.72)).lines).toBe(0);
    // The historic centre (INEGI street axes, names rebuilt as "Avenida Juárez").
    expect((await get(15, -103.35, 20.675)).named).toContain('Avenida Juárez');
  });
});

describe('GET /api/v1/map/tiles/{z}/{x}/{y}.pbf', () => {
  it('answers a valid vector tile with the outlines and the names of its zoom', async () => {
    const [x, y] = tileOf(-103.35, 20.67, 12);
    const res = await t.app.inject({ method: 'GET', url: `/api/v1/map/tiles/12/${x}/${y}.pbf`, headers: { 'accept-encoding': 'gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.mapbox-vector-tile');
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers['cache-control']).toBe('public, max-age=604800');
    const tile = decode(gunzipSync(res.rawPayload));
    expect(Object.keys(tile.layers).sort()).toEqual(['colonias', 'municipalities', 'places', 'states', 'streets']);
    expect(tile.layers.states!.feature(0).type).toBe(3); // polygon
    expect(tile.layers.states!.extent).toBe(4096);
    expect(names(tile, 'municipalities')).toContain('Guadalajara');
    const places = tile.layers.places!;
    const kinds = new Set(Array.from({ length: places.length }, (_, i) => places.feature(i).properties.kind));
    expect(kinds.has('locality')).toBe(true);
    expect(kinds.has('colonia')).toBe(false); // colonia names start at zoom 13

    const [x13, y13] = tileOf(-103.35, 20.67, 13);
    const closer = await t.app.inject({ method: 'GET', url: `/api/v1/map/tiles/13/${x13}/${y13}.pbf`, headers: { 'accept-encoding': 'identity' } });
    expect(closer.headers['content-encoding']).toBeUndefined();
    const labels = decode(closer.rawPayload).layers.places!;
    expect(Array.from({ length: labels.length }, (_, i) => labels.feature(i).properties.kind)).toContain('colonia');
  });

  it('names only the big cities at national zoom and leaves the municipalities out of those tiles', async () => {
    const [x, y] = tileOf(-103.35, 20.67, 5);
    const res = await t.app.inject({ method: 'GET', url: `/api/v1/map/tiles/5/${x}/${y}.pbf`, headers: { 'accept-encoding': 'gzip' } });
    const tile = decode(gunzipSync(res.rawPayload));
    expect(tile.layers.municipalities).toBeUndefined();
    const localities = names(tile, 'places');
    expect(localities).toContain('Guadalajara');
    expect(localities).toContain('Jalisco');
    expect(localities).not.toContain('Tlajomulco de Zúñiga'); // 30,000+ inhabitants: from zoom 8
    expect(res.rawPayload.length).toBeLessThan(60_000);
  });

  it('answers 204 where the map has nothing, and 304 for an unchanged tile', async () => {
    const empty = await t.app.inject({ method: 'GET', url: '/api/v1/map/tiles/4/0/0.pbf' });
    expect(empty.statusCode).toBe(204);
    expect(empty.rawPayload.length).toBe(0);
    const first = await t.app.inject({ method: 'GET', url: '/api/v1/map/tiles/4/3/6.pbf' });
    expect(first.statusCode).toBe(200);
    const again = await t.app.inject({ method: 'GET', url: '/api/v1/map/tiles/4/3/6.pbf', headers: { 'if-none-match': String(first.headers.etag) } });
    expect(again.statusCode).toBe(304);
  });

  it('refuses an address that is not a tile with 400 and a Spanish msg', async () => {
    for (const path of ['18/0/0.pbf', '4/16/0.pbf', '4/0/16.pbf', '-1/0/0.pbf', '4/1.5/2.pbf', '4/01/2.pbf', '4/1/2.png', '4/1/2', 'a/b/c.pbf', '4/1/99999999999.pbf']) {
      const res = await t.app.inject({ method: 'GET', url: `/api/v1/map/tiles/${path}` });
      expect(res.statusCode, path).toBe(400);
      expect(res.json().msg, path).toBe(MAP_MESSAGES.tileInvalid);
    }
  });
});

describe('GET /api/v1/map/fonts/{fontstack}/{range}.pbf', () => {
  it('serves shipped glyphs, empty ranges for scripts we do not ship, and refuses other fonts and ranges', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/map/fonts/Noto%20Sans%20Medium,Noto%20Sans%20Regular/0-255.pbf' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/x-protobuf');
    expect(res.headers['cache-control']).toMatch(/max-age=\d{7}/);
    const again = await t.app.inject({ method: 'GET', url: '/api/v1/map/fonts/Noto%20Sans%20Medium/0-255.pbf', headers: { 'if-none-match': String(res.headers.etag) } });
    expect(again.statusCode).toBe(304);
    const cjk = await t.app.inject({ method: 'GET', url: '/api/v1/map/fonts/Noto%20Sans%20Regular/19968-20223.pbf' });
    expect(cjk.statusCode).toBe(200);
    expect(cjk.rawPayload.length).toBe(0);
    const font = await t.app.inject({ method: 'GET', url: '/api/v1/map/fonts/Comic%20Sans/0-255.pbf' });
    expect(font.statusCode).toBe(404);
    expect(font.json().msg).toBe(MAP_MESSAGES.fontNotFound);
    for (const range of ['0-256.pbf', '1-256.pbf', '0-255', '65536-65791.pbf', '..%2F..%2Fetc.pbf']) {
      const bad = await t.app.inject({ method: 'GET', url: `/api/v1/map/fonts/Noto%20Sans%20Regular/${range}` });
      expect(bad.statusCode, range).toBe(400);
      expect(bad.json().msg).toBe(MAP_MESSAGES.glyphRangeInvalid);
    }
  });
});

describe('GET /api/v1/map/sprites/{file}', () => {
  it('serves the shipped sprite sheets and refuses other names in Spanish', async () => {
    const json = await t.app.inject({ method: 'GET', url: '/api/v1/map/sprites/light.json' });
    expect(json.statusCode).toBe(200);
    expect(Object.keys(json.json()).length).toBeGreaterThan(10);
    const png = await t.app.inject({ method: 'GET', url: '/api/v1/map/sprites/light@2x.png' });
    expect(png.headers['content-type']).toBe('image/png');
    const other = await t.app.inject({ method: 'GET', url: '/api/v1/map/sprites/..%2F..%2Fpackage.json' });
    expect(other.statusCode).toBe(404);
    expect(other.json().msg).toBe(MAP_MESSAGES.spriteNotFound);
  });
});

describe('GET /api/v1/map/pmtiles/base.pmtiles without MAP_PMTILES_PATH', () => {
  it('says in Spanish that there is no archive', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/map/pmtiles/base.pmtiles', headers: { range: 'bytes=0-16383' } });
    expect(res.statusCode).toBe(404);
    expect(res.json().msg).toBe(MAP_MESSAGES.archiveNotFound);
  });
});
