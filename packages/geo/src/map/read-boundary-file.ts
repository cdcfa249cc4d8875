import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { SHIPPED_BOUNDARIES_DIR } from '../data-paths.ts';

/** Boundary layers of the offline map style and their shipped files (data/boundaries). */
export const BOUNDARY_LAYERS = {
  states: 'states.geojson',
  municipalities: 'municipalities.geojson',
  colonias: 'colonias-gdl-zap.geojson',
} as const;
export type BoundaryLayer = keyof typeof BOUNDARY_LAYERS;

const cache = new Map<string, { gzipped: Buffer; etag: string } | null>();

/**
 * The gzip-compressed GeoJSON of a boundary layer and its ETag: `data/boundaries/<file>.gz` as shipped, or the
 * plain file compressed once. Kept in memory after the first read (the files are part of the release, identical in
 * every process). Returns null for an unknown layer or a missing file.
 */
export function readBoundaryFile(layer: string, dir: string = SHIPPED_BOUNDARIES_DIR): { gzipped: Buffer; etag: string } | null {
  if (!Object.hasOwn(BOUNDARY_LAYERS, layer)) return null;
  const file = join(dir, BOUNDARY_LAYERS[layer as BoundaryLayer]);
  const key = `${dir}|${layer}`;
  if (cache.has(key)) return cache.get(key)!;
  let gzipped: Buffer | null = null;
  if (existsSync(`${file}.gz`)) gzipped = readFileSync(`${file}.gz`);
  else if (existsSync(file)) gzipped = gzipSync(readFileSync(file), { level: 9 });
  const entry = gzipped ? { gzipped, etag: `"${createHash('sha1').update(gzipped).digest('hex').slice(0, 20)}"` } : null;
  cache.set(key, entry);
  return entry;
}
