import type { TSavedSearch, TSavedSearchCreate, TSavedSearchUpdate } from '@nj/contracts/saved-searches/schemas';
import { api } from '../api/client.ts';

/** POST /api/v1/saved-searches (issue 17): saves the current /propiedades query string with a name. */
export const postSavedSearch = (body: Partial<TSavedSearchCreate> & { name: string; query: string }) => api<TSavedSearch>('POST', '/v1/saved-searches', { body });
/** GET /api/v1/saved-searches: the signed-in client's searches with their new counts. */
export const getSavedSearches = () => api<{ searches: TSavedSearch[] }>('GET', '/v1/saved-searches');
/** PATCH /api/v1/saved-searches/:id: rename, change alerts, mark visited. */
export const patchSavedSearch = (id: string, body: TSavedSearchUpdate) => api<null>('PATCH', `/v1/saved-searches/${encodeURIComponent(id)}`, { body });
/** DELETE /api/v1/saved-searches/:id. */
export const deleteSavedSearch = (id: string) => api<null>('DELETE', `/v1/saved-searches/${encodeURIComponent(id)}`);
/** POST /api/v1/saved-searches/unsubscribe?token= (the alert e-mail's link; no session needed). */
export const postUnsubscribe = (token: string) => api<{ name: string }>('POST', '/v1/saved-searches/unsubscribe', { query: { token } });
/** React Query key of /busquedas-guardadas. */
export const SAVED_SEARCHES_KEY = ['saved-searches'] as const;
