import { describe, expect, it } from 'vitest';
import type { TTicketMessage } from '@nj/contracts/tickets/schemas';
import { mergeTicketMessages } from './api.ts';
import { fitsTicketLimit, ticketFileProblem } from './ticket-files.ts';

const message = (muid: string, at: string, text = 'hola'): TTicketMessage => ({
  muid, tuid: 't_1', from_cuid: null, from_staff: true, cat: 'msg', text, attachment: null, seen: false, seen_at: null, client_message_id: null, created_at: at,
});

describe('ticket files in the browser (spec 02 §5)', () => {
  it('takes PNG, JPEG, WebP and PDF up to 50 MB, at most 10', () => {
    expect(ticketFileProblem({ name: 'a.png', type: 'image/png', size: 10 })).toBeNull();
    expect(ticketFileProblem({ name: 'a.pdf', type: 'application/pdf', size: 10 })).toBeNull();
    expect(ticketFileProblem({ name: 'a.jpg', type: '', size: 10 })).toBeNull();
    expect(ticketFileProblem({ name: 'a.gif', type: 'image/gif', size: 10 })).toBe('type');
    expect(ticketFileProblem({ name: 'a.txt', type: 'text/plain', size: 10 })).toBe('type');
    expect(ticketFileProblem({ name: 'a.png', type: 'image/png', size: 50 * 1024 * 1024 + 1 })).toBe('size');
    expect(ticketFileProblem({ name: 'a.png', type: 'image/png', size: 0 })).toBe('size');
    expect(fitsTicketLimit(10)).toBe(true);
    expect(fitsTicketLimit(11)).toBe(false);
  });
});

describe('mergeTicketMessages', () => {
  it('adds new messages in time order, replaces changed copies, keeps identity when nothing changed', () => {
    const a = message('a', '2026-11-26T10:00:00Z');
    const b = message('b', '2026-11-26T10:05:00Z');
    const current = [b];
    const merged = mergeTicketMessages(current, [a]);
    expect(merged.map((m) => m.muid)).toEqual(['a', 'b']);
    expect(mergeTicketMessages(merged, [a])).toBe(merged);
    const seen = mergeTicketMessages(merged, [{ ...b, seen: true }]);
    expect(seen[1]!.seen).toBe(true);
  });
});
