import { useSearchParams } from 'react-router';
import { NavBar } from '../modules/layout/NavBar.tsx';
import { ResetPasswordPage } from '../modules/accounts/pages.tsx';
import { ACCOUNTS_UI_MESSAGES as M } from '@nj/contracts/accounts/messages';

export const meta = () => [{ title: M.resetTitle }, { name: 'robots', content: 'noindex' }];

/** /restablecer-contrasena?token= — set a new password from the forgot-password e-mail (spec 02 §2 modal 3). */
export default function RestablecerContrasenaRoute() {
  const [params] = useSearchParams();
  return (
    <>
      <NavBar variant="landing" />
      <main><ResetPasswordPage token={params.get('token') ?? ''} /></main>
    </>
  );
}
