import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { MX_STATES } from '@nj/contracts';
import { sectionBase } from '@nj/geo/colonia-sections';
import { normalizePlaceText } from '@nj/geo/normalize-place-text';
import { OUT, SHARED_DATA, readCsv, round, sizeMb, toCsv, writeOut } from './common.ts';
import { bboxOf, type BBox, type Feature } from './geo.ts';

/**
 * Derives data/places/*.csv from the INEGI-based files of ../shared/data (never from SEPOMEX, which may not be
 * redistributed): states, municipalities, localities of 1,000+ inhabitants, the Guadalajara/Zapopan colonias and the
 * Mexico City and Monterrey-metro colonias (issue 9 §2).
 */
export function derivePlaces(): void {
  const stateName = new Map(MX_STATES.map((s) => [s.cve, s.name]));
  const long = (cve: string | undefined, fallback: string | undefined) => stateName.get(cve ?? '') ?? fallback ?? '';

  const states = readCsv(join(SHARED_DATA, 'mx-boundaries', 'mx_estados_centroides.csv')).map((r) => ({
    cve_ent: r.cve_ent, name: long(r.cve_ent, r.nom_ent), lat: r.lat, lng: r.lon,
    min_lng: r.min_lon, min_lat: r.min_lat, max_lng: r.max_lon, max_lat: r.max_lat,
  }));
  report(writeOut(join(OUT, 'places', 'states.csv'), toCsv(['cve_ent', 'name', 'lat', 'lng', 'min_lng', 'min_lat', 'max_lng', 'max_lat'], states)), states.length);

  const bboxByMun = new Map(readCsv(join(SHARED_DATA, 'mx-boundaries', 'mx_municipios_centroides.csv')).map((r) => [r.cve_geo, r]));
  const municipalities = readCsv(join(SHARED_DATA, 'mx-geocoder', 'inegi_municipios.csv')).map((r) => {
    const b = bboxByMun.get(r.cve_geo ?? '');
    const seat = r.cabecera_lat && r.cabecera_lon;
    return {
      cve_geo: r.cve_geo, cve_ent: r.cve_ent, cve_mun: r.cve_mun, name: r.nom_mun, state_name: long(r.cve_ent, r.nom_ent),
      lat: seat ? r.cabecera_lat : r.centroide_lat, lng: seat ? r.cabecera_lon : r.centroide_lon,
      min_lng: b?.min_lon, min_lat: b?.min_lat, max_lng: b?.max_lon, max_lat: b?.max_lat, population: r.pob_total_2020,
    };
  });
  report(
    writeOut(join(OUT, 'places', 'municipalities.csv'), toCsv(
      ['cve_geo', 'cve_ent', 'cve_mun', 'name', 'state_name', 'lat', 'lng', 'min_lng', 'min_lat', 'max_lng', 'max_lat', 'population'],
      municipalities,
    )),
    municipalities.length,
  );

  // INEGI's locality file drops accents from many names ('Cancun', 'Leon de los Aldama') and the accented capital
  // from some ('alvaro Obregon'): names are tidied with the accent dictionary, municipalities named as in their file.
  const accents = accentDictionary();
  const municipalityName = new Map(municipalities.map((m) => [m.cve_geo, m.name]));
  const localities = readCsv(join(SHARED_DATA, 'mx-geocoder', 'inegi_localidades_1000mas.csv')).map((r) => ({
    cvegeo: r.cvegeo, cve_ent: r.cve_ent, cve_mun: r.cve_mun, name: tidyColoniaName(r.nom_loc ?? '', accents),
    municipality_name: municipalityName.get(`${r.cve_ent}${r.cve_mun}`) ?? r.nom_mun,
    state_name: long(r.cve_ent, r.nom_ent), lat: r.lat, lng: r.lon, population: r.pob_total_2020,
  }));
  report(
    writeOut(join(OUT, 'places', 'localities.csv'), toCsv(
      ['cvegeo', 'cve_ent', 'cve_mun', 'name', 'municipality_name', 'state_name', 'lat', 'lng', 'population'],
      localities,
    )),
    localities.length,
  );

  type ColProps = { cve_geo: string; geocol: string; colonia: string; tipo: string; cp: string; municipio: string };
  const geo = JSON.parse(readFileSync(join(SHARED_DATA, 'mx-geocoder', 'colonias_gdl_zap.geojson'), 'utf8')) as { features: Feature<ColProps>[] };
  const bboxByCol = new Map(geo.features.map((f) => [`${f.properties.cve_geo}-${f.properties.geocol}`, bboxOf(f.geometry)]));
  const colonias = readCsv(join(SHARED_DATA, 'mx-geocoder', 'colonias_gdl_zap_centroides.csv')).map((r) => {
    const b = bboxByCol.get(`${r.cve_geo_mun}-${r.geocol}`);
    return {
      id: coloniaId(r.cve_geo_mun ?? '', r.geocol ?? ''), name: r.colonia, tipo: r.tipo, cp: r.cp, cve_geo: r.cve_geo_mun,
      municipality_name: r.municipio, state_name: 'Jalisco', lat: r.lat, lng: r.lon,
      min_lng: b && round(b[0], 6), min_lat: b && round(b[1], 6), max_lng: b && round(b[2], 6), max_lat: b && round(b[3], 6),
    };
  });
  report(
    writeOut(join(OUT, 'places', 'colonias-gdl-zap.csv'), toCsv(
      ['id', 'name', 'tipo', 'cp', 'cve_geo', 'municipality_name', 'state_name', 'lat', 'lng', 'min_lng', 'min_lat', 'max_lng', 'max_lat'],
      colonias,
    )),
    colonias.length,
  );

  const metro = deriveColoniasCdmxMty(accents);
  report(writeOut(join(OUT, 'places', 'colonias-cdmx-mty.csv'), toCsv(COLONIA_COLUMNS, metro)), metro.length);
}

const COLONIA_COLUMNS = [
  'id', 'name', 'tipo', 'cp', 'cve_geo', 'municipality_name', 'state_name', 'lat', 'lng', 'min_lng', 'min_lat',
  'max_lng', 'max_lat', 'aliases',
] as const;
type ColoniaRow = Record<(typeof COLONIA_COLUMNS)[number], string | number | null | undefined>;

/**
 * The colonias of Mexico City (CDMX *Catálogo de colonias*, CC BY 4.0) and of the Monterrey metro (CONAPO 2020) from
 * ../shared/data/mx-colonias-cdmx-mty: ids 'cve_geo-NNNN' (CDMX, in file order per alcaldía) and 'cve_geo-Mnnnn'
 * (MTY, CONAPO's cve_col), names tidied (tidyColoniaName), the polygon's inside point and bbox, C.P. (MTY only),
 * the other spellings of the CDMX prosecutor's data as normalised aliases. Plus one 'Zona' row per group of
 * numbered sections without a colonia of the group's name in the same municipality ('Polanco' over 'Polanco I
 * Sección' … 'V Sección'): bbox of the sections, point of the section nearest their middle, id 'cve_geo-S-slug'.
 */
function deriveColoniasCdmxMty(accents: Map<string, string>): ColoniaRow[] {
  const dir = join(SHARED_DATA, 'mx-colonias-cdmx-mty');
  type CdmxProps = { cve_geo: string; alcaldia: string; colonia: string; otros_nombres: string | null };
  type MtyProps = { cve_geo: string; municipio: string; cve_col: string; colonia: string; tipo: string | null; cp: string };
  const cdmx = JSON.parse(readFileSync(join(dir, 'colonias_cdmx.geojson'), 'utf8')) as { features: Feature<CdmxProps>[] };
  const mty = JSON.parse(readFileSync(join(dir, 'colonias_mty.geojson'), 'utf8')) as { features: Feature<MtyProps>[] };
  const cdmxPoints = readCsv(join(dir, 'colonias_cdmx_centroides.csv'));
  const mtyPoints = new Map(readCsv(join(dir, 'colonias_mty_centroides.csv')).map((r) => [r.cve_col, r]));
  const rows: ColoniaRow[] = [];
  const box = (b: BBox) => ({ min_lng: round(b[0], 6), min_lat: round(b[1], 6), max_lng: round(b[2], 6), max_lat: round(b[3], 6) });

  const perAlcaldia = new Map<string, number>();
  cdmx.features.forEach((f, i) => {
    const p = f.properties;
    const point = cdmxPoints[i];
    // The inside points are in the polygons' order; a mismatch means the source changed shape.
    if (!point || point.colonia !== p.colonia || point.cve_geo !== p.cve_geo) throw new Error(`colonias_cdmx: point ${i} does not match its polygon`);
    const n = (perAlcaldia.get(p.cve_geo) ?? 0) + 1;
    perAlcaldia.set(p.cve_geo, n);
    const name = tidyColoniaName(p.colonia, accents);
    const nameNorm = normalizePlaceText(name);
    const aliases = [...new Set((p.otros_nombres ?? '').split('|').map(normalizePlaceText))].filter((a) => a && a !== nameNorm);
    rows.push({
      id: `${p.cve_geo}-${String(n).padStart(4, '0')}`, name, tipo: 'Colonia', cp: null, cve_geo: p.cve_geo,
      municipality_name: p.alcaldia, state_name: 'Ciudad de México', lat: point.lat, lng: point.lon, ...box(bboxOf(f.geometry)),
      aliases: aliases.join('|') || null,
    });
  });
  for (const f of mty.features) {
    const p = f.properties;
    const point = mtyPoints.get(p.cve_col);
    if (!point || normalizePlaceText(p.colonia) === 'sin nombre') continue;
    rows.push({
      id: `${p.cve_geo}-M${p.cve_col.split('_')[1] ?? p.cve_col}`, name: tidyColoniaName(p.colonia, accents), tipo: p.tipo ?? 'Colonia',
      cp: p.cp, cve_geo: p.cve_geo, municipality_name: p.municipio, state_name: 'Nuevo León', lat: point.lat, lng: point.lon,
      ...box(bboxOf(f.geometry)), aliases: null,
    });
  }
  return [...rows, ...sectionGroups(rows)];
}

/** One 'Zona' row per group of 2+ numbered sections of one municipality whose whole has no colonia of its own. */
function sectionGroups(rows: ColoniaRow[]): ColoniaRow[] {
  const names = new Set(rows.map((r) => `${r.cve_geo}|${normalizePlaceText(String(r.name))}`));
  const groups = new Map<string, ColoniaRow[]>();
  for (const r of rows) {
    const base = sectionBase(normalizePlaceText(String(r.name)));
    if (!base || names.has(`${r.cve_geo}|${base}`)) continue;
    const key = `${r.cve_geo}|${base}`;
    groups.set(key, [...(groups.get(key) ?? []), r]);
  }
  const out: ColoniaRow[] = [];
  for (const [key, sections] of groups) {
    if (sections.length < 2) continue;
    const base = key.split('|')[1]!;
    const first = sections[0]!;
    // The base as written in the first section's name: its first words, as many as the base has.
    const name = String(first.name).split(' ').slice(0, base.split(' ').length).join(' ');
    const n = (c: keyof ColoniaRow) => sections.map((s) => Number(s[c]));
    const b = { min_lng: Math.min(...n('min_lng')), min_lat: Math.min(...n('min_lat')), max_lng: Math.max(...n('max_lng')), max_lat: Math.max(...n('max_lat')) };
    const mid = [(b.min_lat + b.max_lat) / 2, (b.min_lng + b.max_lng) / 2];
    const near = [...sections].sort((x, y) => dist(x, mid) - dist(y, mid))[0]!;
    const cps = new Set(sections.map((s) => s.cp).filter((c) => c));
    out.push({
      id: `${first.cve_geo}-S-${base.replace(/ /g, '-')}`, name, tipo: 'Zona', cp: cps.size === 1 ? [...cps][0] : null,
      cve_geo: first.cve_geo, municipality_name: first.municipality_name, state_name: first.state_name, lat: near.lat,
      lng: near.lng, ...b, aliases: null,
    });
  }
  return out;
}

function dist(r: ColoniaRow, [lat, lng]: number[]): number {
  return Math.hypot(Number(r.lat) - lat!, Number(r.lng) - lng!);
}

const LOWER_WORDS = new Set(['de', 'del', 'la', 'las', 'los', 'el', 'y', 'en', 'al']);
/** The accented capital a source dropped to its bare lower-case vowel ('alvaro' was 'Álvaro'). */
const ACUTE_CAPITAL: Record<string, string> = { a: 'Á', e: 'É', i: 'Í', o: 'Ó', u: 'Ú' };
const ORDINAL = /^(\d+)(er|ra|do|da|ro|to|ta|o|a)$/i;

/**
 * A catalogue name as people write it: 'Polanco Ii Seccion' → 'Polanco II Sección', 'San Juan De Aragon' → 'San
 * Juan de Aragón', 'Andalucia 1Er Sector' → 'Andalucía 1er Sector'; accents from `accents` (normalised word →
 * accented spelling), roman numerals in capitals, articles and prepositions in lower case after the first word
 * (not one that opens a parenthesis: 'Rancho (El Alto)'). A word of 3+ letters other than those that starts with a lower-case vowel lost its accented capital in the source
 * ('alvaro Obregon' → 'Álvaro Obregón', 'Los angeles' → 'Los Ángeles').
 */
export function tidyColoniaName(raw: string, accents: Map<string, string>): string {
  const words = raw.replace(/Secci[ëe]n/g, 'Seccion').replace(/\s+/g, ' ').trim().split(' ');
  return words.map((word, i) => word.split('-').map((part) => {
    const key = normalizePlaceText(part);
    if (/^[ivx]+$/i.test(part) && (key.length > 1 || /^[IVX]$/.test(part))) return part.toUpperCase();
    const ord = ORDINAL.exec(part);
    if (ord) return `${ord[1]}${ord[2]!.toLowerCase()}`;
    if (i > 0 && !word.includes('-') && LOWER_WORDS.has(key) && /^[a-z]+$/i.test(part)) return key;
    const lost = /^[aeiou][a-zñ]{2,}\b/.test(part) && !LOWER_WORDS.has(key) ? ACUTE_CAPITAL[part[0]!] : undefined;
    if (lost) return lost + (key === part.toLowerCase() ? (accents.get(key) ?? part) : part).slice(1);
    const accented = accents.get(key);
    if (!accented || key !== part.toLowerCase()) return part;
    return part[0] === part[0]!.toUpperCase() ? accented[0]!.toUpperCase() + accented.slice(1) : accented;
  }).join('-')).join(' ');
}

/**
 * Normalised word → its accented spelling, from names written with accents in the shipped INEGI places, the
 * Guadalajara/Zapopan colonias, the demo listings' colonias, streets and municipalities and the CDMX prosecutor's
 * spellings: the most frequent accented spelling of a word seen accented at least twice ('seccion' → 'sección',
 * 'aragon' → 'aragón'). Unaccented spellings do not count against it: those sources often drop accents.
 */
function accentDictionary(): Map<string, string> {
  const counts = new Map<string, Map<string, number>>();
  const add = (text: string | null | undefined) => {
    for (const word of (text ?? '').toLowerCase().split(/[^a-záéíóúüñ]+/)) {
      if (word.length < 3 || !/[áéíóúüñ]/.test(word)) continue;
      const key = normalizePlaceText(word);
      const m = counts.get(key) ?? new Map<string, number>();
      m.set(word, (m.get(word) ?? 0) + 1);
      counts.set(key, m);
    }
  };
  for (const f of ['municipalities.csv', 'colonias-gdl-zap.csv']) for (const r of readCsv(join(OUT, 'places', f))) add(r.name);
  // The locality names as INEGI wrote them (not our tidied ones: the dictionary must not feed on its own output).
  for (const r of readCsv(join(SHARED_DATA, 'mx-geocoder', 'inegi_localidades_1000mas.csv'))) add(r.nom_loc);
  for (const r of readCsv(join(OUT, 'listings', 'demo-listings.csv.gz'))) { add(r.colonia); add(r.street); add(r.municipality); }
  // Properati's place names ('|México|Quintana Roo|Benito Juárez|Cancún|').
  for (const f of ['mexico-real-estate-1.csv', 'mexico-real-estate-2.csv', 'mexico-real-estate-3.csv']) {
    for (const r of readCsv(join(SHARED_DATA, 'listings-properati-mx', f))) add(r.place_with_parent_names);
  }
  type CdmxProps = { otros_nombres: string | null };
  const cdmx = JSON.parse(readFileSync(join(SHARED_DATA, 'mx-colonias-cdmx-mty', 'colonias_cdmx.geojson'), 'utf8')) as { features: Feature<CdmxProps>[] };
  for (const f of cdmx.features) add(f.properties.otros_nombres);
  const out = new Map<string, string>();
  for (const [key, m] of counts) {
    const [best, n] = [...m.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0]!;
    if (n >= 2) out.set(key, best);
  }
  // Words no source above writes accented twice, yet every Mexican reader expects accented.
  for (const w of ['sección', 'ampliación', 'nápoles']) out.set(normalizePlaceText(w), w);
  // Words some sources accent and the norm does not ('Ruiz', 'Sauz').
  for (const w of ['ruiz', 'sauz']) out.delete(w);
  return out;
}

/** A colonia's id: its municipality code and its INEGI-style geocol, '14039-039001'. */
export function coloniaId(cveGeo: string, geocol: string): string {
  return `${cveGeo}-${geocol}`;
}

function report(path: string, rows: number): void {
  console.log(`places: ${rows} rows → ${path} (${sizeMb(path)})`);
}
