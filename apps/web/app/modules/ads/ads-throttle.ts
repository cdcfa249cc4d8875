import { ADS_MESSAGES } from '@nj/contracts/ads/messages';
import { ADS_THROTTLE } from '@nj/contracts/ads/schemas';

/** The error a throttled call is rejected with (spec 01 §7: 'Throttled: espere 500ms para intentar de nuevo'). */
export class ThrottledError extends Error {
  constructor() {
    super(ADS_MESSAGES.throttled);
    this.name = 'ThrottledError';
  }
}

/**
 * The browser's throttle of the map ads call (spec 01 §7, §9; issue 16), around any `load(key)`:
 * - a call for the same key within `reuseMs` (2.5 s) of that key's last successful answer gets that answer again
 *   without calling (concurrent calls for one key also share one call);
 * - any call within `afterFailureMs` (500 ms) of the last failed call is rejected at once with ThrottledError
 *   ('Throttled: espere 500ms para intentar de nuevo');
 * - otherwise it calls `load`. Times are read from `now` (Date.now; Vitest's fake timers move it in the tests).
 * Returns the throttled function (same key → same promise while in flight).
 */
export function throttleAdsCall<T>(
  load: (key: string) => Promise<T>,
  options: { reuseMs?: number; afterFailureMs?: number; now?: () => number } = {},
): (key: string) => Promise<T> {
  const reuseMs = options.reuseMs ?? ADS_THROTTLE.reuseMs;
  const afterFailureMs = options.afterFailureMs ?? ADS_THROTTLE.afterFailureMs;
  const now = options.now ?? (() => Date.now());
  let last: { key: string; at: number; value: T } | null = null;
  let failedAt = Number.NEGATIVE_INFINITY;
  const inFlight = new Map<string, Promise<T>>();
  return (key: string) => {
    const t = now();
    if (last && last.key === key && t - last.at < reuseMs) return Promise.resolve(last.value);
    if (t - failedAt < afterFailureMs) return Promise.reject(new ThrottledError());
    const running = inFlight.get(key);
    if (running) return running;
    const call = load(key).then(
      (value) => {
        last = { key, at: now(), value };
        return value;
      },
      (error: unknown) => {
        failedAt = now();
        throw error;
      },
    ).finally(() => inFlight.delete(key));
    inFlight.set(key, call);
    return call;
  };
}
