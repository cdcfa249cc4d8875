import { COMMON_MESSAGES } from '@nj/contracts/common/messages';

/** Cookie the server sets and the header it expects back on every call that is not a GET (spec 01 §7). */
export const CSRF_COOKIE = 'nj_csrf';
export const CSRF_HEADER = 'X-CSRF-TOKEN';

/** An API answer with a status above 299; `message` is the server's Spanish `msg`. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly data: unknown = null,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/**
 * Reads one cookie from a `document.cookie`-style string (or a Cookie header); undefined when absent. A value that
 * is not valid percent-encoding (a hand-made `nj_sid=%`) is returned as it is, never thrown.
 */
export function readCookie(cookieString: string, name: string): string | undefined {
  for (const part of cookieString.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() !== name) continue;
    const raw = part.slice(eq + 1).trim();
    try {
      return decodeURIComponent(raw);
    } catch {
      return raw;
    }
  }
  return undefined;
}

export type Query = Record<string, string | number | boolean | null | undefined>;

/** Builds `/api{path}?{query}`, leaving out null/undefined/'' values. */
export function apiUrl(path: string, query?: Query): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query ?? {})) {
    if (v === undefined || v === null || v === '') continue;
    params.set(k, String(v));
  }
  const qs = params.toString();
  return `/api${path}${qs ? `?${qs}` : ''}`;
}

/** What `api()` takes besides the method and path. */
export type ApiOptions = {
  /** Query string values; null, undefined and '' are left out. */
  query?: Query;
  /** A JSON value (sent as `application/json`), or a FormData for multipart uploads (the browser sets its boundary). */
  body?: unknown;
  signal?: AbortSignal;
  /** Lets the request outlive the page (a push sent while the page is being hidden). */
  keepalive?: boolean;
};

/**
 * The one way the browser calls the API: credentials included, the CSRF cookie echoed in `X-CSRF-TOKEN` on every
 * method that is not GET (spec 01 §7), JSON or multipart bodies. Every answer is `{ msg, data }`; returns `data`.
 * Throws ApiError with the server's msg (and the answer's `data`, e.g. `data.fields` of a form) when the status is
 * above 299, COMMON_MESSAGES.generic when that answer has no msg, or COMMON_MESSAGES.connection with status 0 when
 * the network fails; an aborted call rethrows the AbortError.
 */
export async function api<T>(
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  path: string,
  options: ApiOptions = {},
): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (method !== 'GET') {
    const token = typeof document === 'undefined' ? undefined : readCookie(document.cookie, CSRF_COOKIE);
    if (token) headers[CSRF_HEADER] = token;
  }
  const isForm = typeof FormData !== 'undefined' && options.body instanceof FormData;
  if (options.body !== undefined && !isForm) headers['Content-Type'] = 'application/json';
  let response: Response;
  try {
    response = await fetch(apiUrl(path, options.query), {
      method,
      headers,
      credentials: 'include',
      body: options.body === undefined ? undefined : isForm ? (options.body as FormData) : JSON.stringify(options.body),
      signal: options.signal,
      keepalive: options.keepalive,
    });
  } catch (error) {
    if ((error as Error)?.name === 'AbortError') throw error;
    throw new ApiError(COMMON_MESSAGES.connection, 0);
  }
  let payload: { msg?: unknown; data?: unknown } | null = null;
  try {
    payload = (await response.json()) as { msg?: unknown; data?: unknown };
  } catch {
    payload = null;
  }
  if (response.status > 299) {
    const msg = typeof payload?.msg === 'string' && payload.msg ? payload.msg : COMMON_MESSAGES.generic;
    throw new ApiError(msg, response.status, payload?.data ?? null);
  }
  return (payload?.data ?? null) as T;
}
