import type { Route } from './+types/aviso-de-privacidad';
import { PRIVACY_PAGE } from '@nj/contracts/legal/messages';
import { getServices, pageSettings } from '../modules/server/services.server.ts';
import { pageMeta } from '../modules/seo/meta.ts';
import { LegalDocument } from '../modules/legal/LegalDocument.tsx';

/** /aviso-de-privacidad: the privacy notice under the LFPDPPP (spec 01 §2 public pages; issue 9 §5). */
export function loader({ context }: Route.LoaderArgs) {
  return { origin: pageSettings(getServices(context)).origin };
}

export const meta: Route.MetaFunction = ({ loaderData }) =>
  pageMeta({ title: PRIVACY_PAGE.title, description: PRIVACY_PAGE.description, origin: loaderData?.origin ?? '', path: '/aviso-de-privacidad' });

export default function PrivacyRoute() {
  return <LegalDocument page={PRIVACY_PAGE} current="privacy" />;
}
