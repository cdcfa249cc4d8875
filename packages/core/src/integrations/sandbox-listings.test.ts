import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { readBoundaryFile } from '@nj/geo';
import { polygonContains, type Ring } from '@nj/geo/geometry';
import { JITTER_DEG, SANDBOX_PLACES, sandboxListings } from './sandbox-listings.ts';

type Feature = { properties: { name: string; state_name: string }; geometry: { type: string; coordinates: unknown } };

/** The name and state of the INEGI municipality containing a point (degrees), or null outside all. */
function municipalityAt(features: Feature[], lng: number, lat: number): string | null {
  for (const f of features) {
    const polys = (f.geometry.type === 'Polygon' ? [f.geometry.coordinates] : f.geometry.coordinates) as Ring[][];
    if (polys.some((p) => polygonContains(p, lng, lat))) return `${f.properties.name}, ${f.properties.state_name}`;
  }
  return null;
}

describe('sandbox listings', () => {
  const file = readBoundaryFile('municipalities');
  const features = file ? (JSON.parse(gunzipSync(file.gzipped).toString('utf8')) as { features: Feature[] }).features : [];

  it('spread each place over a square inside the municipality it names, so no place page shows another’s listing', () => {
    expect(features.length).toBeGreaterThan(2000);
    const h = JITTER_DEG / 2;
    for (const p of SANDBOX_PLACES) {
      for (const [dx, dy] of [[0, 0], [-h, -h], [-h, h], [h, -h], [h, h], [0, -h], [0, h], [-h, 0], [h, 0]] as const) {
        expect(municipalityAt(features, p.lng + dx, p.lat + dy), `${p.colonia} ${dx},${dy}`).toBe(`${p.municipality}, ${p.state}`);
      }
    }
  });

  it('give every listing of an account a point inside its place’s municipality', () => {
    for (const l of sandboxListings('demo-account', 'EB-')) {
      expect(municipalityAt(features, l.lng, l.lat), l.id).toBe(`${l.place.municipality}, ${l.place.state}`);
    }
  });
});
