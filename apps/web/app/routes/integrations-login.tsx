import { SITE_LOGIN_MESSAGES as M } from '@nj/contracts/site-login/messages';
import { CentralLoginPage } from '../modules/site-login/CentralLoginPage.tsx';

/** /integrations-login?return_to&state (issue 15 'Branded login'; spec 03 §2): the central login of branded sites, on the product host. */
export const meta = () => [{ title: M.centralTitle }, { name: 'robots', content: 'noindex' }];

export default function IntegrationsLoginRoute() {
  return <CentralLoginPage />;
}
