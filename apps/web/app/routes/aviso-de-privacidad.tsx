import type { Route } from './+types/aviso-de-privacidad';
import { privacyPage } from '@nj/contracts/legal/messages';
import { getServices, pageSettings } from '../modules/server/services.server.ts';
import { pageMeta } from '../modules/seo/meta.ts';
import { LegalDocument } from '../modules/legal/LegalDocument.tsx';

/** /aviso-de-privacidad: the privacy notice under the LFPDPPP (spec 01 §2 public pages; issue 9 §5). */
export function loader({ context }: Route.LoaderArgs) {
  const services = getServices(context);
  return { origin: pageSettings(services).origin, contactEmail: services.config.legalContactEmail };
}

export const meta: Route.MetaFunction = ({ loaderData }) =>
  pageMeta({ title: privacyPage('').title, description: privacyPage('').description, origin: loaderData?.origin ?? '', path: '/aviso-de-privacidad' });

export default function PrivacyRoute({ loaderData }: Route.ComponentProps) {
  return <LegalDocument page={privacyPage(loaderData.contactEmail)} current="privacy" />;
}
