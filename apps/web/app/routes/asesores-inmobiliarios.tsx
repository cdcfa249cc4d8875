import type { Route } from './+types/asesores-inmobiliarios';
import { Link } from 'react-router';
import { Button } from '@mantine/core';
import { MARKETING_MESSAGES } from '@nj/contracts/marketing/messages';
import { getServices, pageSettings } from '../modules/server/services.server.ts';
import { pageMeta } from '../modules/seo/meta.ts';
import { MarketingPage } from '../modules/marketing/MarketingPage.tsx';
import { SignUpButton } from '../modules/marketing/SignUpButton.tsx';

const M = MARKETING_MESSAGES.agents;

/** /asesores-inmobiliarios: the agents' landing (spec 01 §2 'Para asesores'; issue 9 §5). */
export function loader({ context }: Route.LoaderArgs) {
  return { origin: pageSettings(getServices(context)).origin };
}

export const meta: Route.MetaFunction = ({ loaderData }) =>
  pageMeta({ title: M.metaTitle, description: M.metaDescription, origin: loaderData?.origin ?? '', path: '/asesores-inmobiliarios' });

export default function AgentsLandingRoute() {
  const actions = (
    <>
      <SignUpButton label={M.cta} signedInLabel={M.ctaSignedIn} signedInTo="/crear-propiedad" redirectTo="/crear-propiedad" />
      <Button component={Link} to="/propiedades" size="md" variant="outline" color="white">{M.secondary}</Button>
    </>
  );
  return (
    <MarketingPage
      variant="realEstateAgents" eyebrow={M.eyebrow} title={M.title} subtitle={M.subtitle} actions={actions}
      pointsTitle={M.pointsTitle} points={M.points} stepsTitle={M.stepsTitle} steps={M.steps} faqTitle={M.faqTitle} faq={M.faq}
    />
  );
}
