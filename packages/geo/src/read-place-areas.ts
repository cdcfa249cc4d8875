import type { Database } from '@nj/db';
import { readAreas } from './places-repository.ts';

/** A state or municipality that can be the context of a query; `words` is ' name aliases' with a leading space. */
export type PlaceArea = { id: string; isState: boolean; stateCode: string | null; municipalityCode: string | null; words: string };

const cache = new WeakMap<Database, Promise<PlaceArea[]>>();

/**
 * The states and municipalities (about 2,500, from the shipped INEGI data), read once per database handle and kept:
 * they change only when the shipped places are reloaded, which calls forgetPlaceAreas. Every process reads the same
 * rows, so nothing here depends on running a single process.
 */
export function readPlaceAreas(database: Database): Promise<PlaceArea[]> {
  let areas = cache.get(database);
  if (!areas) {
    areas = readAreas(database.db).then((rows) =>
      rows.map((r) => ({
        id: r.id,
        isState: r.kind === 'region',
        stateCode: r.state_code,
        municipalityCode: r.municipality_code,
        words: ` ${r.name_norm} ${(r.aliases ?? '').replace(/\|/g, ' ')}`,
      })),
    );
    areas.catch(() => cache.delete(database));
    cache.set(database, areas);
  }
  return areas;
}

/** Drops the kept areas of a database handle (after the shipped places were reloaded). */
export function forgetPlaceAreas(database: Database): void {
  cache.delete(database);
}
