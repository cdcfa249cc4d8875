import { randomBytes } from 'node:crypto';
import { PROPERTY_TYPE_LABELS, type PropertyType } from '@nj/contracts';
import type { ListingAge } from './listing-fields.ts';

/** A new property uid: 'p_' + 20 random hex digits. */
export function newPuid(): string {
  return `p_${randomBytes(10).toString('hex')}`;
}

/** A new nj_uid: 8 random lower-case hex digits (shown as 'NJ-' + upper case, spec 01 §2 "property code"). */
export function newNjUid(): string {
  return randomBytes(4).toString('hex');
}

/** The code people see and type: 'NJ-' + the nj_uid in upper case. */
export function njCode(njUid: string): string {
  return `NJ-${njUid.toUpperCase()}`;
}

/**
 * The listing's title from its facts in the spec's pattern (spec 01 §2 "page title"): '{Tipo} en {renta|venta} en
 * {colonia}, {municipality}', e.g. 'Departamento en renta en Providencia, Guadalajara'. Without a colonia (or when
 * it repeats the municipality) the place is '{municipality}, {state}', then the state alone, then 'México'.
 */
export function buildTitle(facts: {
  propertyType: PropertyType;
  opType: 'renta' | 'venta';
  colonia: string | null;
  municipality: string | null;
  state: string | null;
}): string {
  const { colonia, municipality, state } = facts;
  const same = (a: string | null, b: string | null) => !!a && !!b && a.localeCompare(b, 'es', { sensitivity: 'base' }) === 0;
  let place: string;
  if (colonia && municipality && !same(colonia, municipality)) place = `${colonia}, ${municipality}`;
  else if (municipality && state && !same(municipality, state)) place = `${municipality}, ${state}`;
  else place = municipality ?? state ?? colonia ?? 'México';
  return `${PROPERTY_TYPE_LABELS[facts.propertyType]} en ${facts.opType} en ${place}`;
}

/** URL slug: accents removed, lower case, every run of other characters → '-'. */
export function slugify(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** '{slugified title}-{nj_uid}', e.g. 'departamento-en-renta-en-providencia-guadalajara-1a2b3c4d'. */
export function buildSlug(title: string, njUid: string): string {
  return `${slugify(title).slice(0, 120)}-${njUid}`;
}

/**
 * The spec's construction_year (spec 01 §3 "Construction-year options") from an age: 'building' and 'first_use'
 * stay, N years → String(referenceYear − N). Null when the age is unknown.
 */
export function constructionYear(age: ListingAge | null, referenceYear: number): string | null {
  if (age === null) return null;
  if (typeof age === 'string') return age;
  return String(referenceYear - age);
}
