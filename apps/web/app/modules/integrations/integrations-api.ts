import { COMMON_MESSAGES } from '@nj/contracts/common/messages';
import type { IntegrationProvider, TConnectIntegrationBody, TIntegration, TIntegrationsList, TPullResult } from '@nj/contracts/integrations/schemas';
import { api, ApiError, apiUrl, CSRF_COOKIE, CSRF_HEADER, readCookie } from '../api/client.ts';

/** React Query key of the agency's integrations. */
export const INTEGRATION_KEYS = { list: ['integrations'] as const };

const EMPTY: TIntegrationsList = { auid: null, items: [] };

/**
 * GET /api/v1/integrations — the agency's connections. On HTTP 401 it answers an empty list without a message, as
 * spec 02 §9 says of this call ('the integrations list returns an empty result silently on HTTP 401').
 */
export async function getIntegrations(signal?: AbortSignal): Promise<TIntegrationsList> {
  try {
    return await api<TIntegrationsList>('GET', '/v1/integrations', { signal });
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return EMPTY;
    throw error;
  }
}

/** POST /api/v1/integrations — connect EasyBroker (api_key) or KW (client_id, client_secret). */
export const connectIntegration = (body: TConnectIntegrationBody) => api<TIntegration>('POST', '/v1/integrations', { body });

const pullPath = (provider: IntegrationProvider) => `/v1/integrations/${provider}/pull`;

/** GET /api/v1/integrations/{provider}/pull?dryrun=true — what a pull would create, update and deactivate. */
export const simulatePull = (provider: IntegrationProvider) => api<TPullResult>('GET', pullPath(provider), { query: { dryrun: 'true' } });

/**
 * GET /api/v1/integrations/{provider}/pull — pull now. The spec names it a GET but it writes, so the server asks it for
 * the CSRF header every other writing call sends (api() sends it only on non-GET methods).
 */
export async function pullNow(provider: IntegrationProvider): Promise<TPullResult> {
  const token = readCookie(document.cookie, CSRF_COOKIE);
  let response: Response;
  try {
    response = await fetch(apiUrl(pullPath(provider)), { credentials: 'include', headers: { Accept: 'application/json', ...(token ? { [CSRF_HEADER]: token } : {}) } });
  } catch {
    throw new ApiError(COMMON_MESSAGES.connection, 0);
  }
  const payload = (await response.json().catch(() => null)) as { msg?: unknown; data?: unknown } | null;
  if (response.status > 299) throw new ApiError(typeof payload?.msg === 'string' && payload.msg ? payload.msg : COMMON_MESSAGES.generic, response.status, payload?.data ?? null);
  return payload?.data as TPullResult;
}
