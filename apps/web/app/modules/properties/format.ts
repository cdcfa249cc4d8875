import { capitalizeWords } from '@nj/contracts/search/filter-state';
import {
  CURRENCY_SYMBOLS, PRICE_BASIS_LABELS, PROPERTY_TYPE_LABELS, type Currency, type PriceBasis, type PropertyType,
} from '@nj/contracts/catalogue/vocabularies';
import { OPERATION_LABELS } from '@nj/contracts/catalogue/messages';
import { SEARCH_MESSAGES } from '@nj/contracts/search/messages';
import type { TPricingPart, TPropertySummary } from '@nj/contracts/search/schemas';

const integer = new Intl.NumberFormat('es-MX', { maximumFractionDigits: 0 });
const decimal = new Intl.NumberFormat('es-MX', { maximumFractionDigits: 2 });
const compact = new Intl.NumberFormat('es-MX', { notation: 'compact', maximumFractionDigits: 1 });

/** 25000 → '25,000' (es-MX grouping, no decimals). */
export function formatNumber(n: number): string {
  return integer.format(n);
}

/** An area in m² or ha: up to two decimals ('1,250.5'). */
export function formatArea(n: number): string {
  return decimal.format(n);
}

/** Short amount for map pins: 25000 → '25 mil', 3500000 → '3.5 M'. */
export function formatCompact(n: number): string {
  return compact.format(n).replace(/\u00a0/g, ' ');
}

/**
 * A price with its currency symbol (spec 01 §3: 'MXN $', 'USD $', 'EUR €'), '/mes' for rent (spec 01 §2 "Property
 * card"). amount in the listing's currency. Example: (25000, 'mxn', 'rent') → 'MXN $25,000/mes'.
 */
export function formatPrice(amount: number, currency: Currency, op: 'rent' | 'sale'): string {
  const symbol = CURRENCY_SYMBOLS[currency] ?? CURRENCY_SYMBOLS.mxn;
  return `${symbol}${formatNumber(amount)}${op === 'rent' ? SEARCH_MESSAGES.perMonth : ''}`;
}

/** 'Valor total' / 'Por m2' / 'Por ha' (spec 01 §3 "Price basis"). */
export function priceBasisLabel(basis: PriceBasis): string {
  return PRICE_BASIS_LABELS[basis] ?? PRICE_BASIS_LABELS.valor_total;
}

/** The pricing parts a listing has, rent first (spec 01 §3 "Pricing"). */
export function pricingParts(p: Pick<TPropertySummary, 'pricing' | 'is_renta' | 'is_venta'>): { op: 'rent' | 'sale'; part: TPricingPart }[] {
  const parts: { op: 'rent' | 'sale'; part: TPricingPart }[] = [];
  if (p.is_renta && p.pricing.rents && p.pricing.rents.price > 0) parts.push({ op: 'rent', part: p.pricing.rents });
  if (p.is_venta && p.pricing.sales && p.pricing.sales.price > 0) parts.push({ op: 'sale', part: p.pricing.sales });
  return parts;
}

/** 'en renta', 'en venta' or 'en renta y venta' for a listing. */
export function operationLabel(p: Pick<TPropertySummary, 'is_renta' | 'is_venta'>): string {
  if (p.is_renta && p.is_venta) return OPERATION_LABELS.both;
  return p.is_renta ? OPERATION_LABELS.rent : OPERATION_LABELS.sale;
}

export function typeLabel(type: PropertyType): string {
  return PROPERTY_TYPE_LABELS[type] ?? PROPERTY_TYPE_LABELS.otro;
}

/** 'Providencia, Guadalajara' — the place part of a title (neighbourhood and municipality, or what exists). */
export function placeName(loc: { neighborhood: string | null; municipality: string | null; city: string | null; state: string | null }): string {
  const parts = [loc.neighborhood, loc.municipality ?? loc.city].filter((x): x is string => !!x && x.trim() !== '');
  if (parts.length === 0 && loc.state) parts.push(loc.state);
  return [...new Set(parts.map((x) => capitalizeWords(x.trim())))].join(', ');
}

const dateFormat = new Intl.DateTimeFormat('es-MX', { day: 'numeric', month: 'long', year: 'numeric' });
/** '12 de marzo de 2025'. */
export function formatDate(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? '' : dateFormat.format(d);
}
