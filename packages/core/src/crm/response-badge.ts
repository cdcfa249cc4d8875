import type { Database } from '@nj/db';
import { RESPONSE_MIN_SAMPLES, responseBucket } from '@nj/contracts';
import { crmTables } from './crm-tables.ts';

/**
 * The response-time badge of client `cuid` (issue 16; decision 032): the label of their median first response over
 * the last 30 days ('Responde en menos de 1 hora', …) as the job crm.response-times last computed it, or null with
 * fewer than RESPONSE_MIN_SAMPLES (3) conversations counted.
 */
export async function responseBadgeOf(database: Database, cuid: string | null | undefined): Promise<string | null> {
  if (!cuid) return null;
  const row = await crmTables(database).selectFrom('agent_response_times').select(['median_seconds', 'samples']).where('cuid', '=', cuid).executeTakeFirst();
  return row && row.samples >= RESPONSE_MIN_SAMPLES ? responseBucket(row.median_seconds)?.label ?? null : null;
}

/** The response-time badge of listing `puid`'s advertiser: the agent it is assigned to, else its owner. */
export async function responseBadgeOfListing(database: Database, puid: string): Promise<string | null> {
  const p = await crmTables(database).selectFrom('properties').select(['agent_cuid', 'owner_cuid']).where('puid', '=', puid).executeTakeFirst();
  return responseBadgeOf(database, p?.agent_cuid ?? p?.owner_cuid);
}
