import { TENANT_FILE_REUSE_DAYS, type TTenantFile } from '@nj/contracts';
import type { Database } from '@nj/db';
import { investigationsRepository } from '../credit-investigation/investigations-repository.ts';
import { deriveIdentityStatus } from '../identity-check/derive-identity-status.ts';
import { tenantFileRepository, type TenantFileInvestigation, type TenantFileSource } from './tenant-file-repository.ts';

const DAY_MS = 86_400_000;

/** What readTenantFile found, with the rows applyTenantFile copies from. */
export type TenantFileFacts = { view: TTenantFile; source: TenantFileSource | undefined; investigation: TenantFileInvestigation | undefined };

/**
 * The renter's reusable file for rent `rent` at `now` (issue 12 'A reusable tenant file'): their latest other
 * application sent within TENANT_FILE_REUSE_DAYS (its person data, proofs and income), their latest completed
 * investigation of that window whose report is still valid, and the account's identity result and references.
 * `valid_until` is the first moment one of the reusable parts expires. No authorization here: callers check the rent.
 */
export async function readTenantFile(database: Database, rent: { ruid: string; renter_cuid: string }, now: Date): Promise<TenantFileFacts> {
  const since = new Date(now.getTime() - TENANT_FILE_REUSE_DAYS * DAY_MS);
  const source = await tenantFileRepository.latestSentApplication(database, rent.renter_cuid, rent.ruid, since);
  const investigation = await tenantFileRepository.latestValidInvestigation(database, rent.renter_cuid, rent.ruid, since, now);
  const documents = source ? await tenantFileRepository.renterProofKinds(database, source.ruid) : [];
  const identity = deriveIdentityStatus(await investigationsRepository.identityAttempts(database, rent.renter_cuid)) === 'success';
  const references = await tenantFileRepository.references(database, rent.renter_cuid);
  const expiries = [
    ...(source ? [source.offer_sent_at.getTime() + TENANT_FILE_REUSE_DAYS * DAY_MS] : []),
    ...(investigation ? [Math.min(investigation.created_at.getTime() + TENANT_FILE_REUSE_DAYS * DAY_MS, investigation.m_ttl.getTime())] : []),
  ];
  const view: TTenantFile = {
    reusable: Boolean(source || investigation),
    target_has_data: await tenantFileRepository.hasRenterData(database, rent.ruid),
    valid_until: expiries.length ? new Date(Math.min(...expiries)).toISOString() : null,
    source: source ? { ruid: source.ruid, title: source.title, sent_at: source.offer_sent_at.toISOString() } : null,
    identity: { verified: identity },
    person: source?.has_person ?? false,
    documents,
    income: source?.total_income ?? null,
    references,
    investigation: investigation
      ? {
        created_at: investigation.created_at.toISOString(),
        valid_until: new Date(Math.min(investigation.created_at.getTime() + TENANT_FILE_REUSE_DAYS * DAY_MS, investigation.m_ttl.getTime())).toISOString(),
        score: investigation.score,
      }
      : null,
  };
  return { view, source, investigation };
}
