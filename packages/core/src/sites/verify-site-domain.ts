import { resolveTxt } from 'node:dns/promises';
import { SITE_MESSAGES as S, type TAgency } from '@nj/contracts';
import type { Database } from '@nj/db';
import { AppError } from '../errors/app-error.ts';
import type { Actor } from '../policies/actor.ts';
import { agenciesRepository, presentAgency } from '../agencies/agencies-repository.ts';
import { loadAgencyFor } from '../agencies/agency-access.ts';
import { verificationRecordName } from './domain-verification.ts';
import { forgetSites } from './find-site-by-host.ts';

/** Looks up the TXT records of a DNS name: each record's strings (node:dns/promises resolveTxt's shape). */
export type TxtResolver = (name: string) => Promise<string[][]>;

/**
 * POST /v1/agencies/{auid}/verify-domain (issue 15 hardening; decision 030 'Domain verification'): the administrator
 * of an agency or association asks us to check that the TXT record `_nj-verificacion.<base_domain>` holds
 * `nj-verificacion=<the agency's token>`; when it does, `base_domain_verified_at` is stamped and the site is served
 * on that domain from now on (the hosts cache of this process is dropped).
 * @param deps.resolveTxt the DNS look-up (node:dns/promises resolveTxt by default; tests give their own)
 * @returns the agency now (ZAgency, `base_domain_verified` true)
 * @throws AppError UNAUTHORIZED / FORBIDDEN / NOT_FOUND as updateAgency; BAD_REQUEST 'Primero guarda el dominio…'
 *   without a domain, 'No encontramos el registro TXT…' when the record is missing or holds another value (also
 *   when the DNS look-up fails)
 */
export async function verifySiteDomain(
  deps: { database: Database; resolveTxt?: TxtResolver },
  input: { actor: Actor; auid: string; now?: Date },
): Promise<TAgency> {
  const { agency } = await loadAgencyFor(deps.database, input.actor, input.auid, 'manage', false, ['agency', 'association']);
  if (!agency.base_domain) throw new AppError('BAD_REQUEST', S.noDomain);
  const name = verificationRecordName(agency.base_domain);
  const expected = `nj-verificacion=${agency.domain_verification_token}`;
  const records = await (deps.resolveTxt ?? resolveTxt)(name).catch(() => [] as string[][]);
  if (!records.some((chunks) => chunks.join('').trim() === expected)) throw new AppError('BAD_REQUEST', S.verificationMissing(name));
  await agenciesRepository.stampDomainVerified(deps.database, input.auid, agency.base_domain, input.now ?? new Date());
  forgetSites();
  const now = await agenciesRepository.find(deps.database, input.auid);
  return presentAgency(now!, 'admin', await agenciesRepository.countApproved(deps.database, input.auid));
}
