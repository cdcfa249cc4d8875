import { describe, expect, it } from 'vitest';
import { Outbox } from './outbox.ts';

function memoryStore() {
  const data = new Map<string, string>();
  return { getItem: (k: string) => data.get(k) ?? null, setItem: (k: string, v: string) => void data.set(k, v), data };
}

describe('the chat outbox (issue 11: typed offline, kept, sent on reconnect, never twice)', () => {
  it('keeps messages across a reload until the server acknowledges their client id', () => {
    const store = memoryStore();
    const first = new Outbox(store);
    first.add('r_1', 'Hola', 'm1');
    first.add('r_2', 'Otra', 'm2');
    first.add('r_1', '¿Sigue disponible?', 'm3');
    const reloaded = new Outbox(store);
    expect(reloaded.of('r_1').map((p) => p.clientMessageId)).toEqual(['m1', 'm3']);
    reloaded.acknowledge('m1');
    reloaded.acknowledge('m1');
    expect(new Outbox(store).of('r_1').map((p) => p.text)).toEqual(['¿Sigue disponible?']);
  });

  it('marks a refused message and clears the mark on retry, keeping the same id', () => {
    const outbox = new Outbox(memoryStore());
    let changes = 0;
    outbox.subscribe(() => { changes += 1; });
    outbox.add('r_1', 'Hola', 'm1');
    outbox.fail('m1', 'Demasiados mensajes');
    expect(outbox.of('r_1')[0]).toMatchObject({ clientMessageId: 'm1', error: 'Demasiados mensajes' });
    outbox.retry('m1');
    expect(outbox.of('r_1')[0]).not.toHaveProperty('error');
    expect(changes).toBe(3);
  });

  it('drops what is days old or malformed, and works without storage', () => {
    const store = memoryStore();
    const now = Date.parse('2026-11-26T12:00:00Z');
    store.setItem('nj-chat-outbox', JSON.stringify([
      { ruid: 'r', clientMessageId: 'old', text: 'x', createdAt: '2026-11-01T00:00:00Z' },
      { ruid: 'r', clientMessageId: 'ok', text: 'y', createdAt: '2026-11-26T11:00:00Z' },
      { ruid: 5, text: 'bad' },
    ]));
    expect(new Outbox(store, () => now).of('r').map((p) => p.clientMessageId)).toEqual(['ok']);
    store.setItem('nj-chat-outbox', '{not json');
    expect(new Outbox(store).of('r')).toEqual([]);
    const memoryOnly = new Outbox(null);
    memoryOnly.add('r', 'z', 'm');
    expect(memoryOnly.of('r')).toHaveLength(1);
  });
});
