import { brandColors } from '@nj/contracts';
import { logoUrl, type AgencyRow } from '../agencies/agencies-repository.ts';

/**
 * A branded (white-label) site: an agency or association with a `base_domain` (spec 03 §2 'Branded sites', §3 Agency;
 * spec 01 §3 'Association and directory'). What `POST /domain/info` answers and what the pages of the site follow.
 */
export type Site = {
  /** The agency's or association's auid (the spec's uid / asso_uid). */
  uid: string;
  kind: 'agency' | 'association';
  name: string;
  /** Public URL of the logo (/media/…), or null. */
  logo: string | null;
  custom_page_name: string | null;
  /** Lower-case host name without port, e.g. 'ampi-gdl.mx'. */
  base_domain: string;
  /** `#rrggbb`; the fallback red when the site has none (spec 03 §9). */
  color_primary: string;
  color_secondary: string;
  /** '#000000' or '#ffffff' by the brightness rule (threshold 180). */
  text_on_primary: '#000000' | '#ffffff';
  text_on_secondary: '#000000' | '#ffffff';
  has_map: boolean;
  is_private: boolean;
  /** The super association: its members are associations; no directory on its site (spec 01 §2). */
  is_super: boolean;
  website_content: string | null;
};

/**
 * The host name of a request's Host header: lower case, without port and trailing dot; null when it is not a
 * plausible host name (then no site matches). Example: 'AMPI-GDL.mx:8080' → 'ampi-gdl.mx'.
 */
export function normalizeHost(host: string | null | undefined): string | null {
  if (!host) return null;
  let h = host.trim().toLowerCase();
  if (h.startsWith('[')) return null; // IPv6 literal: never a site
  h = h.replace(/:\d{1,5}$/, '').replace(/\.$/, '');
  return /^[a-z0-9.-]{1,253}$/.test(h) ? h : null;
}

/** A row of `agencies` with a base domain, as a Site. */
export function presentSite(row: Pick<AgencyRow, 'auid' | 'kind' | 'name' | 'logo_name' | 'custom_page_name' | 'base_domain' | 'color_primary' | 'color_secondary' | 'has_map' | 'is_private' | 'website_content'> & { is_super: boolean }): Site {
  const colors = brandColors(row.color_primary, row.color_secondary);
  return {
    uid: row.auid, kind: row.kind, name: row.name, logo: logoUrl(row.logo_name), custom_page_name: row.custom_page_name,
    base_domain: row.base_domain ?? '', color_primary: colors.primary, color_secondary: colors.secondary,
    text_on_primary: colors.onPrimary, text_on_secondary: colors.onSecondary, has_map: row.has_map,
    is_private: row.is_private, is_super: row.is_super, website_content: row.website_content,
  };
}
