import type { TRentList } from '@nj/contracts/rents/schemas';
import { api } from '../api/client.ts';

/**
 * GET /api/v1/rents?t&only_active&puid&page (spec 03 §7): one page (20) of my rents, newest activity first.
 * `t: 'renter'` → my contacted properties; `t: 'owner'` with `puid` → who contacted that listing of mine (403 when it
 * is not mine).
 */
export const getRents = (
  query: { t: 'renter' | 'owner'; onlyActive?: boolean; puid?: string; page: number },
  signal?: AbortSignal,
) => api<TRentList>('GET', '/v1/rents', {
  query: { t: query.t, only_active: query.onlyActive ? 'true' : undefined, puid: query.puid, page: query.page },
  signal,
});

/** React Query key of the rent lists of these pages. */
export const RENTS_QUERY_KEY = ['rents'] as const;
