import { DEFAULT_EXCHANGE_RATES, IMPORT_MESSAGES as M, LISTING_BOUND_MESSAGES, listingBoundIssues, type ExchangeRates } from '@nj/contracts';
import type { ListingFacts } from './listing-fields.ts';
import { constructionYear } from './listing-identity.ts';

/**
 * Counts an imported listing may hold (issue 10 "Plausibility"): beyond these a value is a typo or a column read
 * wrongly (a price in the rooms column), not a home. Prices, areas, maintenance and the construction year use the
 * same bounds as the publishing form (packages/contracts/src/listings/bounds.ts, issue 9 §6).
 */
export const IMPORT_COUNT_BOUNDS = { rooms: 50, bathrooms: 30, halfBathrooms: 20, parkingSpots: 200 } as const;
/** Smallest built or land area an import accepts, m² (a "1 m²" house is a unit typed wrongly). */
export const IMPORT_MIN_AREA_M2 = 5;

/**
 * The Spanish reasons a listing's facts are implausible (empty when none): its price (in MXN at `rates`, by
 * operation and type), maintenance at or above the rent, areas outside IMPORT_MIN_AREA_M2 … the form's maxima, a
 * construction year outside 1800 … the publication year, and counts above IMPORT_COUNT_BOUNDS.
 * `referenceYear`: the year ages count from (the publication year, else the current one).
 */
export function plausibilityIssues(facts: ListingFacts, referenceYear: number, rates: ExchangeRates = DEFAULT_EXCHANGE_RATES): string[] {
  const pricing = { price: facts.price, currency_type: facts.currency, based_on: 'valor_total' as const };
  const year = facts.constructionYear != null ? String(facts.constructionYear) : constructionYear(facts.age, referenceYear);
  const issues = listingBoundIssues(
    {
      property_type: facts.propertyType,
      rents: facts.opType === 'renta' ? pricing : null,
      sales: facts.opType === 'venta' ? pricing : null,
      construction_area: facts.constructionArea,
      land: facts.landArea === null ? null : { area: facts.landArea, unit: 'm2' },
      monthly_maintenance_fee: facts.maintenanceFee,
      construction_year: year,
    },
    rates,
    Math.max(referenceYear, new Date().getFullYear()),
  )
    // The form reports maintenance ≥ rent on both fields; one message is enough here.
    .filter((issue) => facts.maintenanceFee === null || issue.message !== LISTING_BOUND_MESSAGES.rentAboveMaintenance(facts.maintenanceFee))
    .map((issue) => issue.message);
  for (const [field, max] of Object.entries(IMPORT_COUNT_BOUNDS) as [keyof typeof IMPORT_COUNT_BOUNDS, number][]) {
    const value = facts[field];
    if (value !== null && value > max) issues.push(M.implausibleCount(M.countLabels[field], value, max));
  }
  for (const [value, label] of [[facts.constructionArea, M.areaLabels.construction], [facts.landArea, M.areaLabels.land]] as const) {
    if (value !== null && value < IMPORT_MIN_AREA_M2) issues.push(M.implausibleSmallArea(label, value, IMPORT_MIN_AREA_M2));
  }
  return issues;
}
