import { GUARANTOR_MESSAGES as G } from '@nj/contracts';
import { AppError } from '../errors/app-error.ts';
import type { BondAnswer, BondInsurer, BondRequest } from './bond-insurer.ts';

/** APOLLO's Affiliates API settings: the x-api-key and affiliate id APOLLO issues, and the server (test or production). */
export type ApolloConfig = { apiKey: string; affiliateId: string; baseUrl?: string | undefined; timeoutMs?: number | undefined; fetch?: typeof fetch };

/** APOLLO's production server of the Affiliates API (its published OpenAPI document, servers[1]). */
export const APOLLO_PRODUCTION_BASE = 'https://fpl95knwc1.execute-api.ca-central-1.amazonaws.com/1_0_0';

/** The request body of `POST /api/affiliates/{affiliateId}/tenant/quote` (TenantInsuranceQuoteQuestions), from ours. */
export function buildApolloQuoteBody(request: BondRequest): Record<string, unknown> {
  const a = request.rent.address;
  return {
    insuranceData: {
      firstName: request.tenant.firstName,
      lastName: request.tenant.lastName,
      birthdate: request.tenant.birthdate,
      ...(request.tenant.email ? { email: request.tenant.email } : {}),
      businessAddressStreet: a.street,
      businessAddressCity: a.city,
      businessAddressProvince: a.state,
      businessAddressPostal: a.cp,
      // Our figures the provider's form does not name, sent so the premium can follow the rent (decision 018).
      monthlyRent: request.rent.monthlyRent,
      monthlyMaintenance: request.rent.maintenanceFee,
    },
    externalId: request.reference,
  };
}

const isNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

/**
 * Reads a quote answer: 200 `{ data: { total: { annual } } }` → approved with that premium; 400 `{ message: { details:
 * [{ message }] } }` (the provider's validation error: it will not price this application) → refused with the
 * details. Anything else is malformed.
 * @returns the answer, or null when the body does not have the documented shape
 */
export function readApolloQuote(status: number, body: unknown, reference: string): BondAnswer | null {
  if (status === 200) {
    const annual = (body as { data?: { total?: { annual?: unknown } } } | null)?.data?.total?.annual;
    return isNumber(annual) && annual >= 0 ? { outcome: 'approved', provider: 'apollo', reference, premiumAnnual: annual } : null;
  }
  if (status === 400) {
    const details = (body as { message?: { details?: unknown } } | null)?.message?.details;
    if (!Array.isArray(details)) return null;
    const reasons = details.map((d) => (d as { message?: unknown })?.message).filter((m): m is string => typeof m === 'string');
    return { outcome: 'refused', provider: 'apollo', reasons };
  }
  return null;
}

/**
 * The real client of APOLLO Insurance's Affiliates API (quote endpoint; decision 018 says why this provider: no
 * Mexican rental-bond insurer publishes an API). One POST with the `x-api-key` header, bounded by `timeoutMs`
 * (default 10 s).
 * @throws AppError UNAVAILABLE G.insurerUnavailable on a timeout, a network error, 403/404/5xx, or an answer
 *   without the documented shape (logged without personal data)
 */
export function createApolloBondInsurer(config: ApolloConfig): BondInsurer {
  const base = (config.baseUrl ?? APOLLO_PRODUCTION_BASE).replace(/\/$/, '');
  const doFetch = config.fetch ?? fetch;
  return {
    name: 'apollo',
    async quote(request) {
      const url = `${base}/api/affiliates/${encodeURIComponent(config.affiliateId)}/tenant/quote`;
      let response: Response;
      let body: unknown;
      try {
        response = await doFetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', accept: 'application/json', 'x-api-key': config.apiKey },
          body: JSON.stringify(buildApolloQuoteBody(request)),
          signal: AbortSignal.timeout(config.timeoutMs ?? 10_000),
        });
        const text = await response.text();
        body = text ? JSON.parse(text) : null;
      } catch (error) {
        console.error(`bond insurer apollo: no answer for ${request.reference}: ${error instanceof Error ? error.name : 'error'}`);
        throw new AppError('UNAVAILABLE', G.insurerUnavailable);
      }
      const answer = readApolloQuote(response.status, body, request.reference);
      if (!answer) {
        console.error(`bond insurer apollo: unexpected answer ${response.status} for ${request.reference}`);
        throw new AppError('UNAVAILABLE', G.insurerUnavailable);
      }
      return answer;
    },
  };
}
