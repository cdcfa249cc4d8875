import type { RouterContextProvider } from 'react-router';
import { findSiteByHost } from '@nj/core/sites/find-site-by-host';
import { getServices } from '../server/services.server.ts';

/** What the branded login page shows of its site (spec 03 §2 'Branded login screen'). */
export type BrandedLoginSite = {
  name: string; logo: string | null; custom_page_name: string | null; base_domain: string;
  color_primary: string; text_on_primary: '#000000' | '#ffffff';
};

/**
 * The loader data of /iniciar-sesion: the branded site of the request's host (null on the product's own host) and the
 * product's origin, where the central login lives (PUBLIC_URL, else http://PRODUCT_HOST; decision 031).
 */
export async function brandedLoginData(context: Readonly<RouterContextProvider>, request: Request): Promise<{ site: BrandedLoginSite | null; productOrigin: string }> {
  const services = getServices(context);
  const site = await findSiteByHost(services.database, new URL(request.url).host);
  return {
    site: site && {
      name: site.name, logo: site.logo, custom_page_name: site.custom_page_name, base_domain: site.base_domain,
      color_primary: site.color_primary, text_on_primary: site.text_on_primary,
    },
    productOrigin: services.config.productOrigin,
  };
}
