import type { Route } from './+types/terminos-y-condiciones';
import { TERMS_PAGE } from '@nj/contracts/legal/messages';
import { getServices, pageSettings } from '../modules/server/services.server.ts';
import { pageMeta } from '../modules/seo/meta.ts';
import { LegalDocument } from '../modules/legal/LegalDocument.tsx';

/** /terminos-y-condiciones: the terms of use (spec 01 §2 public pages; issue 9 §5), linked from the footer and sign-up. */
export function loader({ context }: Route.LoaderArgs) {
  return { origin: pageSettings(getServices(context)).origin };
}

export const meta: Route.MetaFunction = ({ loaderData }) =>
  pageMeta({ title: TERMS_PAGE.title, description: TERMS_PAGE.description, origin: loaderData?.origin ?? '', path: '/terminos-y-condiciones' });

export default function TermsRoute() {
  return <LegalDocument page={TERMS_PAGE} current="terms" />;
}
