import { SITE_LOGIN, STATE_PATTERN } from '@nj/contracts/site-login/schemas';

const ALPHANUMERICS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/**
 * A new state of the branded login (spec 03 §2: 12 random alphanumerics): each character from
 * `crypto.getRandomValues`, bytes ≥ 248 redrawn so every one of the 62 characters is equally likely.
 * @param random fills a byte array with random values (the browser's crypto by default; tests pass their own)
 */
export function newLoginState(random: (bytes: Uint8Array<ArrayBuffer>) => Uint8Array = (b) => globalThis.crypto.getRandomValues(b)): string {
  let out = '';
  while (out.length < SITE_LOGIN.stateLength) {
    for (const byte of random(new Uint8Array(SITE_LOGIN.stateLength * 2))) {
      if (byte >= 248) continue; // 248 = 4 × 62: above it the characters would not be equally likely
      out += ALPHANUMERICS[byte % 62];
      if (out.length === SITE_LOGIN.stateLength) break;
    }
  }
  return out;
}

/** Keeps `state` in this tab's sessionStorage (spec 03 §2 'kept in storage'); false when storage is unavailable. */
export function storeLoginState(state: string): boolean {
  try {
    window.sessionStorage.setItem(SITE_LOGIN.stateStorageKey, state);
    return true;
  } catch {
    return false;
  }
}

/** The state kept by storeLoginState, or null (none, storage unavailable, or not 12 alphanumerics). */
export function readLoginState(): string | null {
  try {
    const value = window.sessionStorage.getItem(SITE_LOGIN.stateStorageKey);
    return value && STATE_PATTERN.test(value) ? value : null;
  } catch {
    return null;
  }
}

/** Forgets the kept state (after it was used once). */
export function clearLoginState(): void {
  try {
    window.sessionStorage.removeItem(SITE_LOGIN.stateStorageKey);
  } catch {
    /* storage unavailable: nothing kept */
  }
}

/**
 * Spec 03 §5 last line: the integration login goes on only when the state kept in storage equals the state in the
 * URL. Both must be 12 alphanumerics; a missing one never matches.
 */
export function statesMatch(stored: string | null, fromUrl: string | null): boolean {
  return stored !== null && fromUrl !== null && STATE_PATTERN.test(fromUrl) && stored === fromUrl;
}

/** The central login's address on the product host for the site `baseDomain` and `state`. */
export function centralLoginUrl(productOrigin: string, baseDomain: string, state: string): string {
  const url = new URL('/integrations-login', productOrigin);
  url.searchParams.set('return_to', baseDomain);
  url.searchParams.set('state', state);
  return url.toString();
}
