/**
 * One-off derivation of data/streets/streets-gdl.geojson.gz (issue 9 §1: streets on the offline map) from
 * 1. an OpenStreetMap roads shapefile in the Geofabrik layout (columns osm_id, code, fclass, name, …; WGS84), such as
 *    `CityScope_CCU/includes/area_estudio/roads_osm.shp` of the CityScope/CSL_Guadalajara repository, and
 * 2. optionally, INEGI street axes (columns CVEGEO, CVEVIAL, NOMVIAL, TIPOVIAL; INEGI's Lambert conformal conic), such
 *    as `Blockchain-based vaccine distribution/Gama/includes/Guadalajara/big/roads.shp` of the same repository, used
 *    only where the OpenStreetMap extract has no streets (a 0.003° grid), names rebuilt as "Calle Perla"
 * (see data/streets/SOURCE.md for the exact commit, licences and attributions).
 *
 *   node --import tsx scripts/derive-data/derive-streets.ts <roads_osm.shp> [<inegi_roads.shp>]
 *
 * Keeps what the map draws: roads by class (footways, steps, tracks and unnamed service roads dropped), properties
 * `name` and `class` only (class: 'highway' motorway/trunk, 'major' primary/secondary, 'minor' tertiary/unclassified,
 * 'street' residential/living/service/road, 'path' pedestrian or named footway), lines simplified with
 * Douglas–Peucker at 0.00001° (about 1 m) and rounded to 5 decimals; pieces of one street (same name and class)
 * that meet end to end are joined into one line, so a name has room to be drawn along it. Deterministic.
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

/** INEGI's street type (TIPOVIAL) → the class the style draws; absent → 'street'. */
const INEGI_CLASS: Record<string, string> = {
  AVENIDA: 'major', CALZADA: 'major', BOULEVARD: 'major', 'PERIFÉRICO': 'highway', CARRETERA: 'highway', AUTOPISTA: 'highway',
  CIRCUITO: 'minor', 'PROLONGACIÓN': 'minor', 'EJE VIAL': 'major', ANDADOR: 'path', PEATONAL: 'path',
};
const LOWER_WORDS = new Set(['de', 'del', 'la', 'las', 'los', 'el', 'y', 'e', 'a', 'al', 'en', 'con', 'sin', 'por']);

/** "DEL FEDERALISMO NORTE" → "del Federalismo Norte" (particles lower case, Roman numerals kept, the rest capitalised). */
export function titleCaseEs(text: string): string {
  return text.toLowerCase().split(/\s+/).filter(Boolean).map((w) => {
    if (LOWER_WORDS.has(w)) return w;
    if (/^[ivxl]+$/.test(w) && w.length <= 4) return w.toUpperCase();
    return w.charAt(0).toUpperCase() + w.slice(1);
  }).join(' ');
}

/** "CALLE" + "PERLA" → "Calle Perla"; NINGUNO (INEGI's "no name") → ''. */
export function inegiStreetName(type: string, name: string): string {
  const n = name.trim();
  if (!n || /^(NINGUNO|SIN NOMBRE|S\/N)$/i.test(n)) return '';
  const full = `${titleCaseEs(type)} ${titleCaseEs(n)}`.trim();
  return full.charAt(0).toUpperCase() + full.slice(1);
}

/** Parameters of a Lambert conformal conic (2SP) projection read from an ESRI .prj. */
type Lcc = { a: number; f: number; lon0: number; lat0: number; lat1: number; lat2: number; fe: number; fn: number };

export function readLcc(prj: string): Lcc {
  const num = (re: RegExp) => {
    const m = re.exec(prj);
    if (!m) throw new Error(`falta ${re} en el .prj`);
    return Number(m[1]);
  };
  const sph = /SPHEROID\["[^"]*",([\d.]+),([\d.]+)\]/.exec(prj);
  if (!sph || !/Lambert_Conformal_Conic/.test(prj)) throw new Error('el .prj no es Lambert conforme cónica');
  return {
    a: Number(sph[1]), f: 1 / Number(sph[2]),
    lon0: num(/"Central_Meridian",(-?[\d.]+)/), lat0: num(/"Latitude_Of_Origin",(-?[\d.]+)/),
    lat1: num(/"Standard_Parallel_1",(-?[\d.]+)/), lat2: num(/"Standard_Parallel_2",(-?[\d.]+)/),
    fe: num(/"False_Easting",(-?[\d.]+)/), fn: num(/"False_Northing",(-?[\d.]+)/),
  };
}

/**
 * Inverse Lambert conformal conic, ellipsoidal (Snyder, "Map Projections: A Working Manual", eq. 15-1…15-11, 7-9):
 * metres → [lng, lat] in degrees on the projection's own datum (ITRF92 here, within a metre of WGS84).
 */
export function lccInverse(p: Lcc, x: number, y: number): [number, number] {
  const rad = Math.PI / 180;
  const e = Math.sqrt(p.f * (2 - p.f));
  const m = (phi: number) => Math.cos(phi) / Math.sqrt(1 - (e * Math.sin(phi)) ** 2);
  const t = (phi: number) => Math.tan(Math.PI / 4 - phi / 2) / ((1 - e * Math.sin(phi)) / (1 + e * Math.sin(phi))) ** (e / 2);
  const [p0, p1, p2] = [p.lat0 * rad, p.lat1 * rad, p.lat2 * rad];
  const n = (Math.log(m(p1)) - Math.log(m(p2))) / (Math.log(t(p1)) - Math.log(t(p2)));
  const F = m(p1) / (n * t(p1) ** n);
  const rho0 = p.a * F * t(p0) ** n;
  const dx = x - p.fe;
  const dy = rho0 - (y - p.fn);
  const rho = Math.sign(n) * Math.hypot(dx, dy);
  const theta = Math.atan2(Math.sign(n) * dx, Math.sign(n) * dy);
  const tt = (rho / (p.a * F)) ** (1 / n);
  let phi = Math.PI / 2 - 2 * Math.atan(tt);
  for (let i = 0; i < 15; i++) {
    const next = Math.PI / 2 - 2 * Math.atan(tt * ((1 - e * Math.sin(phi)) / (1 + e * Math.sin(phi))) ** (e / 2));
    if (Math.abs(next - phi) < 1e-12) { phi = next; break; }
    phi = next;
  }
  return [theta / n / rad + p.lon0, phi / rad];
}

type Street = { name: string; cls: string; lines: Line[] };

/** Simplified, rounded, repeated points dropped; lines left with fewer than two points dropped. */
function tidy(lines: Line[]): Line[] {
  return lines
    .map((l) => simplify(l, 0.00001).map(([x, y]) => [round(x, 5), round(y, 5)] as [number, number]))
    .map((l) => l.filter((p, j) => j === 0 || p[0] !== l[j - 1]![0] || p[1] !== l[j - 1]![1]))
    .filter((l) => l.length >= 2);
}

/**
 * Joins the pieces of each named street (same name and class) that meet end to end into longer lines: a street cut
 * at every block has no piece long enough for its name at zoom 15. Unnamed pieces are kept as they are.
 */
export function joinStreets(streets: Street[]): Street[] {
  const out: Street[] = [];
  const groups = new Map<string, Line[]>();
  for (const s of streets) {
    if (!s.name) { out.push(s); continue; }
    const key = `${s.name}\u0000${s.cls}`;
    groups.set(key, [...(groups.get(key) ?? []), ...s.lines]);
  }
  const pt = (p: [number, number]) => `${p[0]},${p[1]}`;
  for (const [key, lines] of groups) {
    const [name, cls] = key.split('\u0000') as [string, string];
    const used = new Uint8Array(lines.length);
    const byEnd = new Map<string, number[]>();
    lines.forEach((l, i) => {
      for (const p of [pt(l[0]!), pt(l[l.length - 1]!)]) byEnd.set(p, [...(byEnd.get(p) ?? []), i]);
    });
    const take = (at: string): Line | null => {
      for (const j of byEnd.get(at) ?? []) {
        if (used[j]) continue;
        used[j] = 1;
        const l = lines[j]!;
        return pt(l[0]!) === at ? l : [...l].reverse();
      }
      return null;
    };
    const merged: Line[] = [];
    lines.forEach((l, i) => {
      if (used[i]) return;
      used[i] = 1;
      let line = [...l];
      for (let next = take(pt(line[line.length - 1]!)); next; next = take(pt(line[line.length - 1]!))) line = line.concat(next.slice(1));
      for (let prev = take(pt(line[0]!)); prev; prev = take(pt(line[0]!))) line = [...prev].reverse().concat(line.slice(1));
      merged.push(line);
    });
    out.push({ name, cls, lines: merged });
  }
  return out;
}

/** The OpenStreetMap ways of a Geofabrik-layout roads shapefile, by class, in OSM id order. */
function readOsmStreets(shpPath: string, counts: Record<string, number>): Street[] {
  const shapes = readPolylines(readFileSync(shpPath));
  const rows = readDbf(readFileSync(shpPath.replace(/\.shp$/i, '.dbf')));
  if (shapes.length !== rows.length) throw new Error(`${shapes.length} shapes but ${rows.length} records`);
  const kept: { id: number; street: Street }[] = [];
  rows.forEach((row, i) => {
    const cls = CLASS_OF[row.fclass ?? ''];
    const name = (row.name ?? '').replace(/\s+/g, ' ').trim();
    if (row._deleted || !cls || (NAMED_ONLY.has(row.fclass!) && !name)) return;
    const lines = tidy(shapes[i]!);
    if (!lines.length) return;
    counts[`osm ${cls}`] = (counts[`osm ${cls}`] ?? 0) + 1;
    kept.push({ id: Number(row.osm_id) || 0, street: { name, cls, lines } });
  });
  return kept.sort((a, b) => a.id - b.id).map((k) => k.street);
}

/** The INEGI street axes of a shapefile in its Lambert projection, except where `covered` (a grid cell) says OSM has streets. */
function readInegiStreets(shpPath: string, covered: (lng: number, lat: number) => boolean, counts: Record<string, number>): Street[] {
  const lcc = readLcc(readFileSync(shpPath.replace(/\.shp$/i, '.prj'), 'latin1'));
  const shapes = readPolylines(readFileSync(shpPath));
  const rows = readDbf(readFileSync(shpPath.replace(/\.shp$/i, '.dbf')));
  if (shapes.length !== rows.length) throw new Error(`${shapes.length} shapes but ${rows.length} records`);
  const kept: { key: string; street: Street }[] = [];
  rows.forEach((row, i) => {
    if (row._deleted) return;
    const lines = tidy(shapes[i]!.map((l) => l.map(([x, y]) => lccInverse(lcc, x, y))));
    if (!lines.length) return;
    const mid = lines[0]![Math.floor(lines[0]!.length / 2)]!;
    if (covered(mid[0], mid[1])) { counts['inegi skipped (OSM there)'] = (counts['inegi skipped (OSM there)'] ?? 0) + 1; return; }
    const cls = INEGI_CLASS[row.TIPOVIAL ?? ''] ?? 'street';
    counts[`inegi ${cls}`] = (counts[`inegi ${cls}`] ?? 0) + 1;
    kept.push({ key: `${row.CVEGEO}-${row.CVEVIAL}-${row.OID}-${i}`, street: { name: inegiStreetName(row.TIPOVIAL ?? '', row.NOMVIAL ?? ''), cls, lines } });
  });
  return kept.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0)).map((k) => k.street);
}

const GRID = 0.003;

function deriveStreets(osmShp: string, inegiShp?: string): void {
  const counts: Record<string, number> = {};
  const osm = readOsmStreets(osmShp, counts);
  const cells = new Set<string>();
  const cell = (lng: number, lat: number) => `${Math.floor(lng / GRID)},${Math.floor(lat / GRID)}`;
  for (const s of osm) for (const l of s.lines) for (const [x, y] of l) cells.add(cell(x, y));
  const inegi = inegiShp ? readInegiStreets(inegiShp, (x, y) => cells.has(cell(x, y)), counts) : [];
  const streets = joinStreets([...osm, ...inegi]);
  const features = streets.map((s) => ({
    type: 'Feature',
    properties: s.name ? { name: s.name, class: s.cls } : { class: s.cls },
    geometry: s.lines.length === 1 ? { type: 'LineString', coordinates: s.lines[0] } : { type: 'MultiLineString', coordinates: s.lines },
  }));
  const dir = join(OUT, 'streets');
  mkdirSync(dir, { recursive: true });
  const text = `{"type":"FeatureCollection","features":[\n${features.map((f) => JSON.stringify(f)).join(',\n')}\n]}\n`;
  const file = writeOut(join(dir, 'streets-gdl.geojson'), text, true);
  console.log(`streets: ${features.length} features (${JSON.stringify(counts)}) → ${file} ${sizeMb(file)}`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === resolve(process.argv[1])) {
  const shp = process.argv[2];
  if (!shp) {
    console.error('Uso: node --import tsx scripts/derive-data/derive-streets.ts <carreteras.shp>');
    process.exit(1);
  }
  deriveStreets(shp, process.argv[3]);
}
