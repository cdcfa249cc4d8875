import { IDENTITY_CHECK_MESSAGES } from '@nj/contracts';
import { AppError } from '../errors/app-error.ts';
import type { IdentityCheckProvider, IneCheckRequest, IneCheckResult } from './identity-check-provider.ts';
import { validateIneCheckRequest } from './validate-ine-check-request.ts';

export type DiditConfig = {
  /** DIDIT_API_KEY: the application's key from Didit's Business Console (API & Webhooks). */
  apiKey: string;
  /** API origin; default https://verification.didit.me (tests point it at a local fake server). */
  baseUrl?: string | undefined;
  /** Request timeout, ms; default 20 000 (the INE registry answers in seconds, sometimes slowly). */
  timeoutMs?: number;
  fetch?: typeof fetch;
};

/** Didit's database-validation statuses (FeatureStatusChoices) mapped to the spec's process statuses. */
const STATUS: Record<string, IneCheckResult['status']> = {
  Approved: 'success',
  Declined: 'failure',
  'In Review': 'pending',
  'Not Finished': 'pending',
};

/** The request body Didit documents for the Mexican INE service: snake_case fields, empty ones left out. */
function requestBody(request: IneCheckRequest): Record<string, unknown> {
  const body: Record<string, unknown> = {
    issuing_state: 'MEX',
    services: ['mex_ine_vigencia'],
    cic: request.cic,
    identificador_ciudadano: request.citizenId,
    ocr: request.ocr,
    voter_number: request.voterKey,
    emission_number: request.emissionNumber,
    first_name: request.firstName,
    last_name: request.lastName,
    date_of_birth: request.birthdate,
    vendor_data: request.reference,
  };
  return Object.fromEntries(Object.entries(body).filter(([, value]) => value !== undefined && value !== ''));
}

/**
 * A client of Didit's Database Validation API for Mexico's INE registry (service `mex_ine_vigencia`: the card's
 * model, vigencia, validity as identification and voting right): `POST /v3/database-validation/` with the
 * `x-api-key` header and a JSON body of `issuing_state` 'MEX', `services` ['mex_ine_vigencia'] and the card's `cic`,
 * `identificador_ciudadano`, `ocr`, `voter_number`, `emission_number` (plus `first_name`, `last_name`,
 * `date_of_birth` and our `vendor_data`). The answer is `{ request_id, database_validation: { status, match_type,
 * … } }` with status Approved, Declined, In Review or Not Finished; errors are 400 (invalid input), 401 (bad key),
 * 403 (no credits), 429 and 5xx.
 * Docs: https://docs.didit.me/api-reference/database-validation/mexico/ine-vigencia,
 * https://docs.didit.me/core-technology/database-validation/database-validation-outcome-codes
 *
 * Takes the DiditConfig; returns an IdentityCheckProvider whose check() resolves with the mapped IneCheckResult
 * (Approved → success, Declined → failure, In Review / Not Finished → pending). Throws AppError BAD_REQUEST
 * (validateIneCheckRequest's texts, or IDENTITY_CHECK_MESSAGES.invalidData on Didit's 400) and AppError UNAVAILABLE
 * IDENTITY_CHECK_MESSAGES.unavailable on a timeout, a network error, 401/403/429/5xx, or an answer without a
 * request_id or a known status (the cause is logged without the person's data, never shown).
 */
export function createDiditIdentityCheck(config: DiditConfig): IdentityCheckProvider {
  const url = `${(config.baseUrl ?? 'https://verification.didit.me').replace(/\/$/, '')}/v3/database-validation/`;
  const doFetch = config.fetch ?? fetch;
  const unavailable = (cause: string) => {
    console.error(`didit: ${cause}`);
    return new AppError('UNAVAILABLE', IDENTITY_CHECK_MESSAGES.unavailable);
  };
  return {
    name: 'didit',
    async check(input) {
      const request = validateIneCheckRequest(input);
      let response: Response;
      let text: string;
      try {
        response = await doFetch(url, {
          method: 'POST',
          headers: { 'x-api-key': config.apiKey, 'content-type': 'application/json', accept: 'application/json' },
          body: JSON.stringify(requestBody(request)),
          signal: AbortSignal.timeout(config.timeoutMs ?? 20_000),
        });
        text = await response.text();
      } catch (error) {
        throw unavailable(`request failed: ${error instanceof Error ? error.message : String(error)}`);
      }
      if (response.status === 400) {
        console.error(`didit: HTTP 400 for reference ${request.reference}`);
        throw new AppError('BAD_REQUEST', IDENTITY_CHECK_MESSAGES.invalidData);
      }
      if (response.status < 200 || response.status > 299) throw unavailable(`HTTP ${response.status}`);
      let body: unknown;
      try {
        body = JSON.parse(text);
      } catch {
        throw unavailable('answer is not JSON');
      }
      const answer = body as { request_id?: unknown; database_validation?: { status?: unknown; match_type?: unknown } | null } | null;
      const requestId = answer?.request_id;
      const providerStatus = answer?.database_validation?.status;
      if (typeof requestId !== 'string' || !requestId || typeof providerStatus !== 'string' || !(providerStatus in STATUS)) {
        throw unavailable('answer without request_id or a known database_validation.status');
      }
      const matchType = answer?.database_validation?.match_type;
      return {
        status: STATUS[providerStatus]!,
        providerReference: requestId,
        providerStatus,
        matchType: typeof matchType === 'string' ? matchType : null,
      };
    },
  };
}
