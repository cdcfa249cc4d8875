import { useLoaderData } from 'react-router';
import { SITE_LOGIN_MESSAGES as M } from '@nj/contracts/site-login/messages';
import type { Route } from './+types/iniciar-sesion';
import { brandedLoginData } from '../modules/site-login/site-login.server.ts';
import { BrandedLoginPage, ProductLoginPage } from '../modules/site-login/BrandedLoginPage.tsx';

/** /iniciar-sesion (issue 15 'Branded login'; spec 03 §2): a branded host's login screen; the product's own login elsewhere. */
export function loader({ context, request }: Route.LoaderArgs) {
  return brandedLoginData(context, request);
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData?.site ? M.pageTitle(loaderData.site.custom_page_name || loaderData.site.name) : M.productHostTitle },
  { name: 'robots', content: 'noindex' },
];

export default function IniciarSesionRoute() {
  const { site, productOrigin } = useLoaderData<typeof loader>();
  return site ? <BrandedLoginPage site={site} productOrigin={productOrigin} /> : <ProductLoginPage />;
}
