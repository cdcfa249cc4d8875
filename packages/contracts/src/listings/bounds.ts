import type { AreaUnit, Currency, PriceBasis, PropertyType } from '../catalogue/vocabularies.ts';
import { LISTING_BOUND_MESSAGES as B } from './messages.ts';

/**
 * Plausibility bounds of a published listing (issue 9 §6 "forms that refuse nonsense"): the limits a real Mexican
 * listing stays within, so a typo (a rent of $12, a sale of $5,000,000,000,000, maintenance above the rent, a house
 * built in 1066) is refused on the step where it was typed, by the same rules in the browser and on the server.
 * Prices are compared in MXN: a USD or EUR price is converted with the exchange rates (ServerConfig.exchangeRates,
 * `USD_MXN_RATE` / `EUR_MXN_RATE`), and a price per m² or per ha is multiplied by the listing's area first.
 * Drafts are not checked (they are half-written on purpose).
 */

/** MXN per unit of a foreign currency (the shape of ServerConfig.exchangeRates). */
export type ExchangeRates = { usd: number; eur: number };

/**
 * The rates the browser form uses to mirror the server's check: the defaults of `USD_MXN_RATE` (18.5) and
 * `EUR_MXN_RATE` (20) (packages/core/src/config/server-config.ts). The server checks again with its configured rates,
 * so a price right at a bound under other rates is answered by the server on publish, on the same field.
 */
export const DEFAULT_EXCHANGE_RATES: ExchangeRates = { usd: 18.5, eur: 20 };

/** A price range in MXN (inclusive). */
export type PriceRange = { min: number; max: number };

/**
 * Price bounds in MXN per operation, with the types that differ: a monthly rent of 500 to 1,000,000 MXN and a sale of
 * 50,000 to 2,000,000,000 MXN; whole buildings and industrial property rent for up to 10,000,000 MXN a month.
 */
export const PRICE_BOUNDS: { rent: PriceRange & { byType: Partial<Record<PropertyType, PriceRange>> }; sale: PriceRange & { byType: Partial<Record<PropertyType, PriceRange>> } } = {
  rent: {
    min: 500,
    max: 1_000_000,
    byType: {
      edificio: { min: 500, max: 10_000_000 },
      nave_industrial: { min: 500, max: 10_000_000 },
      bodega_industrial: { min: 500, max: 10_000_000 },
      terreno_industrial: { min: 500, max: 10_000_000 },
    },
  },
  sale: { min: 50_000, max: 2_000_000_000, byType: {} },
};

/** The MXN range of `side`'s price for a listing of `type`. */
export function priceRange(side: 'rent' | 'sale', type: PropertyType): PriceRange {
  const bounds = PRICE_BOUNDS[side];
  return bounds.byType[type] ?? { min: bounds.min, max: bounds.max };
}

/** Largest built area, m² (above zero: checked by the schema). */
export const MAX_CONSTRUCTION_AREA_M2 = 1_000_000;
/** Largest land area, m² (100,000 ha). */
export const MAX_LAND_AREA_M2 = 1_000_000_000;
/** Earliest construction year accepted; the latest is the current year. */
export const MIN_CONSTRUCTION_YEAR = 1800;

/** MXN per unit of `currency` (mxn → 1). */
export function mxnRate(currency: Currency, rates: ExchangeRates): number {
  return currency === 'usd' ? rates.usd : currency === 'eur' ? rates.eur : 1;
}

/** A land area in m² (`unit` 'ha' → × 10,000); null stays null. */
export function landAreaM2(area: number | null, unit: AreaUnit): number | null {
  return area === null ? null : unit === 'ha' ? area * 10_000 : area;
}

/**
 * The whole price of one side of a listing in MXN: `price` in `currency` converted with `rates`; a price per m² is
 * multiplied by the built area (else the land area in m²), a price per ha by the land area in ha (else the built
 * area in ha). Returns null when the basis needs an area the listing does not give (then only "above zero" applies).
 */
export function totalPriceMxn(
  pricing: { price: number; currency_type: Currency; based_on: PriceBasis },
  areas: { constructionM2: number | null; landM2: number | null },
  rates: ExchangeRates,
): number | null {
  const mxn = pricing.price * mxnRate(pricing.currency_type, rates);
  if (pricing.based_on === 'valor_total') return mxn;
  const m2 = pricing.based_on === 'm2' ? (areas.constructionM2 ?? areas.landM2) : (areas.landM2 ?? areas.constructionM2);
  if (m2 === null || !(m2 > 0)) return null;
  return pricing.based_on === 'm2' ? mxn * m2 : mxn * (m2 / 10_000);
}

/**
 * True when `value` is a construction-year choice: 'building', 'first_use' (spec 01 §3) or a whole year from
 * MIN_CONSTRUCTION_YEAR to `currentYear`, written with four digits.
 */
export function isConstructionYear(value: string, currentYear: number = new Date().getFullYear()): boolean {
  if (value === 'building' || value === 'first_use') return true;
  if (!/^\d{4}$/.test(value)) return false;
  const year = Number(value);
  return year >= MIN_CONSTRUCTION_YEAR && year <= currentYear;
}

/** What the bounds look at: the parsed listing's prices, areas, maintenance and year (null when not given). */
export type BoundsInput = {
  property_type: PropertyType;
  rents: { price: number; currency_type: Currency; based_on: PriceBasis } | null;
  sales: { price: number; currency_type: Currency; based_on: PriceBasis } | null;
  construction_area: number | null;
  land: { area: number | null; unit: AreaUnit } | null;
  monthly_maintenance_fee: number | null;
  construction_year: string | null;
};

/** One refused field: its dot path in ZListingInput and the Spanish message naming the field and the bound. */
export type BoundIssue = { path: string; message: string };

/**
 * Every plausibility bound `v` breaks (empty when none), each with its Spanish message: the rent and sale price
 * within priceRange (in MXN, converted with `rates`), the maintenance fee (MXN a month) below the monthly rent, the
 * built area up to MAX_CONSTRUCTION_AREA_M2 and the land up to MAX_LAND_AREA_M2, the construction year from 1800 to
 * `currentYear`. Only fields that apply to the type are passed in by the schema (others are null).
 */
export function listingBoundIssues(v: BoundsInput, rates: ExchangeRates, currentYear: number = new Date().getFullYear()): BoundIssue[] {
  const issues: BoundIssue[] = [];
  const constructionM2 = v.construction_area;
  const landM2 = landAreaM2(v.land?.area ?? null, v.land?.unit ?? 'm2');
  if (constructionM2 !== null && constructionM2 > MAX_CONSTRUCTION_AREA_M2) {
    issues.push({ path: 'construction_area', message: B.constructionArea(MAX_CONSTRUCTION_AREA_M2) });
  }
  if (landM2 !== null && landM2 > MAX_LAND_AREA_M2) issues.push({ path: 'land.area', message: B.landArea(MAX_LAND_AREA_M2 / 10_000) });
  if (v.construction_year !== null && !isConstructionYear(v.construction_year, currentYear)) {
    issues.push({ path: 'construction_year', message: B.constructionYear(MIN_CONSTRUCTION_YEAR, currentYear) });
  }
  const areas = { constructionM2, landM2 };
  const check = (side: 'rent' | 'sale', pricing: BoundsInput['rents']): number | null => {
    if (!pricing || !(pricing.price > 0)) return null;
    const total = totalPriceMxn(pricing, areas, rates);
    if (total === null) return null;
    const range = priceRange(side, v.property_type);
    if (total < range.min || total > range.max) {
      const converted = pricing.currency_type !== 'mxn' || pricing.based_on !== 'valor_total' ? total : null;
      const path = side === 'rent' ? 'rents.price' : 'sales.price';
      issues.push({ path, message: side === 'rent' ? B.rentPrice(range, converted) : B.salePrice(range, converted) });
      return null;
    }
    return total;
  };
  const rentMxn = check('rent', v.rents);
  check('sale', v.sales);
  if (rentMxn !== null && v.monthly_maintenance_fee !== null && v.monthly_maintenance_fee >= rentMxn) {
    issues.push({ path: 'monthly_maintenance_fee', message: B.maintenanceBelowRent(v.monthly_maintenance_fee, rentMxn) });
    issues.push({ path: 'rents.price', message: B.rentAboveMaintenance(v.monthly_maintenance_fee) });
  }
  return issues;
}
