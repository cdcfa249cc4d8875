import { sql } from 'kysely';
import type { Database } from '@nj/db';
import { propertiesRepository } from '../properties/properties-repository.ts';
import type { Actor } from '../policies/actor.ts';
import { can } from '../policies/policy.ts';
import { photoPolicy } from '../policies/photo.ts';

/** Who may load a stored object: everyone (published photos, profile photos), only the owner (drafts), or nobody. */
export type MediaAccess = 'public' | 'owner' | 'none';

const LISTING_PHOTO = /^properties\/([^/]+)\/([a-z0-9]+)(?:_thumb|_card)?\.webp$/i;
const DRAFT_PHOTO = /^drafts\/([^/]+)\/([a-z0-9]+)(?:_thumb|_card)?\.webp$/i;
const PROFILE_PHOTO = /^profile\/([^/]+)\/([a-z0-9]+?)(-thumb)?\.webp$/i;
const AGENCY_LOGO = /^agencies\/([^/]+)\/([a-z0-9]+?)(-thumb)?\.webp$/i;
const AD_IMAGE = /^ads\/(ad_[a-f0-9]{20})\/([a-f0-9]+)\.webp$/;

/**
 * Whether `/media/{key}` may serve `key` to this visitor (issue 7 §7): only keys a COMMITTED row references are
 * served, so files of an interrupted upload (media_pending) or of a removed photo never are.
 * - `properties/{puid}/{name}{_thumb|_card|}.webp`: the listing's `images` lists `name` → 'public';
 * - `drafts/{draftId}/{name}{…}.webp`: the draft's `data.photos` lists `name` AND photoPolicy 'read' lets `actor`
 *   see it (the draft's owner) → 'owner' (served privately, `no-store`); anyone else 'none' (404: drafts are never
 *   revealed);
 * - `profile/{cuid}/{id}.webp` and `…-thumb.webp`: the client's profile_photo_name is that key → 'public';
 * - `agencies/{auid}/{id}.webp` and `…-thumb.webp`: the agency's logo_name is that key → 'public' (issue 15);
 * - `ads/{ad_uid}/{id}.webp`: the map ad's image_key is that key → 'public' (issue 16);
 * - anything else (originals, unknown prefixes) → 'none'.
 * Takes the storage key and the request's actor. One indexed query.
 */
export async function findMediaAccess(deps: { database: Database }, input: { key: string; actor: Actor }): Promise<MediaAccess> {
  const { db } = deps.database;
  const { key, actor } = input;
  let m = LISTING_PHOTO.exec(key);
  if (m) {
    return (await propertiesRepository.hasPhoto(db, m[1]!, m[2]!)) ? 'public' : 'none';
  }
  m = DRAFT_PHOTO.exec(key);
  if (m) {
    if (actor.kind !== 'registered') return 'none';
    const row = await db.selectFrom('property_drafts').select('owner_cuid').where('id', '=', m[1]!)
      .where(sql<boolean>`(data->'photos' @> ${JSON.stringify([{ name: m[2] }])}::jsonb OR data->'photos' @> ${JSON.stringify([m[2]])}::jsonb)`)
      .executeTakeFirst();
    return row && can(actor, photoPolicy, 'read', { kind: 'draft', owner_cuid: row.owner_cuid }) ? 'owner' : 'none';
  }
  m = PROFILE_PHOTO.exec(key);
  if (m) {
    const row = await db.selectFrom('clients').select('cuid').where('cuid', '=', m[1]!)
      .where('profile_photo_name', '=', `profile/${m[1]}/${m[2]}.webp`).executeTakeFirst();
    return row ? 'public' : 'none';
  }
  m = AGENCY_LOGO.exec(key);
  if (m) {
    const row = await sql<{ auid: string }>`SELECT auid FROM agencies WHERE auid = ${m[1]!} AND logo_name = ${`agencies/${m[1]}/${m[2]}.webp`}`.execute(db);
    return row.rows.length ? 'public' : 'none';
  }
  if (AD_IMAGE.test(key)) {
    const row = await sql`SELECT 1 FROM map_ads WHERE image_key = ${key}`.execute(db);
    return row.rows.length ? 'public' : 'none';
  }
  return 'none';
}
