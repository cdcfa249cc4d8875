import { describe, expect, it } from 'vitest';
import { PENDING_LIKE_KEY, PENDING_LIKE_TTL_MS, rememberPendingLike, takePendingLike } from './pending-like.ts';

function memoryStorage() {
  const map = new Map<string, string>();
  return {
    getItem: (k: string) => map.get(k) ?? null,
    setItem: (k: string, v: string) => void map.set(k, v),
    removeItem: (k: string) => void map.delete(k),
    map,
  };
}

describe('pending like', () => {
  it('is taken once', () => {
    const s = memoryStorage();
    rememberPendingLike('p_1', 1_000, s);
    rememberPendingLike('p_2', 2_000, s);
    expect(takePendingLike(3_000, s)).toEqual({ uid: 'p_2', at: 2_000 });
    expect(takePendingLike(3_000, s)).toBeNull();
  });

  it('is forgotten after the TTL, and when malformed', () => {
    const s = memoryStorage();
    rememberPendingLike('p_1', 0, s);
    expect(takePendingLike(PENDING_LIKE_TTL_MS + 1, s)).toBeNull();
    expect(s.map.has(PENDING_LIKE_KEY)).toBe(false);
    for (const bad of ['{', '{"uid":5,"at":1}', '{"uid":"","at":1}', 'null']) {
      s.setItem(PENDING_LIKE_KEY, bad);
      expect(takePendingLike(10, s), bad).toBeNull();
    }
    expect(takePendingLike(10, null)).toBeNull();
  });
});
