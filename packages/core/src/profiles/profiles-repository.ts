import type { Database } from '@nj/db';
import { PROFILE_PUBLIC_COLUMNS } from '../policies/profile.ts';

/** A client row as far as profilePolicy makes it public, plus is_anonymous for the rule. */
export type PublicProfileRow = {
  cuid: string; is_anonymous: boolean; nickname: string | null; profile_photo_name: string | null; bio: string | null;
  is_agent: boolean; is_email_verified: boolean; is_phone_verified: boolean; is_identity_verified: boolean; created_at: Date;
};

/** SQL of public profiles (issue 11 '/perfil?u={uid}'): the client's public columns and the reviews written about them. */
export const profilesRepository = {
  /** The public columns (PROFILE_PUBLIC_COLUMNS, nothing else) of client `cuid`, or undefined when there is none. */
  async findPublic(database: Database, cuid: string): Promise<PublicProfileRow | undefined> {
    return database.db.selectFrom('clients').select(['cuid', 'is_anonymous', ...PROFILE_PUBLIC_COLUMNS])
      .where('cuid', '=', cuid).executeTakeFirst();
  },

  /**
   * The latest `limit` reviews about `cuid` that have a comment, newest first: rating, comment and date only (the
   * reviewer is not selected, so it cannot reach the page).
   */
  async latestCommentedReviews(database: Database, cuid: string, limit: number): Promise<{ rating: number; comment: string; created_at: Date }[]> {
    const rows = await database.db.selectFrom('appointment_reviews').select(['rating', 'comment', 'created_at'])
      .where('reviewee_cuid', '=', cuid).where('comment', 'is not', null).where('comment', '<>', '')
      .orderBy('created_at', 'desc').orderBy('auid').limit(limit).execute();
    return rows.map((r) => ({ rating: Number(r.rating), comment: r.comment ?? '', created_at: r.created_at }));
  },
};
