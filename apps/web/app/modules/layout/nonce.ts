import { createContext, useContext } from 'react';

/**
 * The CSP nonce of the page being rendered on the server ('' in the browser, where the scripts already ran). The
 * root layout puts it on every inline script (React Router's, Mantine's colour-scheme script).
 */
export const NonceContext = createContext('');

/** The page's CSP nonce (server render), or '' in the browser. */
export function useNonce(): string {
  return useContext(NonceContext);
}
