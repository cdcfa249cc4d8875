import { describe, expect, it } from 'vitest';
import type { TChatMessage } from './api.ts';
import { groupByDay, markSeen, mergeMessages } from './messages-list.ts';

const msg = (muid: string, created_at: string, extra: Partial<TChatMessage> = {}): TChatMessage => ({
  muid, ruid: 'r_1', from_cuid: 'c_a', to_cuid: 'c_b', cat: 'msg', text: muid, dynamic_content: null, attachment: null,
  seen: false, seen_at: null, client_message_id: null, created_at, ...extra,
});

describe('a conversation\'s messages in the browser (issue 11: missed messages, duplicates, receipts, day dividers)', () => {
  it('adds new messages in time order, keeps one copy of a message delivered twice, replaces an updated one', () => {
    const a = msg('a', '2026-11-26T10:00:00Z');
    const b = msg('b', '2026-11-26T10:05:00Z');
    const c = msg('c', '2026-11-26T10:03:00Z');
    const list = mergeMessages([a, b], [c, b]);
    expect(list.map((m) => m.muid)).toEqual(['a', 'c', 'b']);
    expect(mergeMessages(list, [b])).toBe(list);
    const chosen = { ...c, dynamic_content: { options: ['x'], selected_option: 'x' } };
    expect(mergeMessages(list, [chosen])[1]).toEqual(chosen);
    expect(mergeMessages(list, [])).toBe(list);
  });

  it('keeps arrival order for messages of the same instant', () => {
    const t = '2026-11-26T10:00:00Z';
    expect(mergeMessages([msg('z', t)], [msg('y', t), msg('x', t)]).map((m) => m.muid)).toEqual(['z', 'y', 'x']);
  });

  it('marks seen receipts only on the named messages', () => {
    const list = [msg('a', '2026-11-26T10:00:00Z'), msg('b', '2026-11-26T10:01:00Z')];
    const next = markSeen(list, ['b', 'unknown'], '2026-11-26T10:02:00Z');
    expect(next[0]).toBe(list[0]);
    expect(next[1]).toMatchObject({ seen: true, seen_at: '2026-11-26T10:02:00Z' });
    expect(markSeen(next, ['b'], 'later')).toBe(next);
  });

  it('cuts the conversation into days of the reader\'s zone', () => {
    const list = [msg('a', '2026-11-26T23:00:00Z'), msg('b', '2026-11-27T05:59:00Z'), msg('c', '2026-11-27T06:01:00Z')];
    expect(groupByDay(list, 'America/Mexico_City').map((g) => [g.day, g.messages.map((m) => m.muid)]))
      .toEqual([['2026-11-26', ['a', 'b']], ['2026-11-27', ['c']]]);
    expect(groupByDay(list, 'UTC').map((g) => g.day)).toEqual(['2026-11-26', '2026-11-27']);
  });
});
