import type { MetaDescriptor } from 'react-router';
import { NAVIGATION_MESSAGES } from '@nj/contracts/navigation/messages';

/**
 * Title, description, canonical link and Open Graph / Twitter tags for a page (spec 01 §2: title, description and
 * sharing metadata; canonical /propiedades/{slug}). `origin` is the configured public URL (PUBLIC_URL), or a branded
 * site's origin on its host (modules/sites/site.server.ts siteOrigin).
 */
export function pageMeta(input: {
  title: string;
  description: string;
  origin: string;
  path: string;
  image?: string | null;
  type?: 'website' | 'article';
  noindex?: boolean;
}): MetaDescriptor[] {
  const url = `${input.origin}${input.path}`;
  const image = input.image ? new URL(input.image, input.origin).href : `${input.origin}/property-placeholder.svg`;
  const tags: MetaDescriptor[] = [
    { title: input.title },
    { name: 'description', content: input.description },
    { tagName: 'link', rel: 'canonical', href: url },
    { property: 'og:site_name', content: NAVIGATION_MESSAGES.brand },
    { property: 'og:locale', content: 'es_MX' },
    { property: 'og:type', content: input.type ?? 'website' },
    { property: 'og:title', content: input.title },
    { property: 'og:description', content: input.description },
    { property: 'og:url', content: url },
    { property: 'og:image', content: image },
    { name: 'twitter:card', content: 'summary_large_image' },
    { name: 'twitter:title', content: input.title },
    { name: 'twitter:description', content: input.description },
  ];
  if (input.noindex) tags.push({ name: 'robots', content: 'noindex' });
  return tags;
}

/** Cuts text to at most `max` characters at a word boundary, adding '…'. */
export function truncate(text: string, max = 160): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  if (clean.length <= max) return clean;
  const cut = clean.slice(0, max - 1);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), max * 0.6))}…`;
}

/**
 * Meta of a listing page (spec 01 §2; issue 9 §3): the heading as title (what the list shows: 'Departamentos en renta
 * en Guadalajara, Jalisco'), the description with the count, and the canonical path of that search (the category
 * path of its type, operation and place), so every spelling of one search names one page.
 */
export function listingMeta(data: { heading: string; description: string; origin: string; canonicalPath: string; siteName?: string | null }): MetaDescriptor[] {
  return pageMeta({ title: siteTitle(data.heading, data.siteName), description: data.description, origin: data.origin, path: data.canonicalPath });
}

/** A page's title on a branded site: followed by the site's page name (issue 15; spec 03 §2); as it is elsewhere. */
export function siteTitle(title: string, siteName: string | null | undefined): string {
  return siteName ? `${title} | ${siteName}` : title;
}
