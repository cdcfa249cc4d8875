import { SEARCH_PAGE_SIZE } from '../search/constants.ts';

// Plain numbers and lists of statistics, apart from the schemas so the pages that count views carry no zod.

/** Window inside which a repeat of the same item by the same client is ignored (ms; spec 01 §4, §9: 5 s). */
export const VIEW_REPEAT_WINDOW_MS = 5_000;
/** Most items one push may carry (views push `data` keys, appearance puids). */
export const STATS_MAX_ITEMS = 500;
/** Most views credited for one item in one push: one per 5 s window of the 60 s push period. */
export const STATS_MAX_VIEWS_PER_ITEM = 12;
/** Days of the per-listing series, default and maximum. */
export const STATS_DEFAULT_DAYS = 30;
export const STATS_MAX_DAYS = 90;
/** Page size of the owner's list (the search page size, 20). */
export const MY_PROPERTIES_PAGE_SIZE = SEARCH_PAGE_SIZE;
/** Channels a share is counted through (POST /api/v1/properties/{id}/share). */
export const SHARE_CHANNELS = ['web_share', 'copy_link', 'whatsapp'] as const;
