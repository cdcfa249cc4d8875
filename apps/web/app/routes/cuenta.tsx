import { NavBar } from '../modules/layout/NavBar.tsx';
import { Footer } from '../modules/layout/Footer.tsx';
import { AccountPage } from '../modules/accounts/AccountPage.tsx';
import { SessionGate } from '../modules/accounts/session.tsx';
import { ACCOUNTS_UI_MESSAGES as M } from '@nj/contracts/accounts/messages';

export const meta = () => [{ title: M.accountTitle }, { name: 'robots', content: 'noindex' }];

/** /cuenta — the account page; waits for the session (spec 02 §2). */
export default function CuentaRoute() {
  return (
    <>
      <NavBar variant="properties" />
      <main><SessionGate><AccountPage /></SessionGate></main>
      <Footer />
    </>
  );
}
