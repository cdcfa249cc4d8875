import { SITE_LOGIN_MESSAGES as M } from '@nj/contracts/site-login/messages';
import { IntegrationAuthPage } from '../modules/site-login/IntegrationAuthPage.tsx';

/** /integrations-auth?token&state (issue 15 'Branded login'; spec 03 §2, §5): a branded host's return from the central login. */
export const meta = () => [{ title: M.authTitle }, { name: 'robots', content: 'noindex' }];

export default function IntegrationsAuthRoute() {
  return <IntegrationAuthPage />;
}
