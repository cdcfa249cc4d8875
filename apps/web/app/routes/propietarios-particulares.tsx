import type { Route } from './+types/propietarios-particulares';
import { Link } from 'react-router';
import { Button } from '@mantine/core';
import { PRODUCT_PAGES_MESSAGES } from '@nj/contracts/marketing/product-pages';
import { getServices, pageSettings } from '../modules/server/services.server.ts';
import { pageMeta } from '../modules/seo/meta.ts';
import { MarketingPage } from '../modules/marketing/MarketingPage.tsx';
import { SignUpButton } from '../modules/marketing/SignUpButton.tsx';

const M = PRODUCT_PAGES_MESSAGES.privateOwners;

/** /propietarios-particulares (spec 01 §2, 03 §2 public pages; issue 16): what a private owner can do, free. */
export function loader({ context }: Route.LoaderArgs) {
  return { origin: pageSettings(getServices(context)).origin };
}

export const meta: Route.MetaFunction = ({ loaderData }) =>
  pageMeta({ title: M.metaTitle, description: M.metaDescription, origin: loaderData?.origin ?? '', path: '/propietarios-particulares' });

export default function PrivateOwnersRoute() {
  const actions = (
    <>
      <SignUpButton label={M.cta} signedInLabel={M.ctaSignedIn} signedInTo="/crear-propiedad" redirectTo="/crear-propiedad" />
      <Button component={Link} to="/plans#propietarios" size="md" variant="outline" color="white">{M.secondary}</Button>
    </>
  );
  return (
    <MarketingPage
      variant="owners" eyebrow={M.eyebrow} title={M.title} subtitle={M.subtitle} actions={actions}
      pointsTitle={M.pointsTitle} points={M.points} stepsTitle={M.stepsTitle} steps={M.steps} faqTitle={M.faqTitle} faq={M.faq}
    />
  );
}
