/**
 * The like a visitor asked for before signing in (spec 01 §4: "Visitors who are not signed in are asked to sign in
 * first"; issue 3: "the like is applied after signing in"). Kept in sessionStorage so it survives the login modal, an
 * OAuth redirect or a reload in the same tab; forgotten after PENDING_LIKE_TTL_MS.
 */
export const PENDING_LIKE_KEY = 'nj-pending-like';
/** 30 minutes. */
export const PENDING_LIKE_TTL_MS = 30 * 60 * 1000;

export type PendingLike = { uid: string; at: number };

type StorageLike = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

function storage(): StorageLike | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null;
  }
}

/** Remembers that the visitor wants to like `uid` (replaces any earlier pending like). */
export function rememberPendingLike(uid: string, now = Date.now(), store: StorageLike | null = storage()): void {
  try {
    store?.setItem(PENDING_LIKE_KEY, JSON.stringify({ uid, at: now } satisfies PendingLike));
  } catch {
    /* storage full or disabled: the like is simply not resumed */
  }
}

/** Removes and returns the pending like, or null when there is none, it is malformed or older than the TTL. */
export function takePendingLike(now = Date.now(), store: StorageLike | null = storage()): PendingLike | null {
  if (!store) return null;
  let raw: string | null = null;
  try {
    raw = store.getItem(PENDING_LIKE_KEY);
    if (raw !== null) store.removeItem(PENDING_LIKE_KEY);
  } catch {
    return null;
  }
  if (!raw) return null;
  try {
    const parsed = JSON.parse(raw) as Partial<PendingLike>;
    if (typeof parsed.uid !== 'string' || !parsed.uid || typeof parsed.at !== 'number') return null;
    if (now - parsed.at > PENDING_LIKE_TTL_MS || parsed.at > now + 60_000) return null;
    return { uid: parsed.uid, at: parsed.at };
  } catch {
    return null;
  }
}
