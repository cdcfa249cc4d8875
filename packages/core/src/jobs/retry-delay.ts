/**
 * Delay before the next attempt after `attempts` failed ones: exponential backoff `baseMs · 2^(attempts−1)`, capped
 * at `maxMs`, plus up to 10 % random jitter so jobs failing together do not retry together.
 *
 * @param attempts attempts made so far (≥ 1)
 * @returns milliseconds, in [d, 1.1·d] where d = min(maxMs, baseMs · 2^(attempts−1))
 */
export function retryDelayMs(attempts: number, baseMs: number, maxMs: number, random: () => number = Math.random): number {
  const d = Math.min(maxMs, baseMs * 2 ** Math.max(0, Math.min(30, attempts - 1)));
  return Math.round(d * (1 + 0.1 * random()));
}
