import type { Route } from './+types/publica-una-propiedad';
import { Link } from 'react-router';
import { Button } from '@mantine/core';
import { MARKETING_MESSAGES } from '@nj/contracts/marketing/messages';
import { getServices, pageSettings } from '../modules/server/services.server.ts';
import { pageMeta } from '../modules/seo/meta.ts';
import { MarketingPage } from '../modules/marketing/MarketingPage.tsx';

const M = MARKETING_MESSAGES.owners;

/** /publica-una-propiedad: the owners' landing (spec 01 §2; issue 9 §5), leading to /crear-propiedad. */
export function loader({ context }: Route.LoaderArgs) {
  return { origin: pageSettings(getServices(context)).origin };
}

export const meta: Route.MetaFunction = ({ loaderData }) =>
  pageMeta({ title: M.metaTitle, description: M.metaDescription, origin: loaderData?.origin ?? '', path: '/publica-una-propiedad' });

export default function OwnersLandingRoute() {
  const actions = (
    <>
      <Button component={Link} to="/crear-propiedad" size="md" variant="white">{M.cta}</Button>
      <Button component={Link} to="/propiedades" size="md" variant="outline" color="white">{M.secondary}</Button>
    </>
  );
  return (
    <MarketingPage
      variant="owners" eyebrow={M.eyebrow} title={M.title} subtitle={M.subtitle} actions={actions}
      pointsTitle={M.pointsTitle} points={M.points} stepsTitle={M.stepsTitle} steps={M.steps} faqTitle={M.faqTitle} faq={M.faq}
    />
  );
}
