import { z } from '../common/zod-locale.ts';
import { SEARCH_PAGE_SIZE } from '../search/constants.ts';
import { ZPropertySummary } from '../search/schemas.ts';
import { LIKES_MESSAGES as M } from './messages.ts';

/** Page size of GET /api/v1/properties/liked (the search page size, 20). */
export const LIKED_PAGE_SIZE = SEARCH_PAGE_SIZE;

/**
 * Query of `PUT /api/v1/properties/{id}/like` (spec 02 §7 "Like toggle: PUT /v1/properties/{id}/like?cuid"). `cuid`
 * is optional: the server acts for the session's client; a cuid naming anyone else is refused (403).
 */
export const ZLikeToggleQuery = z.object({
  cuid: z.string({ error: M.invalidCuid }).max(100, M.invalidCuid).optional(),
});
export type TLikeToggleQuery = z.infer<typeof ZLikeToggleQuery>;

/** Answer of the toggle: the new state for this client and the listing's like count. */
export const ZLikeState = z.object({ is_liked: z.boolean(), likes: z.number().int() });
export type TLikeState = z.infer<typeof ZLikeState>;

/** Query of `GET /api/v1/properties/liked` (spec 01 §7 "Favorites"): `page` 1-based, default 1. */
export const ZLikedQuery = z.object({
  page: z.coerce
    .number({ error: M.invalidPage })
    .pipe(z.number({ error: M.invalidPage }).int(M.invalidPage).min(1, M.invalidPage).max(10_000, M.invalidPage))
    .optional(),
});
export type TLikedQuery = z.infer<typeof ZLikedQuery>;

/** The client's liked listings, newest like first; an empty `properties` means no more pages. */
export const ZLikedResult = z.object({
  properties: z.array(ZPropertySummary),
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
});
export type TLikedResult = z.infer<typeof ZLikedResult>;
