import { Link, useMatches } from 'react-router';
import { Anchor, Breadcrumbs as MantineBreadcrumbs, Text } from '@mantine/core';
import type { OpTypeEs, PropertyType } from '@nj/contracts/catalogue/vocabularies';
import { FILTER_MESSAGES as F } from '@nj/contracts/search/filter-messages';
import { useNonce } from '../layout/nonce.ts';
import './breadcrumbs.css';
import { breadcrumbJsonLd, placeTrail, type Crumb } from './place-trail.ts';

/** The page's public origin (PUBLIC_URL) from the first route loader that returns one (listing and detail pages do). */
function useOrigin(): string {
  const matches = useMatches();
  for (const m of [...matches].reverse()) {
    const origin = (m.loaderData as { origin?: unknown } | undefined)?.origin;
    if (typeof origin === 'string') return origin;
  }
  return '';
}

/**
 * A breadcrumb trail (Estado › Ciudad › Colonia; issue 9 §3) as a labelled navigation landmark, with its
 * schema.org BreadcrumbList JSON-LD (absolute URLs from the page's origin; JSON-LD is data, not run, but carries
 * the CSP nonce like every inline script). Renders nothing for an empty trail.
 */
export function Breadcrumbs({ crumbs, currentPath }: { crumbs: readonly Crumb[]; currentPath: string }) {
  const origin = useOrigin();
  const nonce = useNonce() || undefined;
  if (crumbs.length === 0) return null;
  const json = JSON.stringify(breadcrumbJsonLd(crumbs, origin, currentPath)).replace(/</g, '\\u003c');
  return (
    <nav aria-label={F.breadcrumbs} className="nj-breadcrumbs">
      <MantineBreadcrumbs separator="›" separatorMargin={6}>
        {crumbs.map((c) => (c.href ? (
          <Anchor key={c.label} component={Link} to={c.href} size="sm" c="dark.5">{c.label}</Anchor>
        ) : (
          <Text key={c.label} size="sm" c="dark.7" fw={600} aria-current="page">{c.label}</Text>
        )))}
      </MantineBreadcrumbs>
      <script type="application/ld+json" nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: json }} />
    </nav>
  );
}

/**
 * The detail page's breadcrumbs (issue 9 §3): the listing's state, municipality and colonia, each leading to the
 * listings of the same type and operation there; the colonia is a link too (the page is the listing, not the colonia).
 */
export function PropertyBreadcrumbs({ location, type, opType, path }: {
  location: { state: string | null; municipality: string | null; city?: string | null; neighborhood: string | null };
  type: PropertyType;
  opType: OpTypeEs | null;
  path: string;
}) {
  const crumbs = placeTrail({
    state: location.state, city: location.municipality ?? location.city ?? null, colonia: location.neighborhood, type, opType,
  });
  return <Breadcrumbs crumbs={crumbs} currentPath={path} />;
}
