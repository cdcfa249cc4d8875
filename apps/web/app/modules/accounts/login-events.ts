/**
 * Window events between features and the accounts UI. A feature that needs a signed-in client (the like heart,
 * tickets) calls `openLoginModal()`; the session provider listens for 'nj:open-login' and opens the login modal.
 * After any successful sign-in or sign-up the provider dispatches 'nj:logged-in' so the feature can finish what the
 * visitor started (spec 02 §4: "the like is applied after signing in").
 */
export const OPEN_LOGIN_EVENT = 'nj:open-login';
export const LOGGED_IN_EVENT = 'nj:logged-in';

export type OpenLoginDetail = {
  /** 'login' (default) or 'signup' to open the create-account modal first. */
  mode?: 'login' | 'signup';
  /** Where to go after signing in (spec 01 §2: owners → /mis-propiedades, agents → /agency-control-panel). */
  redirectTo?: string;
};

/** Asks the accounts UI to open the login modal. No-op on the server. */
export function openLoginModal(detail: OpenLoginDetail = {}): void {
  if (typeof window === 'undefined') return;
  window.dispatchEvent(new CustomEvent<OpenLoginDetail>(OPEN_LOGIN_EVENT, { detail }));
}

/** Runs `listener` after every successful sign-in or sign-up; returns the unsubscribe function. */
export function onLoggedIn(listener: (cuid: string) => void): () => void {
  if (typeof window === 'undefined') return () => {};
  const handler = (event: Event) => listener((event as CustomEvent<{ cuid: string }>).detail?.cuid ?? '');
  window.addEventListener(LOGGED_IN_EVENT, handler);
  return () => window.removeEventListener(LOGGED_IN_EVENT, handler);
}

/** Announces a completed sign-in (called by the session provider). */
export function announceLoggedIn(cuid: string): void {
  if (typeof window === 'undefined') return;
  window.dispatchEvent(new CustomEvent(LOGGED_IN_EVENT, { detail: { cuid } }));
}
