import { useRouteLoaderData } from 'react-router';
import type { TSite } from '@nj/contracts/sites/schemas';

/** What the root loader tells every page about the host it is served on (issue 15 'White-label sites'; decision 030). */
export type RootSiteData = {
  /** The branded site of the host, or null on the product's own host. */
  site: TSite | null;
  /** The product's own origin (links from a branded site to it open in a new tab: spec 01 §2). */
  productOrigin: string;
};

/** The branded site the page is served on, or null on the product's own host (from the root loader). */
export function useSite(): TSite | null {
  return (useRouteLoaderData('root') as RootSiteData | undefined)?.site ?? null;
}

/** The product's own origin, e.g. 'https://njinmuebles.mx' (from the root loader; '' before it is known). */
export function useProductOrigin(): string {
  return (useRouteLoaderData('root') as RootSiteData | undefined)?.productOrigin ?? '';
}
