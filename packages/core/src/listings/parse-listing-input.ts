import { LISTING_MESSAGES as M, listingFieldErrors, listingInputSchema, MX_STATES, type TListingInput } from '@nj/contracts';
import { buildTitle } from '@nj/db/import/listing-identity';
import { AppError } from '../errors/app-error.ts';
import type { ListingColumns } from '../properties/properties-repository.ts';
import type { ExchangeRates } from '../properties/exchange-rates.ts';
import { operationFlags, operationsOfFormChoice, operationWord } from '../properties/operation.ts';

/** One schema per set of rates (the server's rates never change while it runs, so this holds one entry). */
const schemas = new Map<string, ReturnType<typeof listingInputSchema>>();
function schemaFor(rates: ExchangeRates) {
  const key = `${rates.usd}|${rates.eur}`;
  let schema = schemas.get(key);
  if (!schema) schemas.set(key, (schema = listingInputSchema(rates)));
  return schema;
}

/**
 * Checks a listing as the form sent it with the form's own schema (listingInputSchema), including the plausibility
 * bounds of issue 9 §6 (contracts listings/bounds.ts): rent 500–1,000,000 MXN a month and sale 50,000–2,000,000,000
 * MXN (per type), a USD/EUR price converted with `rates` (ServerConfig.exchangeRates, MXN per unit) and a price per
 * m²/ha multiplied by the area before comparing, maintenance below the rent, areas above zero, construction year
 * 'building', 'first_use' or 1800 to the current year. Drafts never come here (they are saved as they are).
 * Returns the parsed listing, with attributes that do not apply to its type cleared and the pricing of an operation
 * not chosen dropped.
 * Throws AppError BAD_REQUEST 'Revisa los campos marcados' with `fields` = one Spanish message per bad field (for a
 * bound, the message names the field and the bound, e.g. 'La renta mensual debe estar entre $500 MXN y …').
 */
export function parseListingInput(data: unknown, rates: ExchangeRates): TListingInput {
  const parsed = schemaFor(rates).safeParse(data);
  if (!parsed.success) {
    const fields = listingFieldErrors(parsed.error);
    throw new AppError('BAD_REQUEST', Object.keys(fields).length ? M.invalid : M.badData, fields);
  }
  return parsed.data;
}

/** The properties columns of a parsed listing; the title follows the importer's pattern (buildTitle). */
export function listingColumns(v: TListingInput): ListingColumns {
  const stateName = MX_STATES.find((s) => s.slug === v.location.state)?.name ?? v.location.state;
  const rents = v.rents;
  const sales = v.sales;
  const ops = operationsOfFormChoice(v.operation);
  const title = buildTitle({
    propertyType: v.property_type, opType: operationWord(ops[0]!),
    colonia: v.location.neighborhood, municipality: v.location.municipality, state: stateName,
  });
  return {
    title,
    description: v.description,
    property_type: v.property_type,
    ...operationFlags(ops),
    rent_price: rents?.price ?? null,
    rent_currency: rents?.currency_type ?? 'mxn',
    rent_based_on: rents?.based_on ?? 'valor_total',
    rent_commission_type: rents?.commission.commission_type ?? 'none',
    rent_commission_value: rents && rents.commission.commission_type !== 'none' ? rents.commission.value : null,
    rent_commission_currency: rents?.commission.currency_type ?? 'mxn',
    sale_price: sales?.price ?? null,
    sale_currency: sales?.currency_type ?? 'mxn',
    sale_based_on: sales?.based_on ?? 'valor_total',
    sale_commission_type: sales?.commission.commission_type ?? 'none',
    sale_commission_value: sales && sales.commission.commission_type !== 'none' ? sales.commission.value : null,
    sale_commission_currency: sales?.commission.currency_type ?? 'mxn',
    monthly_maintenance_fee: v.monthly_maintenance_fee,
    street: v.location.street,
    number_ext: v.location.number_ext,
    number_int: v.location.number_int,
    neighborhood: v.location.neighborhood,
    municipality: v.location.municipality,
    city: v.location.city,
    state: stateName,
    zip: v.location.zip,
    lat: v.location.lat,
    lng: v.location.lng,
    land_area: v.land?.area ?? null,
    land_unit: v.land?.unit ?? 'm2',
    construction_area: v.construction_area,
    rooms: v.rooms,
    bathrooms: v.bathrooms,
    half_bathrooms: v.half_bathrooms,
    parking_spots: v.parking_spots,
    floors: v.floors,
    apt_floor: v.apt_floor,
    apt_total_floors: v.apt_total_floors,
    construction_year: v.construction_year,
    amenities: v.amenities,
  };
}
