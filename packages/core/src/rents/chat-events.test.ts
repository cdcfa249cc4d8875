import { describe, expect, it } from 'vitest';
import { ChatEvents, type MessageEvent } from './chat-events.ts';

const event = (text: string): MessageEvent => ({
  ruid: 'r_1', from: 'c_a', to: 'c_b',
  message: { muid: 'm_1', ruid: 'r_1', from_cuid: 'c_a', to_cuid: 'c_b', cat: 'msg', text, dynamic_content: null, attachment: null, seen: false, seen_at: null, client_message_id: null, created_at: new Date(0), seq: '1' },
});

describe('ChatEvents', () => {
  it('delivers to every listener in order, isolates a failing one, and unsubscribes', () => {
    const errors: unknown[] = [];
    const events = new ChatEvents((error) => errors.push(error));
    const seen: string[] = [];
    events.onMessage(() => { throw new Error('socket caído'); });
    const off = events.onMessage((e) => seen.push(`a:${e.message.text}`));
    events.onMessage((e) => seen.push(`b:${e.message.text}`));
    events.publishMessage(event('uno'));
    off();
    events.publishMessage(event('dos'));
    expect(seen).toEqual(['a:uno', 'b:uno', 'b:dos']);
    expect(errors).toHaveLength(2);
    const steps: string[] = [];
    events.onStepChange((e) => steps.push(`${e.from}>${e.to}`));
    events.publishStepChange({ ruid: 'r_1', from: 'hello', to: 'appt_requested', renterCuid: 'c_a', ownerCuid: 'c_b' });
    expect(steps).toEqual(['hello>appt_requested']);
  });
});
