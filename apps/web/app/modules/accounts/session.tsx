import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Center, Loader } from '@mantine/core';
import { ACCOUNTS_UI_MESSAGES as M, ACCOUNTS_UI_TIMINGS, ACCOUNTS_UI } from '@nj/contracts/accounts/messages';
import { COMMON_MESSAGES } from '@nj/contracts/common/messages';
import { toast } from '../toast/toast.ts';
import {
  clientId, errorMessage, isRegistered, postLogout, postSession, type TClient, type TLoginResult, type TSessionData,
  type TSettings,
} from './api.ts';
import { announceLoggedIn, OPEN_LOGIN_EVENT, type OpenLoginDetail } from './login-events.ts';

/** The modals of spec 02 §2 that the provider can open (one at a time). */
export type AccountModal =
  | { name: 'login'; redirectTo?: string; error?: string }
  /** `fromLogin`: a login with an address that has no account (is_new): prefilled, the PIN is sent only on confirm. */
  | { name: 'signup'; email?: string; password?: string; fromLogin?: boolean; redirectTo?: string }
  | { name: 'forgot'; email?: string }
  | { name: 'emailSent' }
  | { name: 'completeProfile' }
  | { name: 'verification' }
  | { name: 'phone' }
  | { name: 'photo' }
  | { name: 'award'; followUp?: boolean };

type SessionContextValue = {
  /** 'loading' until the first `POST /api/v1/client/session` answered (or failed). */
  status: 'loading' | 'ready';
  client: TClient | null;
  settings: TSettings | null;
  registered: boolean;
  /** Asks the server for the current client and settings; errors are swallowed (null) unless `showError`. */
  refresh: (options?: { showError?: boolean }) => Promise<TSessionData | null>;
  /** Replaces the client (after an update call that answers the client). */
  setClient: (client: TClient) => void;
  /** Finishes a sign-in or sign-up: stores the session, announces it, follows the redirect. */
  completeLogin: (result: TLoginResult, options?: { fromSignUp?: boolean; redirectTo?: string }) => void;
  logout: () => Promise<void>;
  modal: AccountModal | null;
  openModal: (modal: AccountModal) => void;
  closeModal: () => void;
  /** Runs `fn` once after the next successful sign-in (e.g. registering a referrer). */
  afterLogin: (fn: (cuid: string) => void) => void;
  /** Shows a failed call's message as a danger toast; the login-required message reopens the login. */
  showError: (error: unknown, fallback: string) => void;
};

const SessionContext = createContext<SessionContextValue | null>(null);

function readStored(): TSessionData | null {
  try {
    const raw = window.sessionStorage.getItem(ACCOUNTS_UI.storageKeys.session) ?? window.localStorage.getItem(ACCOUNTS_UI.storageKeys.local);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as TSessionData;
    return parsed && typeof parsed === 'object' && parsed.client ? parsed : null;
  } catch {
    return null;
  }
}

function writeStored(data: TSessionData | null): void {
  try {
    if (!data?.client) {
      window.localStorage.removeItem(ACCOUNTS_UI.storageKeys.local);
      window.sessionStorage.removeItem(ACCOUNTS_UI.storageKeys.session);
      return;
    }
    const raw = JSON.stringify({ client: data.client, settings: data.settings });
    window.localStorage.setItem(ACCOUNTS_UI.storageKeys.local, raw);
    window.sessionStorage.setItem(ACCOUNTS_UI.storageKeys.session, raw);
  } catch {
    /* storage disabled: the cookie session still works */
  }
}

/**
 * The client session of spec 02 §4: `POST /api/v1/client/session` on load (errors swallowed → no client), refreshed
 * every 12 minutes, kept under localStorage 'client' and sessionStorage 'client-session'. Logout calls
 * `POST /api/v1/logout`, clears both storages and goes to `/`; when it fails the message is a new_danger toast and
 * the session is kept. Also owns which account modal is open and listens for 'nj:open-login'.
 */
export function SessionProvider({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const location = useLocation();
  const [status, setStatus] = useState<'loading' | 'ready'>('loading');
  const [data, setData] = useState<TSessionData>({ client: null, settings: null });
  const [modal, setModalState] = useState<AccountModal | null>(null);
  // The control that opened the first of a run of account modals (login → sign-up → PIN → award → profile): focus
  // goes back to it when the last one closes (issue 9 §7; Escape included), as each modal replaces the previous one
  // and Mantine's own focus return would aim at a control of the modal that was replaced.
  const opener = useRef<HTMLElement | null>(null);
  const modalRef = useRef<AccountModal | null>(null);
  const setModal = useCallback((next: AccountModal | null) => {
    if (next && !modalRef.current && typeof document !== 'undefined') {
      const active = document.activeElement;
      opener.current = active instanceof HTMLElement && active !== document.body ? active : null;
    }
    modalRef.current = next;
    setModalState(next);
  }, []);
  useEffect(() => {
    if (modal || !opener.current) return;
    const target = opener.current;
    opener.current = null;
    // After the modal's own focus handling on unmount.
    const frame = window.requestAnimationFrame(() => { if (target.isConnected) target.focus(); });
    return () => window.cancelAnimationFrame(frame);
  }, [modal]);
  const pending = useRef<((cuid: string) => void)[]>([]);
  const hadSession = useRef(false);
  const pathRef = useRef(location.pathname);
  pathRef.current = location.pathname;

  const apply = useCallback((next: TSessionData) => {
    setData(next);
    writeStored(next.client ? next : null);
    if (isRegistered(next.client)) hadSession.current = true;
  }, []);

  const refresh = useCallback(async (options: { showError?: boolean } = {}) => {
    try {
      const next = await postSession();
      const value = { client: next?.client ?? null, settings: next?.settings ?? null };
      apply(value);
      return value;
    } catch (error) {
      if (options.showError) toast('danger', errorMessage(error, COMMON_MESSAGES.fetchError));
      else apply({ client: null, settings: null });
      return null;
    } finally {
      setStatus('ready');
    }
  }, [apply]);

  useEffect(() => {
    const stored = readStored();
    if (stored) setData(stored);
    void refresh();
    const timer = window.setInterval(() => void refresh(), ACCOUNTS_UI_TIMINGS.sessionRefreshMs);
    return () => window.clearInterval(timer);
  }, [refresh]);

  useEffect(() => {
    const onOpen = (event: Event) => {
      const detail = (event as CustomEvent<OpenLoginDetail>).detail ?? {};
      setModal(detail.mode === 'signup' ? { name: 'signup', redirectTo: detail.redirectTo } : { name: 'login', redirectTo: detail.redirectTo });
    };
    window.addEventListener(OPEN_LOGIN_EVENT, onOpen);
    return () => window.removeEventListener(OPEN_LOGIN_EVENT, onOpen);
  }, [setModal]);

  const completeLogin = useCallback<SessionContextValue['completeLogin']>((result, options = {}) => {
    const next = { client: result.client, settings: result.settings };
    apply(next);
    setStatus('ready');
    const cuid = clientId(result.client);
    setModal(options.fromSignUp ? { name: 'award', followUp: true } : null);
    const queued = pending.current;
    pending.current = [];
    for (const fn of queued) fn(cuid);
    announceLoggedIn(cuid);
    if (options.redirectTo) navigate(options.redirectTo);
    else if (result.settings?.is_agent && pathRef.current === '/') navigate('/agent-dashboard');
  }, [apply, navigate, setModal]);

  const logout = useCallback(async () => {
    try {
      await postLogout();
    } catch (error) {
      toast('new_danger', errorMessage(error, COMMON_MESSAGES.generic));
      return;
    }
    try {
      window.localStorage.clear();
      window.sessionStorage.clear();
    } catch {
      /* nothing stored */
    }
    hadSession.current = false;
    setData({ client: null, settings: null });
    setModal(null);
    navigate('/');
    void refresh();
  }, [navigate, refresh, setModal]);

  const showError = useCallback((error: unknown, fallback: string) => {
    const message = errorMessage(error, fallback);
    toast('danger', message);
    if (message === COMMON_MESSAGES.loginRequired && hadSession.current) setModal({ name: 'login' });
  }, [setModal]);

  const value = useMemo<SessionContextValue>(() => ({
    status,
    client: data.client,
    settings: data.settings,
    registered: isRegistered(data.client),
    refresh,
    setClient: (client) => apply({ client, settings: data.settings }),
    completeLogin,
    logout,
    modal,
    openModal: setModal,
    closeModal: () => setModal(null),
    afterLogin: (fn) => { pending.current.push(fn); },
    showError,
  }), [status, data, refresh, apply, completeLogin, logout, modal, setModal, showError]);

  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

/** The session context; throws outside SessionProvider. */
export function useSession(): SessionContextValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession outside SessionProvider');
  return value;
}

/** The session context, or null outside the provider (for components also rendered by error pages). */
export function useOptionalSession(): SessionContextValue | null {
  return useContext(SessionContext);
}

/** The loading screen shown until the session is resolved (spec 02 §2: routes that wait for the session). */
export function SessionGate({ children }: { children: ReactNode }) {
  const { status } = useSession();
  if (status === 'loading') {
    return (
      <Center h="60vh" aria-busy="true">
        <Loader aria-label={M.loading} />
      </Center>
    );
  }
  return <>{children}</>;
}
