import { MX_STATES, type OpTypeEs, type PropertyType } from '@nj/contracts/catalogue/vocabularies';
import { normalizePlaceText, slugifyPlace } from '@nj/geo/normalize-place-text';
import { listingPath } from '../listing/segment.ts';

/** One step of a breadcrumb trail: its name and the listing page it opens (null: the page itself, not a link). */
export type Crumb = { label: string; href: string | null };

/** The state of MX_STATES a name means ('Jalisco', 'CDMX', 'Coahuila', 'Estado de México', 'Veracruz'…), or null. */
export function stateOf(name: string | null | undefined) {
  const n = normalizePlaceText(name);
  if (!n) return null;
  if (n === 'distrito federal' || n === 'df' || n === 'cdmx') return MX_STATES.find((s) => s.cve === '09')!;
  return MX_STATES.find((s) => {
    const key = s.slug.replace(/_/g, ' ');
    return n === key || n === normalizePlaceText(s.name) || n === normalizePlaceText(s.short) || n === `estado de ${key}`;
  }) ?? null;
}

/**
 * The slug words of a state in listing paths: 'ciudad-de-mexico' for Mexico City, 'estado-de-{state}' for the
 * others ('estado-de-jalisco', 'estado-de-puebla'), so a state's page never collides with its capital's
 * ('puebla' is the city). resolveListingPlace reads them back.
 */
export function stateSlug(state: { slug: string; cve: string }): string {
  const key = state.slug.replace(/_/g, '-');
  return state.cve === '09' || key.startsWith('estado-de-') ? key : `estado-de-${key}`;
}

/**
 * Breadcrumbs Estado › Ciudad › Colonia (issue 9 §3) from a place's names, each linked to its listing page with the
 * page's own type and operation ('/departamentos-en-renta-en-estado-de-jalisco', '…-en-guadalajara-jalisco',
 * '…-en-providencia-guadalajara-jalisco'): names joined with their parents and the state, which resolveListingPlace
 * reads back however the places table spells that place's own slug. Missing or repeated levels are left out (a
 * colonia named like its city, a city named like its state: Ciudad de México). `current` marks the last crumb as
 * the page itself (no link). Returns [] without a recognisable state.
 */
export function placeTrail(input: {
  state: string | null | undefined;
  city?: string | null | undefined;
  colonia?: string | null | undefined;
  type?: PropertyType | null;
  opType?: OpTypeEs | null;
  current?: boolean;
}): Crumb[] {
  const state = stateOf(input.state);
  if (!state) return [];
  const sSlug = stateSlug(state);
  const key = state.slug.replace(/_/g, '-');
  const path = (placeSlug: string) => listingPath({ type: input.type ?? null, opType: input.opType ?? null, placeSlug });
  const crumbs: Crumb[] = [{ label: state.cve === '09' ? 'Ciudad de México' : state.name.replace(/ de (Zaragoza|Ocampo|Ignacio de la Llave)$/, ''), href: path(sSlug) }];
  const city = input.city?.trim();
  const citySlug = city ? slugifyPlace(city) : '';
  if (city && citySlug && normalizePlaceText(city) !== normalizePlaceText(crumbs[0]!.label)) {
    crumbs.push({ label: city, href: path(`${citySlug}-${key}`) });
  }
  const colonia = input.colonia?.trim();
  const coloniaSlug = colonia ? slugifyPlace(colonia) : '';
  if (colonia && coloniaSlug && !crumbs.some((c) => normalizePlaceText(c.label) === normalizePlaceText(colonia))) {
    crumbs.push({ label: colonia, href: path(citySlug ? `${coloniaSlug}-${citySlug}-${key}` : `${coloniaSlug}-${key}`) });
  }
  if (input.current) crumbs[crumbs.length - 1] = { ...crumbs[crumbs.length - 1]!, href: null };
  return crumbs;
}

/**
 * schema.org BreadcrumbList JSON-LD for a trail (https://schema.org/BreadcrumbList; Google's breadcrumb structured
 * data): positions from 1, absolute `item` URLs from `origin` (PUBLIC_URL); the last crumb may have no link.
 */
export function breadcrumbJsonLd(crumbs: readonly Crumb[], origin: string, currentPath: string): Record<string, unknown> {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: crumbs.map((c, i) => ({
      '@type': 'ListItem',
      position: i + 1,
      name: c.label,
      item: `${origin}${c.href ?? currentPath}`,
    })),
  };
}
