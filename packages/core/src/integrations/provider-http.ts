import { INTEGRATION_MESSAGES as M } from '@nj/contracts';
import { AppError } from '../errors/app-error.ts';

/** The credentials a provider refused (HTTP 401/403): the connection must be fixed by its agency, not retried. */
export class ProviderAuthError extends AppError {
  constructor() {
    super('CONFLICT', M.credentialsRefused);
  }
}

/** How the listing clients talk HTTP: `fetch` (the sandbox passes its in-process fake), waits, retry bounds. */
export type ProviderHttpOptions = {
  /** Default globalThis.fetch; the sandbox providers route requests to their in-process fake API. */
  fetch?: typeof fetch;
  /** Waits `ms` (tests pass a recorder). Default setTimeout. */
  sleep?: (ms: number) => Promise<void>;
  /** Answers 429 waited out per request before giving up (default 6). */
  maxRateLimitRetries?: number;
  /** 5xx answers or network failures retried per request (default 2, waits 500 ms then 1 s). */
  maxServerRetries?: number;
  /** Longest Retry-After honoured, ms (default 60 s; a longer one ends the run as unavailable). */
  maxRetryAfterMs?: number;
  /** Per-request time limit, ms (default 20 s). */
  timeoutMs?: number;
};

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Milliseconds a Retry-After header asks to wait (RFC 9110 §10.2.3: delay-seconds or an HTTP date); 1 s when absent
 * or unreadable.
 */
export function retryAfterMs(value: string | null, now = Date.now()): number {
  if (!value) return 1000;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  const at = Date.parse(trimmed);
  return Number.isFinite(at) ? Math.max(0, at - now) : 1000;
}

/**
 * One JSON request to a listing provider with the behaviour both documented APIs ask of clients: a 429 is waited out
 * for its Retry-After and the same request resumes (EasyBroker documents a per-second rate limit answered with 429;
 * RESO Web API servers do the same), a 5xx or a network failure is retried twice, a 401/403 is final.
 * @returns the parsed JSON body of a 2xx answer, or null for a 404 when `allowNotFound`
 * @throws ProviderAuthError (409, Spanish) on 401/403; AppError UNAVAILABLE providerUnavailable when the provider
 *   keeps failing or asks to wait too long, providerMalformed when a 2xx body is not JSON
 */
export async function requestProviderJson(url: string, init: RequestInit, options: ProviderHttpOptions & { allowNotFound?: boolean } = {}): Promise<unknown> {
  const doFetch = options.fetch ?? globalThis.fetch;
  const sleep = options.sleep ?? defaultSleep;
  let limited = 0;
  let failed = 0;
  for (;;) {
    let response: Response;
    try {
      response = await doFetch(url, { ...init, signal: AbortSignal.timeout(options.timeoutMs ?? 20_000) });
    } catch {
      if (failed++ >= (options.maxServerRetries ?? 2)) throw new AppError('UNAVAILABLE', M.providerUnavailable);
      await sleep(500 * failed);
      continue;
    }
    if (response.status === 429) {
      await response.body?.cancel();
      const wait = retryAfterMs(response.headers.get('retry-after'));
      if (limited++ >= (options.maxRateLimitRetries ?? 6) || wait > (options.maxRetryAfterMs ?? 60_000)) throw new AppError('UNAVAILABLE', M.providerUnavailable);
      await sleep(wait);
      continue;
    }
    if (response.status === 401 || response.status === 403) {
      await response.body?.cancel();
      throw new ProviderAuthError();
    }
    if (response.status === 404 && options.allowNotFound) {
      await response.body?.cancel();
      return null;
    }
    if (response.status >= 500 || response.status === 408) {
      await response.body?.cancel();
      if (failed++ >= (options.maxServerRetries ?? 2)) throw new AppError('UNAVAILABLE', M.providerUnavailable);
      await sleep(500 * failed);
      continue;
    }
    const text = await response.text();
    if (response.status < 200 || response.status > 299) throw new AppError('UNAVAILABLE', M.providerUnavailable);
    try {
      return JSON.parse(text) as unknown;
    } catch {
      throw new AppError('UNAVAILABLE', M.providerMalformed);
    }
  }
}

/** A provider answer that does not have the documented shape. */
export function malformed(): AppError {
  return new AppError('UNAVAILABLE', M.providerMalformed);
}
