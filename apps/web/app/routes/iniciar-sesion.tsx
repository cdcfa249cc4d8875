import { SITE_LOGIN_MESSAGES as M } from '@nj/contracts/site-login/messages';
import { useProductOrigin, useSite } from '../modules/sites/use-site.ts';
import { BrandedLoginPage, ProductLoginPage } from '../modules/site-login/BrandedLoginPage.tsx';
import type { RootSiteData } from '../modules/sites/use-site.ts';
import type { Route } from './+types/iniciar-sesion';

/**
 * /iniciar-sesion (issue 15 'Branded login'; spec 03 §2): a branded host's login screen; the product's own login
 * elsewhere. The site and the product's origin come from the root loader (useSite, useProductOrigin).
 */
export const meta: Route.MetaFunction = ({ matches }) => {
  const site = (matches.find((m) => m?.id === 'root')?.loaderData as RootSiteData | undefined)?.site;
  return [{ title: site ? M.pageTitle(site.custom_page_name || site.name) : M.productHostTitle }, { name: 'robots', content: 'noindex' }];
};

export default function IniciarSesionRoute() {
  const site = useSite();
  const productOrigin = useProductOrigin();
  return site ? <BrandedLoginPage site={site} productOrigin={productOrigin} /> : <ProductLoginPage />;
}
