import { randomBytes } from 'node:crypto';
import type { Database } from '@nj/db';

export type FixturePlace = {
  kind?: string;
  name?: string;
  lat: number;
  lng: number;
  /** A bbox (degrees); all four or none. */
  bounds?: { north: number; south: number; east: number; west: number };
};

/**
 * Inserts places for tests (a colonia of source 'test' unless `kind` says otherwise), each with a random id
 * ('T' + hex) and slug ('colonia-de-prueba-' + hex), name and label 'Colonia de prueba', and a bbox only when given.
 * Returns their ids and slugs in input order. Throws the database's errors.
 */
export async function insertTestPlaces(database: Database, rows: FixturePlace[]): Promise<{ id: string; slug: string }[]> {
  const values = rows.map((r) => {
    const hex = randomBytes(5).toString('hex');
    const name = r.name ?? 'Colonia de prueba';
    return {
      id: `T${hex}`, kind: r.kind ?? 'neighbourhood', name, label: `${name}, Prueba`, slug: `colonia-de-prueba-${hex}`,
      name_norm: name.toLowerCase(), label_norm: `${name.toLowerCase()} prueba`, lat: r.lat, lng: r.lng,
      min_lat: r.bounds?.south ?? null, max_lat: r.bounds?.north ?? null, min_lng: r.bounds?.west ?? null, max_lng: r.bounds?.east ?? null,
      source: 'test',
    };
  });
  if (values.length) await database.db.insertInto('places').values(values).execute();
  return values.map((v) => ({ id: v.id, slug: v.slug }));
}
