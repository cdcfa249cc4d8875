import { sql } from 'kysely';
import { BUREAU_CONSENT } from '@nj/contracts';
import type { Database } from '@nj/db';

/** For tests: client `cuid` authorized the credit bureau query `daysAgo` days ago (default now) (decision 020). */
export async function grantTestBureauConsent(database: Database, cuid: string, daysAgo = 0): Promise<void> {
  await sql`
    INSERT INTO bureau_consents (cuid, authorized_at, consent_version)
    VALUES (${cuid}, now() - make_interval(days => ${daysAgo}), ${BUREAU_CONSENT.consentVersion})
    ON CONFLICT (cuid) DO UPDATE SET authorized_at = excluded.authorized_at, consent_version = excluded.consent_version`.execute(database.db);
}
