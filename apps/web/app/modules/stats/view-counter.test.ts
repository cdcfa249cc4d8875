import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  VIEW_ENTRY_TTL_MS, VIEW_OUTBOX_KEY, VIEW_OUTBOX_TTL_MS, VIEW_REPEAT_MS, isRetryablePushFailure, isViewedRatio,
  parseViewKey, readViewEntry, recordLeave, recordView, settleViewBatch, takeViewBatch, viewKey, type ViewStorage,
} from './view-counter.ts';

/** A Map-backed Storage with the same key()/length API as localStorage. */
function memoryStorage(): ViewStorage & { map: Map<string, string> } {
  const map = new Map<string, string>();
  return {
    map,
    getItem: (k) => map.get(k) ?? null,
    setItem: (k, v) => void map.set(k, v),
    removeItem: (k) => void map.delete(k),
    key: (i) => [...map.keys()][i] ?? null,
    get length() {
      return map.size;
    },
  };
}

let ids = 0;
const nextId = () => `push-${++ids}`;

describe('view keys', () => {
  it('use the spec prefixes prop_, ad_, win_view_', () => {
    expect(viewKey('prop', 'p_1')).toBe('prop_p_1');
    expect(viewKey('ad', 'a1')).toBe('ad_a1');
    expect(viewKey('win_view', 'p_1')).toBe('win_view_p_1');
    expect(parseViewKey('win_view_p_1')).toEqual({ kind: 'win_view', id: 'p_1' });
    expect(parseViewKey('prop_p_1')).toEqual({ kind: 'prop', id: 'p_1' });
    expect(parseViewKey('ad_x')).toEqual({ kind: 'ad', id: 'x' });
    expect(parseViewKey('prop_')).toBeNull();
    expect(parseViewKey('client')).toBeNull();
  });

  it('a view needs 10% visible', () => {
    expect(isViewedRatio(true, 0.1)).toBe(true);
    expect(isViewedRatio(true, 0.09)).toBe(false);
    expect(isViewedRatio(false, 1)).toBe(false);
  });
});

describe('recordView (spec 01 §4: 10% visible, last seen more than 5 s ago)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2025-03-01T12:00:00Z'));
  });
  afterEach(() => vi.useRealTimers());

  it('counts the first sighting and not a repeat inside 5 s', () => {
    const s = memoryStorage();
    expect(recordView(s, 'prop', 'p_1', Date.now())).toBe(true);
    vi.advanceTimersByTime(VIEW_REPEAT_MS);
    expect(recordView(s, 'prop', 'p_1', Date.now())).toBe(false);
    expect(readViewEntry(s, 'prop_p_1')).toEqual({ count: 1, last: Date.now() });
  });

  it('counts again once more than 5 s passed since it was last seen', () => {
    const s = memoryStorage();
    recordView(s, 'prop', 'p_1', Date.now());
    vi.advanceTimersByTime(VIEW_REPEAT_MS + 1);
    expect(recordView(s, 'prop', 'p_1', Date.now())).toBe(true);
    expect(readViewEntry(s, 'prop_p_1')?.count).toBe(2);
  });

  it('measures from when the item was last seen (leaving the screen), not when it was counted', () => {
    const s = memoryStorage();
    recordView(s, 'prop', 'p_1', Date.now());
    vi.advanceTimersByTime(20_000);
    recordLeave(s, 'prop', 'p_1', Date.now());
    vi.advanceTimersByTime(3_000);
    expect(recordView(s, 'prop', 'p_1', Date.now())).toBe(false);
    vi.advanceTimersByTime(10_000);
    recordLeave(s, 'prop', 'p_1', Date.now());
    vi.advanceTimersByTime(VIEW_REPEAT_MS + 1);
    expect(recordView(s, 'prop', 'p_1', Date.now())).toBe(true);
  });

  it('keeps kinds apart and survives malformed or throwing storage', () => {
    const s = memoryStorage();
    recordView(s, 'prop', 'p_1', Date.now());
    expect(recordView(s, 'win_view', 'p_1', Date.now())).toBe(true);
    expect(recordView(s, 'ad', 'p_1', Date.now())).toBe(true);
    s.setItem('prop_p_2', '{oops');
    expect(recordView(s, 'prop', 'p_2', Date.now())).toBe(true);
    expect(readViewEntry(s, 'prop_p_2')?.count).toBe(1);
    const broken: ViewStorage = {
      getItem: () => { throw new Error('denied'); },
      setItem: () => { throw new Error('full'); },
      removeItem: () => undefined,
      key: () => null,
      length: 0,
    };
    expect(() => recordView(broken, 'prop', 'p_1', Date.now())).not.toThrow();
    expect(takeViewBatch(broken, Date.now(), nextId)).toBeNull();
  });
});

describe('takeViewBatch (pushed every 60 s with a push id)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2025-03-01T12:00:00Z'));
  });
  afterEach(() => vi.useRealTimers());

  it('moves pending counts into one batch and zeroes them, keeping last-seen', () => {
    const s = memoryStorage();
    recordView(s, 'prop', 'p_1', Date.now());
    vi.advanceTimersByTime(6_000);
    recordView(s, 'prop', 'p_1', Date.now());
    recordView(s, 'win_view', 'p_2', Date.now());
    recordView(s, 'ad', 'ad9', Date.now());
    s.setItem('client', '{"cuid":"c"}');
    const batch = takeViewBatch(s, Date.now(), nextId)!;
    const now = Date.now();
    expect(batch.data).toEqual({ prop_p_1: { count: 2, last_seen: now }, win_view_p_2: { count: 1, last_seen: now } });
    expect(batch.ads_data).toEqual({ ad_ad9: { count: 1, last_seen: now } });
    expect(readViewEntry(s, 'prop_p_1')).toEqual({ count: 0, last: Date.now() });
    expect(s.getItem('client')).toBe('{"cuid":"c"}');
  });

  it('returns null when nothing is pending', () => {
    const s = memoryStorage();
    expect(takeViewBatch(s, Date.now(), nextId)).toBeNull();
    recordView(s, 'prop', 'p_1', Date.now());
    const b = takeViewBatch(s, Date.now(), nextId)!;
    settleViewBatch(s, b.push_id);
    expect(takeViewBatch(s, Date.now(), nextId)).toBeNull();
  });

  it('resends the same batch and push id until the server confirms it; new views wait for the next batch', () => {
    const s = memoryStorage();
    recordView(s, 'prop', 'p_1', Date.now());
    const first = takeViewBatch(s, Date.now(), nextId)!;
    vi.advanceTimersByTime(60_000);
    recordView(s, 'prop', 'p_3', Date.now());
    const retry = takeViewBatch(s, Date.now(), nextId)!;
    expect(retry).toEqual(first);
    settleViewBatch(s, 'someone-else');
    expect(s.map.has(VIEW_OUTBOX_KEY)).toBe(true);
    settleViewBatch(s, first.push_id);
    const second = takeViewBatch(s, Date.now(), nextId)!;
    expect(second.push_id).not.toBe(first.push_id);
    expect(second.data).toEqual({ prop_p_3: { count: 1, last_seen: Date.now() } });
  });

  it('takes at most maxItems items; the rest wait for the next push', () => {
    const s = memoryStorage();
    for (const id of ['a', 'b', 'c']) recordView(s, 'prop', id, Date.now());
    const first = takeViewBatch(s, Date.now(), nextId, 2)!;
    expect(Object.keys(first.data)).toHaveLength(2);
    settleViewBatch(s, first.push_id);
    const second = takeViewBatch(s, Date.now(), nextId, 2)!;
    expect(Object.keys(second.data)).toHaveLength(1);
    expect({ ...first.data, ...second.data }).toHaveProperty('prop_c');
  });

  it('drops an outbox older than a day and prunes old empty entries', () => {
    const s = memoryStorage();
    recordView(s, 'prop', 'p_1', Date.now());
    takeViewBatch(s, Date.now(), nextId);
    vi.advanceTimersByTime(Math.max(VIEW_OUTBOX_TTL_MS, VIEW_ENTRY_TTL_MS) + 1);
    expect(takeViewBatch(s, Date.now(), nextId)).toBeNull();
    expect(s.map.size).toBe(0);
  });

  it('retries only failures that may succeed later', () => {
    expect(isRetryablePushFailure(0)).toBe(true);
    expect(isRetryablePushFailure(503)).toBe(true);
    expect(isRetryablePushFailure(429)).toBe(true);
    expect(isRetryablePushFailure(400)).toBe(false);
    expect(isRetryablePushFailure(403)).toBe(false);
  });
});
