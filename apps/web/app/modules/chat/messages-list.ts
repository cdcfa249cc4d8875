import type { TChatMessage } from './api.ts';
import { dayKey } from './chat-time.ts';

/**
 * Merges `incoming` into `current` (a conversation in order): a message already there (same muid) is replaced by the
 * newer copy (a selected option, a seen receipt), new ones are added; the result is in created_at order, ties keeping
 * arrival order. Returns `current` itself when nothing changed, so React skips the render.
 */
export function mergeMessages(current: readonly TChatMessage[], incoming: readonly TChatMessage[]): TChatMessage[] {
  if (!incoming.length) return current as TChatMessage[];
  const byId = new Map(current.map((m, i) => [m.muid, i]));
  const next = [...current];
  let changed = false;
  for (const m of incoming) {
    const at = byId.get(m.muid);
    if (at === undefined) {
      byId.set(m.muid, next.length);
      next.push(m);
      changed = true;
    } else if (JSON.stringify(next[at]) !== JSON.stringify(m)) {
      next[at] = m;
      changed = true;
    }
  }
  if (!changed) return current as TChatMessage[];
  return next
    .map((m, i) => ({ m, i, t: Date.parse(m.created_at) }))
    .sort((a, b) => a.t - b.t || a.i - b.i)
    .map((x) => x.m);
}

/** Marks `muids` seen at `seenAt` (ISO); unchanged messages keep their identity. */
export function markSeen(current: readonly TChatMessage[], muids: readonly string[], seenAt: string): TChatMessage[] {
  const ids = new Set(muids);
  let changed = false;
  const next = current.map((m) => {
    if (!ids.has(m.muid) || m.seen) return m;
    changed = true;
    return { ...m, seen: true, seen_at: seenAt };
  });
  return changed ? next : (current as TChatMessage[]);
}

/** A conversation cut into days for the dividers: `[{ day: 'YYYY-MM-DD', messages }]` in `zone`. */
export function groupByDay<T extends { created_at: string }>(messages: readonly T[], zone: string): { day: string; messages: T[] }[] {
  const groups: { day: string; messages: T[] }[] = [];
  for (const m of messages) {
    const day = dayKey(Date.parse(m.created_at), zone);
    const last = groups[groups.length - 1];
    if (last && last.day === day) last.messages.push(m);
    else groups.push({ day, messages: [m] });
  }
  return groups;
}
