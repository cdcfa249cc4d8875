import { SAVED_SEARCH_MESSAGES as M } from '@nj/contracts/saved-searches/messages';
import { budgetCeiling, filtersFromParams } from '../listing/filters.ts';
import { searchHeading } from '../listing/segment.ts';
import { formatPrice } from '../properties/format.ts';

/**
 * One line of a saved search's criteria for /busquedas-guardadas (issue 17): operation and type as the listing
 * heading says them, the price range when narrowed (MXN, '/mes' for rent) and the minimum of bedrooms. Takes the
 * saved query string (without '?'); returns e.g. 'Departamentos en renta · MXN $5,000/mes a MXN $15,000/mes ·
 * 2+ recámaras'. The map area and the other filters are left out (the search opens with all of them).
 */
export function savedSearchSummary(query: string): string {
  const { filters: f } = filtersFromParams(new URLSearchParams(query));
  const parts = [searchHeading({ types: f.propertyTypes, opType: f.opType, place: null })];
  const op = f.opType === 'renta' ? 'rent' : 'sale';
  const money = (n: number) => formatPrice(n, 'mxn', op);
  const min = f.minBudget > 0 ? money(f.minBudget) : null;
  const max = f.maxBudget > 0 && f.maxBudget < budgetCeiling(f.opType) ? money(f.maxBudget) : null;
  if (min && max) parts.push(M.summaryPriceBetween(min, max));
  else if (min) parts.push(M.summaryPriceFrom(min));
  else if (max) parts.push(M.summaryPriceUpTo(max));
  if (f.minNumberRooms > 0) parts.push(M.summaryRooms(f.minNumberRooms));
  return parts.join(' · ');
}
