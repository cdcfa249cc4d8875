import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { MX_STATES } from '@nj/contracts';
import { parseListingsCsv, type ParsedRow } from '@nj/db/import/import-listings';
import { NORMALISED_COLUMNS, normalizeText, type ListingFacts } from '@nj/db/import/listing-fields';
import { OUT, SHARED_DATA, readCsv, readText, sizeMb, toCsv, writeOut } from './common.ts';
import { PolygonIndex, type Feature } from './geo.ts';

/**
 * Derives data/listings/demo-listings.csv.gz (our normalised layout, facts only) from the Inmuebles24 normalised
 * file and every Properati file in ../shared/data. See data/listings/SOURCE.md for the rules written out.
 */

type MunProps = { cve_geo: string; cve_ent: string; cve_mun: string; nom_mun: string; nom_ent: string };

/** Rough MXN per USD, only to judge whether a price is plausible (never stored). */
const MXN_PER_USD_FOR_CHECKS = 18.5;
const PRICE_BOUNDS = { renta: [1_000, 1_500_000], venta: [150_000, 500_000_000] } as const;

export type DerivedListings = { rows: Record<string, unknown>[]; path: string };

export function deriveListings(): DerivedListings {
  const municipalities = JSON.parse(readFileSync(join(SHARED_DATA, 'mx-boundaries', 'mx_municipios.geojson'), 'utf8')) as {
    features: Feature<MunProps>[];
  };
  const index = new PolygonIndex(municipalities.features);
  const stateByCve = new Map(MX_STATES.map((s) => [s.cve, s.name]));

  // Properati sub-domain slug → SEPOMEX colonia, per alcaldía (../mx-geocoder/cdmx_colonias_desde_anuncios.csv).
  const coloniaBySlug = new Map<string, { name: string; municipality: string }[]>();
  for (const r of readCsv(join(SHARED_DATA, 'mx-geocoder', 'cdmx_colonias_desde_anuncios.csv'))) {
    const list = coloniaBySlug.get(r.properati_subdominio ?? '') ?? [];
    list.push({ name: r.d_asenta ?? '', municipality: r.D_mnpio ?? '' });
    coloniaBySlug.set(r.properati_subdominio ?? '', list);
  }

  const rejected = new Map<string, number>();
  const reject = (reason: string) => rejected.set(reason, (rejected.get(reason) ?? 0) + 1);
  const out: Record<string, unknown>[] = [];
  const seenFacts = new Set<string>();
  const seenProperati = new Set<string>();

  const i24Dir = join(SHARED_DATA, 'listings-inmuebles24-gdl');
  const properatiDir = join(SHARED_DATA, 'listings-properati-mx');
  const files = [
    join(i24Dir, 'listings_inmuebles24_gdl_zap_2025.csv.gz'),
    ...readdirSync(properatiDir).filter((f) => f.startsWith('mexico-city-')).sort().map((f) => join(properatiDir, f)),
    ...readdirSync(properatiDir).filter((f) => /^mexico-real-estate-\d\.csv/.test(f)).sort().map((f) => join(properatiDir, f)),
  ];

  for (const file of files) {
    const fileName = file.split('/').pop()!.replace(/\.gz$/, '');
    const { rows } = parseListingsCsv(readText(file), fileName);
    for (const parsed of rows) {
      if ('reason' in parsed) {
        reject(`parse: ${parsed.reason.replace(/«.*»/, '«…»')}`);
        continue;
      }
      const row = clean(parsed, fileName);
      if (typeof row === 'string') reject(row);
      else out.push(row);
    }
  }

  function clean(parsed: Extract<ParsedRow, { facts: unknown }>, fileName: string): Record<string, unknown> | string {
    const f: ListingFacts = { ...parsed.facts };
    const cells = parsed.cells;
    const mun = index.find(f.lng, f.lat, 0.02);
    if (!mun) return 'coordinates outside Mexico';
    const pipState = stateByCve.get(mun.properties.cve_ent) ?? mun.properties.nom_ent;
    if (f.state && normalizeText(f.state) !== normalizeText(pipState)) return 'coordinates outside the stated state';
    f.state = pipState;
    f.municipality = mun.properties.nom_mun;

    const mxn = f.currency === 'usd' ? f.price * MXN_PER_USD_FOR_CHECKS : f.price;
    const [min, max] = PRICE_BOUNDS[f.opType];
    if (mxn < min || mxn > max) return `absurd price (${f.opType})`;
    if (f.constructionArea !== null && (f.constructionArea < 10 || f.constructionArea > 50_000)) f.constructionArea = null;
    if (f.landArea !== null && (f.landArea < 10 || f.landArea > 5_000_000)) f.landArea = null;
    if (f.rooms !== null && f.rooms > 30) f.rooms = null;
    if (f.bathrooms !== null && f.bathrooms > 30) f.bathrooms = null;
    if (f.halfBathrooms !== null && f.halfBathrooms > 20) f.halfBathrooms = null;
    if (f.parkingSpots !== null && f.parkingSpots > 100) f.parkingSpots = null;
    if (f.maintenanceFee !== null && (f.maintenanceFee <= 0 || f.maintenanceFee > 200_000)) f.maintenanceFee = null;

    if (f.source === 'properati') {
      // colonia from the listing URL's sub-domain (anzures.properati.com.mx), when it names a CDMX colonia of the
      // same alcaldía; the country-first national file names the colonia itself.
      const slug = /^https?:\/\/([^.]+)\./.exec(cells.properati_url ?? '')?.[1];
      const candidates = slug ? (coloniaBySlug.get(slug) ?? []) : [];
      const match = candidates.find((c) => normalizeText(c.municipality) === normalizeText(f.municipality ?? ''));
      if (match) f.colonia = match.name;
      if (f.colonia && normalizeText(f.colonia) === normalizeText(f.municipality ?? '')) f.colonia = null;
      // The same Properati listing appears in the city files and the national samples: same type, point and price.
      const point = `${f.propertyType}|${f.lat.toFixed(4)}|${f.lng.toFixed(4)}`;
      const keys: string[] = [];
      const usd = cells.price_aprox_usd ?? (f.currency === 'usd' ? String(f.price) : undefined);
      const mxnText = cells.price_aprox_local_currency ?? (f.currency === 'mxn' ? String(f.price) : undefined);
      if (usd) keys.push(`${point}|u${Math.round(Number(usd) / 100)}`);
      if (mxnText) keys.push(`${point}|m${Math.round(Number(mxnText) / 1000)}`);
      const national = fileName.startsWith('mexico-real-estate-');
      if (national && keys.some((k) => seenProperati.has(k))) return 'national sample row already in a city file';
      if (!national) for (const k of keys) seenProperati.add(k);
    }

    const record: Record<string, unknown> = {
      source: f.source,
      source_id: f.sourceId,
      op_type: f.opType,
      property_type: f.propertyType,
      price: f.price,
      currency: f.currency,
      maintenance_fee: f.maintenanceFee,
      land_area_m2: f.landArea,
      construction_area_m2: f.constructionArea,
      rooms: f.rooms,
      bathrooms: f.bathrooms,
      half_bathrooms: f.halfBathrooms,
      parking_spots: f.parkingSpots,
      age: f.age,
      amenities: f.amenities.join(';'),
      street: f.street,
      colonia: f.colonia,
      municipality: f.municipality,
      state: f.state,
      lat: f.lat,
      lng: f.lng,
      published_at: f.publishedAt,
    };
    const factsKey = NORMALISED_COLUMNS.filter((c) => c !== 'source_id' && c !== 'published_at').map((c) => record[c]).join('|');
    if (seenFacts.has(factsKey)) return 'exact duplicate';
    seenFacts.add(factsKey);
    return record;
  }

  const path = writeOut(join(OUT, 'listings', 'demo-listings.csv'), toCsv(NORMALISED_COLUMNS, out), true);
  console.log(`listings: ${out.length} rows → ${path} (${sizeMb(path)})`);
  console.log('  rejected:', Object.fromEntries([...rejected].sort((a, b) => b[1] - a[1])));
  const count = (key: (r: Record<string, unknown>) => string) => {
    const m = new Map<string, number>();
    for (const r of out) m.set(key(r), (m.get(key(r)) ?? 0) + 1);
    return Object.fromEntries([...m].sort((a, b) => b[1] - a[1]));
  };
  console.log('  by source/op:', count((r) => `${r.source}/${r.op_type}`));
  console.log('  by type:', count((r) => String(r.property_type)));
  console.log('  by state:', count((r) => String(r.state)));
  console.log('  by currency:', count((r) => String(r.currency)));
  console.log('  with colonia:', out.filter((r) => r.colonia).length);
  return { rows: out, path };
}
