import { randomUUID } from 'node:crypto';
import { IDENTITY_CHECK_MESSAGES } from '@nj/contracts';
import type { Database } from '@nj/db';
import { type RateLimiter, rateKey, requireNotLimited } from '../accounts/rate-limiter.ts';
import { AppError } from '../errors/app-error.ts';
import { assertIdentityAttemptAllowed } from '../identity-check/assert-identity-attempt-allowed.ts';
import type { IdentityCheckProvider, IneCheckRequest } from '../identity-check/identity-check-provider.ts';
import { validateIneCheckRequest } from '../identity-check/validate-ine-check-request.ts';
import type { Actor } from '../policies/actor.ts';
import { identityProcessPolicy } from '../policies/identity-process.ts';
import { ownRecords } from '../policies/policy.ts';
import { sealText } from '../security/seal-text.ts';
import { presentIdentityProcesses, type IdentityProcesses } from './list-identity-processes.ts';
import { identityProcessesRepository } from './identity-processes-repository.ts';

/**
 * Provider calls (starts and resends together) one client may make: 10 per hour (ours; the spec names only the
 * 5-failure block). Each call is a paid request to the provider.
 */
export const IDENTITY_CHECK_RATE_LIMIT = { limit: 10, windowMs: 60 * 60_000 } as const;

/** Counts one provider call of client `cuid`. @throws AppError RATE_LIMITED 'Hiciste demasiados intentos…' over the limit */
export async function countIdentityProviderCall(limiter: RateLimiter, cuid: string): Promise<void> {
  await requireNotLimited(limiter, [{ key: rateKey('identity-check', cuid), ...IDENTITY_CHECK_RATE_LIMIT }]);
}

/** The card fields a client sends (IneCheckRequest without our reference). */
export type StartIdentityCheckInput = Omit<IneCheckRequest, 'reference'>;

/**
 * Starts one INE check for the signed-in client (spec 03 §7 `POST /v1/client/identity`; status rule §4; limit §8/§9).
 * Validates the card's data first (nothing is written on bad input), refuses when the client is already verified,
 * has an attempt in process, or has 5 failures, counts the call against IDENTITY_CHECK_RATE_LIMIT; then asks `identityCheck` and records the attempt (card numbers
 * sealed under `dataKey` only while the provider has not decided).
 * @returns the client's attempts, newest first, and the derived status
 * @throws AppError UNAUTHORIZED (no sign-in); BAD_REQUEST (malformed card data, Spanish); CONFLICT (already verified
 *   or one in process); RATE_LIMITED 'Ya has tenido muchos intentos…' after 5 failures, or
 *   'Hiciste demasiados intentos…' over IDENTITY_CHECK_RATE_LIMIT (10 provider calls an hour, with resends); UNAVAILABLE (provider down,
 *   nothing recorded)
 */
export async function startIdentityCheck(
  deps: { database: Database; identityCheck: IdentityCheckProvider; dataKey: Buffer; limiter: RateLimiter },
  input: { actor: Actor; card: StartIdentityCheckInput },
): Promise<IdentityProcesses> {
  const cuid = ownRecords(input.actor, identityProcessPolicy, 'manage_own');
  const processId = randomUUID();
  const request = validateIneCheckRequest({ ...input.card, reference: processId });
  const previous = await identityProcessesRepository.listByClient(deps.database, cuid);
  if (previous.some((p) => p.status === 'success')) throw new AppError('CONFLICT', IDENTITY_CHECK_MESSAGES.alreadyVerified);
  assertIdentityAttemptAllowed(previous);
  if (previous.some((p) => p.status === 'pending')) throw new AppError('CONFLICT', IDENTITY_CHECK_MESSAGES.stillInProcess);
  await countIdentityProviderCall(deps.limiter, cuid);
  const result = await deps.identityCheck.check(request);
  const fields = (['cic', 'citizenId', 'ocr', 'voterKey', 'emissionNumber'] as const).filter((k) => request[k]).join(',');
  await identityProcessesRepository.insert(deps.database, {
    process_id: processId, cuid, provider: deps.identityCheck.name, provider_reference: result.providerReference,
    provider_status: result.providerStatus, match_type: result.matchType, status: result.status, request_fields: fields,
    request_sealed: result.status === 'pending' ? sealText(deps.dataKey, JSON.stringify(request)) : null,
    failure_reason: result.status === 'failure' ? result.providerStatus : null,
  });
  return presentIdentityProcesses(await identityProcessesRepository.listByClient(deps.database, cuid));
}
