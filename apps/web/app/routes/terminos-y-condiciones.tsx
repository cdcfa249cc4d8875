import type { Route } from './+types/terminos-y-condiciones';
import { termsPage } from '@nj/contracts/legal/messages';
import { getServices, pageSettings } from '../modules/server/services.server.ts';
import { pageMeta } from '../modules/seo/meta.ts';
import { LegalDocument } from '../modules/legal/LegalDocument.tsx';

/** /terminos-y-condiciones: the terms of use (spec 01 §2 public pages; issue 9 §5), linked from the footer and sign-up. */
export function loader({ context }: Route.LoaderArgs) {
  const services = getServices(context);
  return { origin: pageSettings(services).origin, contactEmail: services.config.legalContactEmail };
}

export const meta: Route.MetaFunction = ({ loaderData }) =>
  pageMeta({ title: termsPage('').title, description: termsPage('').description, origin: loaderData?.origin ?? '', path: '/terminos-y-condiciones' });

export default function TermsRoute({ loaderData }: Route.ComponentProps) {
  return <LegalDocument page={termsPage(loaderData.contactEmail)} current="terms" />;
}
