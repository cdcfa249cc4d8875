import { lazy, Suspense, useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { ACCOUNT_MESSAGES } from '@nj/contracts/accounts/messages';
import { COMMON_MESSAGES } from '@nj/contracts/common/messages';
import { VERIFICATION_MESSAGES } from '@nj/contracts/verification/messages';
import { OAUTH_ERROR_CODES, type TOAuthErrorCode } from '@nj/contracts/oauth/messages';
import { toast } from '../toast/toast.ts';
import { useSession } from './session.tsx';

// The modals (with the photo cropper and the confetti) load when one first opens, not with every page: every page
// renders this component, and the JavaScript every page loads is the budget issue 8 part 5 measures.
const authModals = () => import('./AuthModals.tsx');
const profileModals = () => import('./ProfileModals.tsx');
const LoginModal = lazy(() => authModals().then((m) => ({ default: m.LoginModal })));
const SignUpModal = lazy(() => authModals().then((m) => ({ default: m.SignUpModal })));
const ForgotPasswordModal = lazy(() => authModals().then((m) => ({ default: m.ForgotPasswordModal })));
const EmailSentModal = lazy(() => authModals().then((m) => ({ default: m.EmailSentModal })));
const CompleteProfileModal = lazy(() => profileModals().then((m) => ({ default: m.CompleteProfileModal })));
const VerificationModal = lazy(() => profileModals().then((m) => ({ default: m.VerificationModal })));
const PhoneModal = lazy(() => profileModals().then((m) => ({ default: m.PhoneModal })));
const PhotoModal = lazy(() => profileModals().then((m) => ({ default: m.PhotoModal })));
const AwardModal = lazy(() => profileModals().then((m) => ({ default: m.AwardModal })));

/**
 * Renders the account modal the session provider says is open, and reads the flags the server puts in the URL
 * after leaving the site: `?oauth_error=<code>` (social sign-in did not finish → the login modal with the reason)
 * and `?correo_verificado=1|0` (the e-mail verification link).
 */
export function AccountModals() {
  const { modal, openModal, refresh } = useSession();
  const location = useLocation();
  const navigate = useNavigate();

  useEffect(() => {
    const params = new URLSearchParams(location.search);
    const oauthError = params.get('oauth_error');
    const verified = params.get('correo_verificado');
    if (!oauthError && verified === null) return;
    if (oauthError) openModal({ name: 'login', error: OAUTH_ERROR_CODES[oauthError as TOAuthErrorCode] ?? ACCOUNT_MESSAGES.loginFailed });
    if (verified === '1') {
      toast('success', VERIFICATION_MESSAGES.emailVerified);
      void refresh();
    } else if (verified === '0') toast('danger', COMMON_MESSAGES.generic);
    params.delete('oauth_error');
    params.delete('correo_verificado');
    const qs = params.toString();
    navigate(`${location.pathname}${qs ? `?${qs}` : ''}`, { replace: true });
  }, [location.search, location.pathname, navigate, openModal, refresh]);

  if (!modal) return null;
  return <Suspense fallback={null}>{openModalElement(modal)}</Suspense>;
}

/** The element of the open account modal. */
function openModalElement(modal: NonNullable<ReturnType<typeof useSession>['modal']>) {
  switch (modal.name) {
    case 'login': return <LoginModal key="login" redirectTo={modal.redirectTo} error={modal.error} />;
    case 'signup': return <SignUpModal key="signup" {...modal} />;
    case 'forgot': return <ForgotPasswordModal key="forgot" email={modal.email} />;
    case 'emailSent': return <EmailSentModal key="sent" />;
    case 'completeProfile': return <CompleteProfileModal key="complete" />;
    case 'verification': return <VerificationModal key="verification" />;
    case 'phone': return <PhoneModal key="phone" />;
    case 'photo': return <PhotoModal key="photo" />;
    case 'award': return <AwardModal key="award" followUp={modal.followUp} />;
  }
}
