import type { AppServices } from '@nj/core/app-services';
import type { TPlaceSuggestion } from '@nj/contracts/places/schemas';
import type { TPropertyDetail } from '@nj/contracts/search/schemas';
import type { TListingMarket, TMarketFigures } from '@nj/contracts/market/schemas';
import { getPriceHistory } from '@nj/core/market/get-price-history';
import { compareListingPrice, placeMarketFigures } from '@nj/core/market/place-market-figures';

/** What the detail page shows of the market (issue 17): the price history and the comparison with the colonia. */
export type ListingMarket = TListingMarket;

/**
 * The detail page's market part (issue 17, decision 036): the listing's price history (with its 30-day drop) and
 * its price per m² against its colonia's median for the same operation and type (null when the sample is too
 * small). Called after getProperty decided the listing may be shown. A failure leaves the part out (null): the
 * page never fails for it.
 */
export async function loadListingMarket(services: AppServices, p: TPropertyDetail): Promise<ListingMarket | null> {
  try {
    const rates = services.config.exchangeRates;
    const history = await getPriceHistory(services.database, p.uid, rates);
    const comparison = await compareListingPrice(services.database, {
      property_type: p.property_type, operation: p.price.op_type, price: p.price.amount, currency: p.price.currency_type,
      construction_area: p.construction_area, land_area: p.land.area, land_unit: p.land.unit,
      colonia: p.location.neighborhood, municipality: p.location.municipality,
    }, rates);
    return { history, comparison: p.price.based_on === 'valor_total' ? comparison : null };
  } catch (error) {
    console.error('listing market failed', error);
    return null;
  }
}

/**
 * A place page's market figures (issue 17): a colonia (its name and municipality) or a municipality/city (its
 * name); null for states, postal codes and streets, or when the place has no snapshot yet.
 */
export async function loadPlaceMarket(services: AppServices, place: TPlaceSuggestion | null, type?: string | null): Promise<TMarketFigures | null> {
  const figures = await placeFigures(services, place);
  return figures && type ? { ...figures, focus: type } : figures;
}

async function placeFigures(services: AppServices, place: TPlaceSuggestion | null): Promise<TMarketFigures | null> {
  if (!place) return null;
  const c = place.components;
  const label = place.label.split(',')[0]!.trim();
  try {
    if (place.kind === 'neighbourhood' && c.sublocality && c.locality) {
      return await placeMarketFigures(services.database, { colonia: c.sublocality, municipality: c.locality, label });
    }
    if (place.kind === 'locality' && (c.locality ?? label)) {
      return await placeMarketFigures(services.database, { municipality: c.locality ?? label, label });
    }
  } catch (error) {
    console.error('place market failed', error);
  }
  return null;
}
