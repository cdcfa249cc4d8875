import type { Database } from '@nj/db';
import { ADVERTISER_PUBLIC_COLUMNS } from '../policies/advertiser.ts';

/** A client row as far as advertiserPolicy makes it public (no e-mail, no phone). */
export type PublicAdvertiserRow = {
  nickname: string | null; profile_photo_name: string | null; bio: string | null; is_agent: boolean;
  is_email_verified: boolean; is_phone_verified: boolean; is_identity_verified: boolean; created_at: Date;
};

/** SQL of advertisers: the public columns of the client who owns a listing (issue 9 §4 advertiser box). */
export const advertisersRepository = {
  /**
   * The public profile columns (ADVERTISER_PUBLIC_COLUMNS, nothing else) of registered client `cuid`, or undefined
   * when there is none or the client is anonymous (an anonymous client publishes nothing).
   */
  async findPublic(database: Database, cuid: string): Promise<PublicAdvertiserRow | undefined> {
    return database.db.selectFrom('clients').select([...ADVERTISER_PUBLIC_COLUMNS])
      .where('cuid', '=', cuid).where('is_anonymous', '=', false).executeTakeFirst();
  },
  /**
   * The advertiser of listing `puid`: the agent it is assigned to (properties.agent_cuid, issue 11) or else its owner
   * `ownerCuid` — the same public columns, one query.
   */
  async findPublicOfListing(database: Database, puid: string, ownerCuid: string): Promise<PublicAdvertiserRow | undefined> {
    return database.db.selectFrom('clients').select([...ADVERTISER_PUBLIC_COLUMNS])
      .where('cuid', '=', (eb) => eb.fn.coalesce(
        eb.selectFrom('properties').select('agent_cuid').where('puid', '=', puid),
        eb.val(ownerCuid),
      ))
      .where('is_anonymous', '=', false).executeTakeFirst();
  },
};
