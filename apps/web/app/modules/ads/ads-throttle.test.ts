import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ThrottledError, throttleAdsCall } from './ads-throttle.ts';

beforeEach(() => {
  vi.useFakeTimers({ now: new Date('2026-05-01T12:00:00Z') });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('the map ads throttle (spec 01 §7, §9)', () => {
  it('reuses the last successful answer for a repeat within 2.5 s, and calls again after', async () => {
    const load = vi.fn(async (key: string) => `anuncios de ${key}`);
    const call = throttleAdsCall(load);
    expect(await call('20.67,-103.39,15')).toBe('anuncios de 20.67,-103.39,15');
    vi.advanceTimersByTime(2_499);
    expect(await call('20.67,-103.39,15')).toBe('anuncios de 20.67,-103.39,15');
    expect(load).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1);
    await call('20.67,-103.39,15');
    expect(load).toHaveBeenCalledTimes(2);
    // Another spot is not a repeat.
    await call('19.43,-99.13,15');
    expect(load).toHaveBeenCalledTimes(3);
  });

  it('rejects any call within 500 ms after a failure with the spec text, and calls again after', async () => {
    let fail = true;
    const load = vi.fn(async () => {
      if (fail) throw new Error('Error de conexión');
      return 'ok';
    });
    const call = throttleAdsCall(load);
    await expect(call('a')).rejects.toThrow('Error de conexión');
    vi.advanceTimersByTime(499);
    await expect(call('a')).rejects.toThrow(new ThrottledError());
    await expect(call('b')).rejects.toThrow('Throttled: espere 500ms para intentar de nuevo');
    expect(load).toHaveBeenCalledTimes(1);
    fail = false;
    vi.advanceTimersByTime(1);
    expect(await call('a')).toBe('ok');
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('a failure does not reuse an older success of another key, and concurrent calls share one', async () => {
    let resolve!: (v: string) => void;
    const load = vi.fn(() => new Promise<string>((r) => { resolve = r; }));
    const call = throttleAdsCall(load);
    const one = call('a');
    const two = call('a');
    expect(load).toHaveBeenCalledTimes(1);
    resolve('x');
    expect(await one).toBe('x');
    expect(await two).toBe('x');
  });
});
