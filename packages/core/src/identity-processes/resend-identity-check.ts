import { IDENTITY_CHECK_MESSAGES } from '@nj/contracts';
import type { IneCheckRequest } from '../identity-check/identity-check-provider.ts';
import type { Database } from '@nj/db';
import type { RateLimiter } from '../accounts/rate-limiter.ts';
import { AppError } from '../errors/app-error.ts';
import type { IdentityCheckProvider } from '../identity-check/identity-check-provider.ts';
import type { Actor } from '../policies/actor.ts';
import { identityProcessPolicy } from '../policies/identity-process.ts';
import { ownRecords } from '../policies/policy.ts';
import { openSealed } from '../security/seal-text.ts';
import { countIdentityProviderCall } from './start-identity-check.ts';
import { presentIdentityProcesses, type IdentityProcesses } from './list-identity-processes.ts';
import { identityProcessesRepository } from './identity-processes-repository.ts';

/**
 * Re-asks the provider about the signed-in client's attempt in process (spec 03 §7 `GET /v1/client/identity/resend`):
 * the sealed request is opened under `dataKey` and checked again; the newer answer is stored (the sealed request is
 * dropped once settled).
 * @returns the client's attempts, newest first, and the derived status
 * Counts against IDENTITY_CHECK_RATE_LIMIT like a start.
 * @throws AppError UNAUTHORIZED; RATE_LIMITED over IDENTITY_CHECK_RATE_LIMIT; CONFLICT 'No tienes una verificación de identidad en proceso' when none is pending;
 *   UNAVAILABLE when the provider cannot answer (the attempt stays pending)
 */
export async function resendIdentityCheck(
  deps: { database: Database; identityCheck: IdentityCheckProvider; dataKey: Buffer; limiter: RateLimiter },
  input: { actor: Actor },
): Promise<IdentityProcesses> {
  const cuid = ownRecords(input.actor, identityProcessPolicy, 'manage_own');
  const pending = (await identityProcessesRepository.listByClient(deps.database, cuid)).find((p) => p.status === 'pending' && p.request_sealed);
  if (!pending?.request_sealed) throw new AppError('CONFLICT', IDENTITY_CHECK_MESSAGES.nothingPending);
  const request = JSON.parse(openSealed(deps.dataKey, pending.request_sealed)) as IneCheckRequest;
  await countIdentityProviderCall(deps.limiter, cuid);
  const result = await deps.identityCheck.check(request);
  await identityProcessesRepository.settle(deps.database, pending.process_id, {
    status: result.status, provider_reference: result.providerReference, provider_status: result.providerStatus,
    match_type: result.matchType, failure_reason: result.status === 'failure' ? result.providerStatus : null,
  });
  return presentIdentityProcesses(await identityProcessesRepository.listByClient(deps.database, cuid));
}
