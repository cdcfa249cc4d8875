import { createHash } from 'node:crypto';
import type { IdentityCheckProvider, IneCheckResult } from './identity-check-provider.ts';
import { validateIneCheckRequest } from './validate-ine-check-request.ts';

/**
 * Values that steer the sandbox, for developers, tests and end-to-end stories: a CIC (or, on model C cards, a clave
 * de elector whose digits) starting with `000` is declined by the registry, one starting with `999` stays in review,
 * any other well-formed card is approved.
 */
export const SANDBOX_INE = {
  approvedCic: '123456789',
  declinedCic: '000000000',
  inReviewCic: '999000000',
  citizenId: '987654321',
} as const;

/**
 * The sandbox identity provider: behaves like Didit's INE check (createDiditIdentityCheck) without calling anyone.
 * Same input rules (validateIneCheckRequest: AppError BAD_REQUEST on missing or malformed data), then a verdict
 * chosen by the card's number (SANDBOX_INE): `000…` → failure (Declined, no_match), `999…` → pending (In Review,
 * partial_match), otherwise success (Approved, full_match). The reference is stable for the same input. Never
 * built in production (readIdentityCheckSettings refuses it there).
 */
export function createSandboxIdentityCheck(): IdentityCheckProvider {
  return {
    name: 'sandbox',
    async check(input) {
      const request = validateIneCheckRequest(input);
      const number = request.cic ?? request.voterKey?.replace(/\D/g, '') ?? '';
      const verdict: Pick<IneCheckResult, 'status' | 'providerStatus' | 'matchType'> = number.startsWith('000')
        ? { status: 'failure', providerStatus: 'Declined', matchType: 'no_match' }
        : number.startsWith('999')
          ? { status: 'pending', providerStatus: 'In Review', matchType: 'partial_match' }
          : { status: 'success', providerStatus: 'Approved', matchType: 'full_match' };
      const digest = createHash('sha256').update(`${request.reference}\n${number}\n${request.citizenId ?? request.ocr ?? ''}`).digest('hex');
      return { ...verdict, providerReference: `sandbox-${digest.slice(0, 16)}` };
    },
  };
}
