import { STATS_MAX_ITEMS } from '@nj/contracts/stats/constants';

/**
 * View counting in the browser (spec 01 §4 "Viewing"): a property or ad counts as viewed when 10% of it is visible
 * and it was last seen more than 5 s ago. Counts and last-seen times are kept per item in local storage under the
 * prefixes `prop_` (a listing: its card in a list, on the map, or its detail page), `ad_` (an ad) and `win_view_`
 * (a whole-page view; the server accepts these keys but does not count them yet), and pushed every 60 s. A card
 * seen and then opened within 5 s is one view, since both use the `prop_` key.
 *
 * Everything here is pure over a Storage-like object and a clock value, so it is tested without a browser; the
 * IntersectionObserver and the timer live in useViewCounting.ts.
 */

/** Share of an item that must be on screen for it to count (spec 01 §4: 10%). */
export const VIEW_VISIBLE_RATIO = 0.1;
/** An item seen again within this many ms is not counted again (spec 01 §4: 5 s). */
export const VIEW_REPEAT_MS = 5_000;
/** How often pending counts are pushed, in ms (spec 01 §4: every 60 s). */
export const VIEW_PUSH_MS = 60_000;
/** Entries with nothing pending that were last seen longer ago than this (ms) are removed, to keep storage small. */
export const VIEW_ENTRY_TTL_MS = 24 * 60 * 60 * 1000;
/** A batch the server never accepted is dropped after this many ms (the server ignores stale pushes anyway). */
export const VIEW_OUTBOX_TTL_MS = 24 * 60 * 60 * 1000;

/** Most items in one push (the server's STATS_MAX_ITEMS); the rest wait for the next push. */
export const VIEW_MAX_ITEMS = STATS_MAX_ITEMS;

/** The kinds of counted items and their local-storage prefixes (spec 01 §4). */
export const VIEW_PREFIXES = { prop: 'prop_', ad: 'ad_', win_view: 'win_view_' } as const;
export type ViewKind = keyof typeof VIEW_PREFIXES;
/** Where the batch being pushed waits until the server confirmed it (so a retry resends the same push id). */
export const VIEW_OUTBOX_KEY = 'nj_views_outbox';

/** The part of the Web Storage API used here (localStorage, or a Map-backed fake in tests). */
export type ViewStorage = {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
  key(index: number): string | null;
  readonly length: number;
};

/** One item's entry: `count` views not yet pushed, `last` = when it was last seen (epoch ms). */
export type ViewEntry = { count: number; last: number };

/** One item of a push: views since the last push and when it was last seen (epoch ms). */
export type ViewBatchItem = { count: number; last_seen: number };

/**
 * A batch of views to push (the body of the views push, spec 01 §7: data, ads_data; cuid is added when sending).
 * Keys are the local-storage keys: `data` holds `prop_{puid}` and `win_view_{puid}`, `ads_data` holds `ad_{id}`.
 * `push_id` is the same on every retry of this batch, so the server counts it once.
 */
export type ViewBatch = {
  push_id: string;
  created_at: number;
  data: Record<string, ViewBatchItem>;
  ads_data: Record<string, ViewBatchItem>;
};

/** `prop_p_123` for kind 'prop' and id 'p_123'. */
export function viewKey(kind: ViewKind, id: string): string {
  return `${VIEW_PREFIXES[kind]}${id}`;
}

/** The kind and id of a storage key, or null when it is not one of ours. `win_view_` is tested before the rest. */
export function parseViewKey(key: string): { kind: ViewKind; id: string } | null {
  for (const kind of ['win_view', 'prop', 'ad'] as const) {
    const prefix = VIEW_PREFIXES[kind];
    if (key.startsWith(prefix) && key.length > prefix.length) return { kind, id: key.slice(prefix.length) };
  }
  return null;
}

/** Reads an entry; a missing or malformed value is null. */
export function readViewEntry(storage: ViewStorage, key: string): ViewEntry | null {
  const raw = safe(() => storage.getItem(key), null);
  if (!raw) return null;
  try {
    const v = JSON.parse(raw) as Partial<ViewEntry> | null;
    if (!v || typeof v !== 'object') return null;
    const count = Number.isInteger(v.count) && (v.count as number) > 0 ? (v.count as number) : 0;
    const last = typeof v.last === 'number' && Number.isFinite(v.last) ? v.last : 0;
    return { count, last };
  } catch {
    return null;
  }
}

function writeViewEntry(storage: ViewStorage, key: string, entry: ViewEntry): void {
  safe(() => storage.setItem(key, JSON.stringify(entry)), undefined);
}

/**
 * Records that an item is on screen with at least VIEW_VISIBLE_RATIO of it visible at `now` (epoch ms). It counts
 * one view when it was never seen or last seen more than VIEW_REPEAT_MS ago; either way its last-seen time becomes
 * `now`. Returns whether a view was counted. Never throws (storage full or disabled → false).
 */
export function recordView(storage: ViewStorage, kind: ViewKind, id: string, now: number): boolean {
  if (!id) return false;
  const key = viewKey(kind, id);
  const entry = readViewEntry(storage, key);
  const counts = !entry || entry.last <= 0 || now - entry.last > VIEW_REPEAT_MS;
  writeViewEntry(storage, key, { count: (entry?.count ?? 0) + (counts ? 1 : 0), last: now });
  return counts;
}

/**
 * Records that an item stopped being visible at `now`: it was seen until then, so its last-seen time moves to `now`
 * without counting. Unknown items are left alone.
 */
export function recordLeave(storage: ViewStorage, kind: ViewKind, id: string, now: number): void {
  const key = viewKey(kind, id);
  const entry = readViewEntry(storage, key);
  if (entry && now > entry.last) writeViewEntry(storage, key, { ...entry, last: now });
}

/** Whether an IntersectionObserver entry is "viewed": intersecting with at least 10% visible. */
export function isViewedRatio(isIntersecting: boolean, ratio: number): boolean {
  return isIntersecting && ratio >= VIEW_VISIBLE_RATIO - 1e-6;
}

function allViewKeys(storage: ViewStorage): string[] {
  const keys: string[] = [];
  const n = safe(() => storage.length, 0);
  for (let i = 0; i < n; i++) {
    const k = safe(() => storage.key(i), null);
    if (k && parseViewKey(k)) keys.push(k);
  }
  return keys;
}

/** Reads the batch waiting for the server's confirmation, or null. */
export function readOutbox(storage: ViewStorage): ViewBatch | null {
  const raw = safe(() => storage.getItem(VIEW_OUTBOX_KEY), null);
  if (!raw) return null;
  try {
    const b = JSON.parse(raw) as ViewBatch;
    if (!b || typeof b.push_id !== 'string' || !b.data || typeof b.ads_data !== 'object') return null;
    return b;
  } catch {
    return null;
  }
}

/**
 * Takes the views to push at `now`. A batch still waiting from a failed push is returned again, unchanged (same
 * push_id), unless older than VIEW_OUTBOX_TTL_MS. Otherwise every pending count moves into a new batch with the
 * push id `newPushId()` (at most `maxItems` items; the rest stay pending), the counts go back to 0 (last-seen kept)
 * and the batch is stored as the outbox. Stale
 * entries (nothing pending, last seen more than VIEW_ENTRY_TTL_MS ago) are removed. Returns null when nothing is
 * pending.
 */
export function takeViewBatch(
  storage: ViewStorage,
  now: number,
  newPushId: () => string,
  maxItems: number = VIEW_MAX_ITEMS,
): ViewBatch | null {
  const waiting = readOutbox(storage);
  if (waiting && now - waiting.created_at <= VIEW_OUTBOX_TTL_MS) return waiting;
  if (waiting) safe(() => storage.removeItem(VIEW_OUTBOX_KEY), undefined);

  const batch: ViewBatch = { push_id: '', created_at: now, data: {}, ads_data: {} };
  let taken = 0;
  for (const key of allViewKeys(storage)) {
    const parsed = parseViewKey(key)!;
    const entry = readViewEntry(storage, key);
    if (!entry) {
      safe(() => storage.removeItem(key), undefined);
      continue;
    }
    if (entry.count > 0) {
      if (taken >= maxItems) continue;
      taken++;
      (parsed.kind === 'ad' ? batch.ads_data : batch.data)[key] = { count: entry.count, last_seen: entry.last };
      writeViewEntry(storage, key, { count: 0, last: entry.last });
    } else if (now - entry.last > VIEW_ENTRY_TTL_MS) {
      safe(() => storage.removeItem(key), undefined);
    }
  }
  if (taken === 0) return null;
  batch.push_id = newPushId();
  safe(() => storage.setItem(VIEW_OUTBOX_KEY, JSON.stringify(batch)), undefined);
  return batch;
}

/** The server accepted (or definitively refused) the batch `pushId`: forget it. Another batch is left alone. */
export function settleViewBatch(storage: ViewStorage, pushId: string): void {
  const waiting = readOutbox(storage);
  if (waiting?.push_id === pushId) safe(() => storage.removeItem(VIEW_OUTBOX_KEY), undefined);
}

/** Whether a failed push should be retried with the same id: network failures, 408, 429 and 5xx; not other 4xx. */
export function isRetryablePushFailure(status: number): boolean {
  return status === 0 || status === 408 || status === 429 || status >= 500;
}

function safe<T>(fn: () => T, fallback: T): T {
  try {
    return fn();
  } catch {
    return fallback;
  }
}
