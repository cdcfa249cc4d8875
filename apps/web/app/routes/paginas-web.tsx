import type { Route } from './+types/paginas-web';
import { Link } from 'react-router';
import { Button } from '@mantine/core';
import { MARKETING_MESSAGES } from '@nj/contracts/marketing/messages';
import { getServices, pageSettings } from '../modules/server/services.server.ts';
import { pageMeta } from '../modules/seo/meta.ts';
import { MarketingPage } from '../modules/marketing/MarketingPage.tsx';
import { SignUpButton } from '../modules/marketing/SignUpButton.tsx';

const M = MARKETING_MESSAGES.websites;
const A = MARKETING_MESSAGES.agents;

/** /paginas-web: association and agency sites, behind 'Sitios web' (spec 01 §2; issue 9 §5). */
export function loader({ context }: Route.LoaderArgs) {
  return { origin: pageSettings(getServices(context)).origin };
}

export const meta: Route.MetaFunction = ({ loaderData }) =>
  pageMeta({ title: M.metaTitle, description: M.metaDescription, origin: loaderData?.origin ?? '', path: '/paginas-web' });

export default function WebsitesRoute() {
  const actions = (
    <>
      <SignUpButton label={M.cta} signedInLabel={A.ctaSignedIn} signedInTo="/crear-propiedad" redirectTo="/crear-propiedad" />
      <Button component={Link} to="/propiedades" size="md" variant="outline" color="white">{M.secondary}</Button>
    </>
  );
  return (
    <MarketingPage
      variant="landing" eyebrow={M.eyebrow} title={M.title} subtitle={M.subtitle} actions={actions}
      pointsTitle={M.pointsTitle} points={M.points} audienceTitle={M.forTitle} audience={M.forWho}
      noteTitle={M.howTitle} note={M.how}
      noteActions={<SignUpButton label={M.cta} signedInLabel={A.ctaSignedIn} signedInTo="/crear-propiedad" redirectTo="/crear-propiedad" variant="filled" />}
    />
  );
}
