import { foldText } from '@nj/contracts/common/fold-text';
import { CONSTRUCTION_YEAR_LABELS } from '@nj/contracts/catalogue/messages';
import {
  applicableAttributes, MX_STATES, type AmenityFlag, type AreaUnit, type AttributeField, type CommissionType,
  type Currency, type PriceBasis, type PropertyType,
} from '@nj/contracts/catalogue/vocabularies';
import {
  constructionYearOptions as yearOptions, listingFieldErrors, ZListingInput,
} from '@nj/contracts/listings/schemas';
import type { PhotoItem } from './PhotosStep.tsx';

/** One side of the pricing (spec 01 §3 "Pricing"); price in `currency_type` per `based_on`. */
export type PricingValues = {
  price: number | null;
  currency_type: Currency;
  based_on: PriceBasis;
  commission: { commission_type: CommissionType; value: number | null; currency_type: Currency };
};

/** The operation as the form's radio shows it (renta, venta or both). */
export type OperationChoice = 'renta' | 'venta' | 'both' | null;

/** Address of the listing (spec 01 §3 location); lat/lng in degrees, null until a place is chosen. */
export type LocationValues = {
  street: string;
  number_ext: string;
  number_int: string;
  neighborhood: string;
  municipality: string;
  city: string;
  state: string;
  zip: string;
  lat: number | null;
  lng: number | null;
  /** The suggestion label the person chose (shown again in the search box). */
  official_address: string;
};

/**
 * Everything the form edits, named as the property payload names it (spec 01 §3), so that a server error key such
 * as 'location.zip' or 'rents.price' lands on the field with the same path. Areas in m² (land in `land.unit`),
 * fees in MXN.
 */
export type ListingFormValues = {
  operation: OperationChoice;
  property_type: PropertyType | null;
  location: LocationValues;
  rooms: number | null;
  bathrooms: number | null;
  half_bathrooms: number | null;
  parking_spots: number | null;
  construction_area: number | null;
  land: { area: number | null; unit: AreaUnit };
  construction_year: string | null;
  floors: number | null;
  apt_floor: number | null;
  apt_total_floors: number | null;
  monthly_maintenance_fee: number | null;
  amenities: AmenityFlag[];
  rents: PricingValues;
  sales: PricingValues;
  description: string;
};

export const DESCRIPTION_MAX = 5000;

export function emptyPricing(): PricingValues {
  return { price: null, currency_type: 'mxn', based_on: 'valor_total', commission: { commission_type: 'none', value: null, currency_type: 'mxn' } };
}

export function emptyValues(): ListingFormValues {
  return {
    operation: null,
    property_type: null,
    location: { street: '', number_ext: '', number_int: '', neighborhood: '', municipality: '', city: '', state: '', zip: '', lat: null, lng: null, official_address: '' },
    rooms: null,
    bathrooms: null,
    half_bathrooms: null,
    parking_spots: null,
    construction_area: null,
    land: { area: null, unit: 'm2' },
    construction_year: null,
    floors: null,
    apt_floor: null,
    apt_total_floors: null,
    monthly_maintenance_fee: null,
    amenities: [],
    rents: emptyPricing(),
    sales: emptyPricing(),
    description: '',
  };
}

/**
 * Construction-year options (spec 01 §3; issue 9 §6): En construcción, A estrenar, then every year from this one back
 * to 1800 (the server accepts exactly these).
 */
export function constructionYearOptions(now: Date = new Date()): { value: string; label: string }[] {
  return yearOptions(now.getFullYear()).map((value) => ({ value, label: CONSTRUCTION_YEAR_LABELS[value] ?? value }));
}

const fold = foldText;

/** The state slug (spec 01 §3) for a place's state name or short code ('Jalisco', 'Jal.', 'CDMX'); '' when unknown. */
export function stateSlugOf(name: string | null | undefined, short?: string | null): string {
  for (const candidate of [name, short]) {
    if (!candidate) continue;
    const f = fold(candidate);
    const hit = MX_STATES.find((s) => fold(s.name) === f || fold(s.short) === f || fold(s.slug.replace(/_/g, ' ')) === f
      || fold(s.name).startsWith(`${f} `));
    if (hit) return hit.slug;
  }
  return '';
}

/** Commission types a part allows (spec 01 §3): sales percentaje and fixed_amount; rent also months. */
export function commissionTypesFor(side: 'rents' | 'sales'): Exclude<CommissionType, 'none'>[] {
  return side === 'rents' ? ['percentaje', 'months', 'fixed_amount'] : ['percentaje', 'fixed_amount'];
}

/**
 * Which form inputs an attribute field maps to. `apt_floors` of the spec table is the pair apt_floor /
 * apt_total_floors.
 */
export function shownAttributes(type: PropertyType | null): Set<AttributeField> {
  return new Set(type ? applicableAttributes(type) : []);
}

/** True when the operation includes renting / selling. */
export const isRent = (op: OperationChoice) => op === 'renta' || op === 'both';
export const isSale = (op: OperationChoice) => op === 'venta' || op === 'both';

function pricingPayload(p: PricingValues) {
  const commission = p.commission.commission_type === 'none'
    ? { commission_type: 'none' as const, value: null, currency_type: p.commission.currency_type }
    : p.commission;
  return { price: p.price ?? 0, currency_type: p.currency_type, based_on: p.based_on, commission };
}

/**
 * The body of POST/PUT /api/v1/property (and of the draft): the values with the attributes that do not apply to the
 * type set to null, and the pricing part of an operation not chosen set to null (spec 01 §3).
 */
export function toPayload(v: ListingFormValues) {
  const shown = shownAttributes(v.property_type);
  const keep = <T,>(field: AttributeField, value: T): T | null => (shown.has(field) ? value : null);
  const text = (s: string) => (s.trim() === '' ? null : s.trim());
  return {
    operation: v.operation,
    property_type: v.property_type,
    location: {
      street: text(v.location.street),
      number_ext: text(v.location.number_ext),
      number_int: text(v.location.number_int),
      neighborhood: text(v.location.neighborhood),
      municipality: text(v.location.municipality),
      city: text(v.location.city),
      state: text(v.location.state),
      zip: text(v.location.zip),
      lat: v.location.lat,
      lng: v.location.lng,
      official_address: text(v.location.official_address),
    },
    rooms: keep('rooms', v.rooms),
    bathrooms: keep('bathrooms', v.bathrooms),
    half_bathrooms: keep('half_bathrooms', v.half_bathrooms),
    parking_spots: keep('parking_spots', v.parking_spots),
    construction_area: keep('construction_area', v.construction_area),
    land: { area: keep('land', v.land.area), unit: v.land.unit },
    construction_year: keep('construction_year', v.construction_year),
    floors: keep('floors', v.floors),
    apt_floor: keep('apt_floors', v.apt_floor),
    apt_total_floors: keep('apt_floors', v.apt_total_floors),
    monthly_maintenance_fee: keep('monthly_maintenance_fee', v.monthly_maintenance_fee),
    amenities: v.amenities,
    rents: isRent(v.operation) ? pricingPayload(v.rents) : null,
    sales: isSale(v.operation) ? pricingPayload(v.sales) : null,
    description: text(v.description),
  };
}
export type ListingPayload = ReturnType<typeof toPayload>;

const num = (x: unknown): number | null => (typeof x === 'number' && Number.isFinite(x) ? x : null);
const str = (x: unknown): string => (typeof x === 'string' ? x : x == null ? '' : String(x));
type Loose = Record<string, unknown> | null | undefined;

function pricingFrom(p: Loose): PricingValues {
  const base = emptyPricing();
  if (!p) return base;
  const c = (p.commission ?? {}) as Record<string, unknown>;
  return {
    price: num(p.price) && (p.price as number) > 0 ? (p.price as number) : null,
    currency_type: (p.currency_type as Currency) ?? base.currency_type,
    based_on: (p.based_on as PriceBasis) ?? base.based_on,
    commission: {
      commission_type: (c.commission_type as CommissionType) ?? 'none',
      value: num(c.value),
      currency_type: (c.currency_type as Currency) ?? 'mxn',
    },
  };
}

/**
 * Form values from a draft or a listing as the server returns it (payload shape or ZPropertyDetail shape; missing
 * fields take their empty value, so an old or partial draft still opens).
 */
export function fromPayload(input: unknown): ListingFormValues {
  const d = (input ?? {}) as Record<string, unknown>;
  const e = emptyValues();
  const loc = (d.location ?? {}) as Record<string, unknown>;
  const land = (d.land ?? {}) as Record<string, unknown>;
  const pricing = (d.pricing ?? {}) as Record<string, Loose>;
  const rents = (d.rents ?? pricing.rents) as Loose;
  const sales = (d.sales ?? pricing.sales) as Loose;
  const op = d.operation === 'renta' || d.operation === 'venta' || d.operation === 'both'
    ? d.operation
    : d.is_renta === true && d.is_venta === true ? 'both' : d.is_renta === true ? 'renta' : d.is_venta === true ? 'venta' : null;
  return {
    operation: op,
    property_type: (d.property_type as PropertyType) ?? null,
    location: {
      street: str(loc.street), number_ext: str(loc.number_ext), number_int: str(loc.number_int),
      neighborhood: str(loc.neighborhood), municipality: str(loc.municipality), city: str(loc.city), state: str(loc.state),
      zip: str(loc.zip ?? loc.cp), lat: num(loc.lat ?? d.lat), lng: num(loc.lng ?? d.lng), official_address: str(loc.official_address),
    },
    rooms: num(d.rooms), bathrooms: num(d.bathrooms), half_bathrooms: num(d.half_bathrooms), parking_spots: num(d.parking_spots),
    construction_area: num(d.construction_area),
    land: { area: num(land.area), unit: (land.unit as AreaUnit) ?? e.land.unit },
    construction_year: typeof d.construction_year === 'string' ? d.construction_year : d.construction_year == null ? null : String(d.construction_year),
    floors: num(d.floors), apt_floor: num(d.apt_floor), apt_total_floors: num(d.apt_total_floors),
    monthly_maintenance_fee: num(d.monthly_maintenance_fee),
    amenities: Array.isArray(d.amenities) ? (d.amenities as AmenityFlag[]) : [],
    rents: pricingFrom(rents),
    sales: pricingFrom(sales),
    description: str(d.description),
  };
}

/** Steps of the form, in order. */
export const STEPS = ['operation', 'type', 'address', 'details', 'price', 'photos', 'preview'] as const;
export type StepKey = (typeof STEPS)[number];

/** The step that shows the field at `path` (a payload dot path such as 'rents.price'). */
export function stepOfField(path: string): StepKey {
  const head = path.split('.')[0] ?? '';
  if (head === 'operation') return 'operation';
  if (head === 'property_type') return 'type';
  if (head === 'location' || head === 'lat' || head === 'lng') return 'address';
  if (head === 'pricing' || head === 'rents' || head === 'sales') return 'price';
  if (head === 'images' || head === 'photos') return 'photos';
  return 'details';
}

/**
 * The checks the form makes before leaving `step`: the shared schema ZListingInput (the server parses the same)
 * run on the whole payload, keeping the messages of the fields this step shows ('preview' keeps all). Returns
 * Spanish messages keyed by payload dot path; empty when the step is fine.
 */
export function validateStep(step: StepKey, v: ListingFormValues): Record<string, string> {
  const result = ZListingInput.safeParse(toPayload(v));
  if (result.success) return {};
  const all = listingFieldErrors(result.error);
  if (step === 'preview') return all;
  return Object.fromEntries(Object.entries(all).filter(([path]) => stepOfField(path) === step));
}

/**
 * The key of the photo that is the cover: the first one stored and ready. A photo still being processed (its variants
 * do not exist yet), one not yet sent or one whose upload failed is not shown as the cover, as the listing's pages
 * would not show it either; null when none is ready.
 */
export function coverKey(items: PhotoItem[]): string | null {
  return items.find((i) => i.kind === 'remote' && !i.image.processing)?.key ?? null;
}
