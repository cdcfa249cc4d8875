import { useSyncExternalStore } from 'react';

/**
 * Like states changed in this tab, by puid. Cards come from cached search pages whose `is_liked` is what the server
 * said at fetch time; a toggle writes here so every card of that listing (list, map popup, /favoritos) flips at once.
 * Cleared when the signed-in client changes.
 */
const overrides = new Map<string, boolean>();
const listeners = new Set<() => void>();
let version = 0;

function emit(): void {
  version += 1;
  for (const l of listeners) l();
}

export function setLiked(uid: string, isLiked: boolean): void {
  if (overrides.get(uid) === isLiked) return;
  overrides.set(uid, isLiked);
  emit();
}

export function clearLikeOverrides(): void {
  if (overrides.size === 0) return;
  overrides.clear();
  emit();
}

/** The like state to show: this tab's latest known state, else the server's `fallback`. */
export function likedState(uid: string, fallback: boolean): boolean {
  return overrides.get(uid) ?? fallback;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** `likedState` as a hook: re-renders when any override changes. */
export function useIsLiked(uid: string, fallback: boolean): boolean {
  useSyncExternalStore(subscribe, () => version, () => 0);
  return likedState(uid, fallback);
}
