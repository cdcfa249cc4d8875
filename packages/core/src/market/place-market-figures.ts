import type { Database } from '@nj/db';
import type { TMarketFigures, TPriceComparison } from '@nj/contracts/market/schemas';
import type { PropertyType } from '@nj/contracts/catalogue/vocabularies';
import { toMxn, type ExchangeRates } from '../properties/exchange-rates.ts';
import { marketRepository, LAND_TYPES, type MarketPlaceKey } from './market-repository.ts';
import { MARKET_MIN_SAMPLE, MARKET_MONTHS, marketMonth } from './market-constants.ts';

/** A place as the market figures know it: a colonia of a municipality, or a municipality. */
export type MarketPlace = { colonia?: string | null; municipality: string; label: string };

async function keyOf(database: Database, place: MarketPlace): Promise<MarketPlaceKey | null> {
  const [col, mun] = await marketRepository.normalize(database.db, [place.colonia ?? '', place.municipality]);
  if (!mun) return null;
  return col ? { kind: 'colonia', key: `${col}|${mun}` } : { kind: 'municipality', key: mun };
}

/**
 * A place page's market figures (issue 17): the last 12 monthly snapshots of the colonia or municipality, one series
 * per operation and type, each point with the active listings and the median MXN per m² — null where the sample is
 * under MARKET_MIN_SAMPLE (the page then says 'Datos insuficientes'). Null when the place has no snapshot at all.
 */
export async function placeMarketFigures(database: Database, place: MarketPlace, now = new Date()): Promise<TMarketFigures | null> {
  const key = await keyOf(database, place);
  if (!key) return null;
  const rows = await marketRepository.snapshots(database.db, key);
  if (rows.length === 0) return null;
  const first = new Date(`${marketMonth(now)}T12:00:00Z`);
  first.setUTCMonth(first.getUTCMonth() - (MARKET_MONTHS - 1));
  const from = first.toISOString().slice(0, 7);
  const series = new Map<string, TMarketFigures['series'][number]>();
  for (const r of rows) {
    if (r.month < from) continue;
    const id = `${r.operation}|${r.property_type}`;
    const s = series.get(id) ?? { operation: r.operation, property_type: r.property_type, points: [] };
    s.points.push({ month: r.month, listings: r.listings, sample: r.sample, median_mxn_m2: r.sample >= MARKET_MIN_SAMPLE && r.median_mxn_m2 !== null ? Math.round(r.median_mxn_m2) : null });
    series.set(id, s);
  }
  return { place: place.label, min_sample: MARKET_MIN_SAMPLE, focus: 'all', series: [...series.values()] };
}

/**
 * A listing's price per m² against the latest median of its colonia for the same operation and type (issue 17:
 * 'El precio por m² de este departamento está 12 % por debajo de la mediana de Providencia'): null when the listing
 * lacks a price or area, or the sample is under MARKET_MIN_SAMPLE. Percent rounded to a whole number, negative below.
 */
export async function compareListingPrice(database: Database, listing: {
  property_type: PropertyType; operation: 'rent' | 'sale'; price: number; currency: string;
  construction_area: number | null; land_area: number | null; land_unit: string;
  colonia: string | null; municipality: string | null;
}, rates: ExchangeRates): Promise<TPriceComparison | null> {
  if (!listing.colonia || !listing.municipality) return null;
  const area = LAND_TYPES.includes(listing.property_type)
    ? (listing.land_area ?? 0) * (listing.land_unit === 'ha' ? 10_000 : 1)
    : (listing.construction_area ?? 0);
  if (!(area > 0) || !(listing.price > 0)) return null;
  const key = await keyOf(database, { colonia: listing.colonia, municipality: listing.municipality, label: listing.colonia });
  if (!key) return null;
  const rows = (await marketRepository.snapshots(database.db, key))
    .filter((r) => r.operation === listing.operation && r.property_type === listing.property_type);
  const last = rows[rows.length - 1];
  if (!last || last.sample < MARKET_MIN_SAMPLE || !last.median_mxn_m2) return null;
  const own = toMxn(listing.price, listing.currency, rates) / area;
  return {
    place: listing.colonia,
    percent: Math.round((100 * (own - last.median_mxn_m2)) / last.median_mxn_m2),
    median_mxn_m2: Math.round(last.median_mxn_m2),
    listing_mxn_m2: Math.round(own),
    sample: last.sample,
  };
}
