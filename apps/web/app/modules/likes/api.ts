import type { TLikedResult, TLikeState } from '@nj/contracts/likes/schemas';
import { api } from '../api/client.ts';

/** PUT /api/v1/properties/{uid}/like?cuid= (spec 02 §7): toggles the signed-in client's like; answers the new state. */
export const putLike = (uid: string, cuid?: string) =>
  api<TLikeState>('PUT', `/v1/properties/${encodeURIComponent(uid)}/like`, { query: { cuid } });

/** GET /api/v1/properties/liked?page= (spec 01 §7 "Favorites"): one page (20) of liked cards, newest like first. */
export const getLiked = (page: number, signal?: AbortSignal) =>
  api<TLikedResult>('GET', '/v1/properties/liked', { query: { page }, signal });

/** React Query key of the favoritos pages. */
export const LIKED_QUERY_KEY = ['liked'] as const;
