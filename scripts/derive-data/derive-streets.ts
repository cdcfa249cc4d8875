/**
 * One-off derivation of data/streets/streets-gdl.geojson.gz (issue 9 §1: streets on the offline map) from an
 * OpenStreetMap roads shapefile in the Geofabrik layout (columns osm_id, code, fclass, name, …; WGS84), such as
 * `CityScope_CCU/includes/area_estudio/roads_osm.shp` of the CityScope/CSL_Guadalajara repository (see
 * data/streets/SOURCE.md for the exact commit, licence and attribution).
 *
 *   node --import tsx scripts/derive-data/derive-streets.ts <roads.shp>
 *
 * Keeps what the map draws: roads by class (footways, steps, tracks and unnamed service roads dropped), properties
 * `name` and `class` only (class: 'highway' motorway/trunk, 'major' primary/secondary, 'minor' tertiary/unclassified,
 * 'street' residential/living/service/road, 'path' pedestrian or named footway), lines simplified with
 * Douglas–Peucker at 0.00001° (about 1 m) and rounded to 5 decimals. Deterministic: features sorted by OSM id.
 * The shapefile and its .dbf (UTF-8) are read with the small readers below: polylines (type 3) and character
 * fields are all this format needs here.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { OUT, round, sizeMb, writeOut } from './common.ts';

/** Street class the offline style draws, by OSM `fclass`; absent → dropped. */
const CLASS_OF: Record<string, string> = {
  motorway: 'highway', motorway_link: 'highway', trunk: 'highway', trunk_link: 'highway',
  primary: 'major', primary_link: 'major', secondary: 'major', secondary_link: 'major',
  tertiary: 'minor', tertiary_link: 'minor', unclassified: 'minor',
  residential: 'street', living_street: 'street', road: 'street', service: 'street',
  pedestrian: 'path', footway: 'path',
};
/** Classes kept only when the way has a name (an unnamed driveway or footpath only clutters a listing map). */
const NAMED_ONLY = new Set(['service', 'footway']);

type Line = [number, number][];

/** The polylines of a shapefile (shape type 3), one array of parts per record, in file order; null shapes → []. */
export function readPolylines(shp: Buffer): Line[][] {
  const shapes: Line[][] = [];
  let at = 100;
  while (at + 8 <= shp.length) {
    const words = shp.readInt32BE(at + 4);
    const body = at + 8;
    const type = shp.readInt32LE(body);
    const parts: Line[] = [];
    if (type === 3) {
      const numParts = shp.readInt32LE(body + 36);
      const numPoints = shp.readInt32LE(body + 40);
      const starts = Array.from({ length: numParts }, (_, i) => shp.readInt32LE(body + 44 + 4 * i));
      const points = body + 44 + 4 * numParts;
      for (let p = 0; p < numParts; p++) {
        const end = p + 1 < numParts ? starts[p + 1]! : numPoints;
        const line: Line = [];
        for (let i = starts[p]!; i < end; i++) line.push([shp.readDoubleLE(points + 16 * i), shp.readDoubleLE(points + 16 * i + 8)]);
        parts.push(line);
      }
    } else if (type !== 0) {
      throw new Error(`shape type ${type} is not a polyline`);
    }
    shapes.push(parts);
    at = body + words * 2;
  }
  return shapes;
}

/** The records of a dBASE III table as trimmed strings keyed by field name (deleted records kept, flagged `_deleted`). */
export function readDbf(dbf: Buffer): Record<string, string>[] {
  const count = dbf.readUInt32LE(4);
  const headerBytes = dbf.readUInt16LE(8);
  const recordBytes = dbf.readUInt16LE(10);
  const fields: { name: string; length: number }[] = [];
  for (let at = 32; dbf[at] !== 0x0d; at += 32) {
    fields.push({ name: dbf.toString('latin1', at, at + 11).replace(/\0.*$/, ''), length: dbf[at + 16]! });
  }
  const rows: Record<string, string>[] = [];
  for (let r = 0; r < count; r++) {
    let at = headerBytes + r * recordBytes;
    const row: Record<string, string> = { _deleted: dbf[at] === 0x2a ? '1' : '' };
    at += 1;
    for (const f of fields) {
      row[f.name] = dbf.toString('utf8', at, at + f.length).trim();
      at += f.length;
    }
    rows.push(row);
  }
  return rows;
}

/** Douglas–Peucker simplification of a line (tolerance in degrees); keeps both ends. */
export function simplify(line: Line, tolerance: number): Line {
  if (line.length <= 2) return line;
  const keep = new Uint8Array(line.length);
  keep[0] = keep[line.length - 1] = 1;
  const stack: [number, number][] = [[0, line.length - 1]];
  while (stack.length) {
    const [a, b] = stack.pop()!;
    const [ax, ay] = line[a]!;
    const [bx, by] = line[b]!;
    const dx = bx - ax;
    const dy = by - ay;
    const len = Math.hypot(dx, dy);
    let worst = -1;
    let at = -1;
    for (let i = a + 1; i < b; i++) {
      const [px, py] = line[i]!;
      const d = len === 0 ? Math.hypot(px - ax, py - ay) : Math.abs(dy * px - dx * py + bx * ay - by * ax) / len;
      if (d > worst) { worst = d; at = i; }
    }
    if (worst > tolerance) {
      keep[at] = 1;
      stack.push([a, at], [at, b]);
    }
  }
  return line.filter((_, i) => keep[i]);
}

function deriveStreets(shpPath: string): void {
  const shapes = readPolylines(readFileSync(shpPath));
  const rows = readDbf(readFileSync(shpPath.replace(/\.shp$/i, '.dbf')));
  if (shapes.length !== rows.length) throw new Error(`${shapes.length} shapes but ${rows.length} records`);
  const kept: { id: number; feature: unknown }[] = [];
  const counts: Record<string, number> = {};
  rows.forEach((row, i) => {
    const cls = CLASS_OF[row.fclass ?? ''];
    const name = (row.name ?? '').replace(/\s+/g, ' ').trim();
    if (row._deleted || !cls || (NAMED_ONLY.has(row.fclass!) && !name)) return;
    const lines = shapes[i]!
      .map((l) => simplify(l, 0.00001).map(([x, y]) => [round(x, 5), round(y, 5)] as [number, number]))
      .map((l) => l.filter((p, j) => j === 0 || p[0] !== l[j - 1]![0] || p[1] !== l[j - 1]![1]))
      .filter((l) => l.length >= 2);
    if (!lines.length) return;
    const geometry = lines.length === 1 ? { type: 'LineString', coordinates: lines[0] } : { type: 'MultiLineString', coordinates: lines };
    counts[cls] = (counts[cls] ?? 0) + 1;
    kept.push({ id: Number(row.osm_id) || 0, feature: { type: 'Feature', properties: name ? { name, class: cls } : { class: cls }, geometry } });
  });
  kept.sort((a, b) => a.id - b.id);
  const dir = join(OUT, 'streets');
  mkdirSync(dir, { recursive: true });
  const text = `{"type":"FeatureCollection","features":[\n${kept.map((k) => JSON.stringify(k.feature)).join(',\n')}\n]}\n`;
  const file = writeOut(join(dir, 'streets-gdl.geojson'), text, true);
  console.log(`streets: ${kept.length} of ${rows.length} ways (${JSON.stringify(counts)}) → ${file} ${sizeMb(file)}`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === resolve(process.argv[1])) {
  const shp = process.argv[2];
  if (!shp) {
    console.error('Uso: node --import tsx scripts/derive-data/derive-streets.ts <carreteras.shp>');
    process.exit(1);
  }
  deriveStreets(shp);
}
