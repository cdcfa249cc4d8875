import type { Route } from './+types/crm-para-inmobiliarios';
import { Link } from 'react-router';
import { Button } from '@mantine/core';
import { PRODUCT_PAGES_MESSAGES } from '@nj/contracts/marketing/product-pages';
import { getServices, pageSettings } from '../modules/server/services.server.ts';
import { pageMeta } from '../modules/seo/meta.ts';
import { MarketingPage } from '../modules/marketing/MarketingPage.tsx';
import { SignUpButton } from '../modules/marketing/SignUpButton.tsx';

const M = PRODUCT_PAGES_MESSAGES.crm;

/**
 * /crm-para-inmobiliarios (spec 01 §2, 03 §2 public pages; issue 16): the agencies' CRM, leads, listing sync and
 * de-duplication as issue 16 describes them; calls to action: the agency control panel (sign up first) and /plans.
 */
export function loader({ context }: Route.LoaderArgs) {
  return { origin: pageSettings(getServices(context)).origin };
}

export const meta: Route.MetaFunction = ({ loaderData }) =>
  pageMeta({ title: M.metaTitle, description: M.metaDescription, origin: loaderData?.origin ?? '', path: '/crm-para-inmobiliarios' });

export default function CrmLandingRoute() {
  const actions = (
    <>
      <SignUpButton label={M.cta} signedInLabel={M.ctaSignedIn} signedInTo="/agency-control-panel" redirectTo="/agency-control-panel" />
      <Button component={Link} to="/plans" size="md" variant="outline" color="white">{M.secondary}</Button>
    </>
  );
  return (
    <MarketingPage
      variant="realEstateAgents" eyebrow={M.eyebrow} title={M.title} subtitle={M.subtitle} actions={actions}
      pointsTitle={M.pointsTitle} points={M.points} stepsTitle={M.stepsTitle} steps={M.steps} faqTitle={M.faqTitle} faq={M.faq}
    />
  );
}
