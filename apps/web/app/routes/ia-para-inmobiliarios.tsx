import type { Route } from './+types/ia-para-inmobiliarios';
import { Link } from 'react-router';
import { Button } from '@mantine/core';
import { PRODUCT_PAGES_MESSAGES } from '@nj/contracts/marketing/product-pages';
import { getServices, pageSettings } from '../modules/server/services.server.ts';
import { pageMeta } from '../modules/seo/meta.ts';
import { MarketingPage } from '../modules/marketing/MarketingPage.tsx';
import { SignUpButton } from '../modules/marketing/SignUpButton.tsx';

const M = PRODUCT_PAGES_MESSAGES.ai;

/**
 * /ia-para-inmobiliarios (spec 01 §2, 03 §2 public pages; issue 16): what the product automates with data today
 * (typo-tolerant place search, duplicates, similar listings, price per m², the importer, identity and credit checks)
 * and what it does not do (no generative AI); calls to action: sign up → the import page, and the map search.
 */
export function loader({ context }: Route.LoaderArgs) {
  return { origin: pageSettings(getServices(context)).origin };
}

export const meta: Route.MetaFunction = ({ loaderData }) =>
  pageMeta({ title: M.metaTitle, description: M.metaDescription, origin: loaderData?.origin ?? '', path: '/ia-para-inmobiliarios' });

export default function AiLandingRoute() {
  const actions = (
    <>
      <SignUpButton label={M.cta} signedInLabel={M.ctaSignedIn} signedInTo="/mis-propiedades/importar" redirectTo="/mis-propiedades/importar" />
      <Button component={Link} to="/propiedades" size="md" variant="outline" color="white">{M.secondary}</Button>
    </>
  );
  return (
    <MarketingPage
      variant="realEstateAgents" eyebrow={M.eyebrow} title={M.title} subtitle={M.subtitle} actions={actions}
      pointsTitle={M.pointsTitle} points={M.points} noteTitle={M.noteTitle} note={M.note} faqTitle={M.faqTitle} faq={M.faq}
    />
  );
}
