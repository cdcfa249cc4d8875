import { PROPERTY_CODE_PATTERN, SEARCH_MESSAGES, type TPropertyDetail } from '@nj/contracts';
import { responseBadgeOfListing } from '../crm/response-badge.ts';
import type { Database } from '@nj/db';
import { AppError } from '../errors/app-error.ts';
import { propertiesRepository } from '../properties/properties-repository.ts';
import { presentDetail } from '../properties/present-property.ts';
import type { ExchangeRates } from '../properties/exchange-rates.ts';
import { markLiked } from '../likes/mark-liked.ts';
import type { IndexSync } from './index/sync-index.ts';
import { registeredCuidOf, VISITOR, type Actor } from '../policies/actor.ts';
import { authorize } from '../policies/policy.ts';
import { listingPolicy } from '../policies/listing.ts';
import { advertiserPolicy } from '../policies/advertiser.ts';
import { advertisersRepository } from '../advertisers/advertisers-repository.ts';
import { findApproximateAreaOutline } from './approximate-area-outline.ts';
import { attachAlsoOn } from '../dedup/attach-also-on.ts';

/**
 * One listing for the detail page (GET /api/v1/properties/{id}; spec 01 §2 "Property code"). `idOrSlugOrCode` is
 * a uid ('p_…'), a slug, or a code 'NJ-1A2B' in any case. `actor` (default a visitor) must be allowed to read it by
 * listingPolicy 'read': a deactivated listing (is_active false) only by its owner; anyone else gets AppError GONE
 * 'Esta propiedad ya no está disponible' (issue 7 §7). `advertiser` is the owner's public profile (advertiserPolicy:
 * never e-mail or phone; issue 9 §4), null for a listing without an advertiser account. For a registered actor `is_liked` tells whether they like it. With `index` (the process's
 * search index) a listing whose current version is in its row cache is answered without a query, after the index
 * has caught up with the database as a search would (issue 7 "Under load": on the embedded database a burst of
 * detail pages otherwise queues one query each behind the others on its one thread).
 * A listing placed at its colonia's centre (issue 10) carries that colonia's outline in `approximate_area`.
 * A listing in a duplicate group (issue 16) carries the group's other active listings in `also_on`.
 * Throws AppError NOT_FOUND with SEARCH_MESSAGES.propertyNotFound when nothing matches.
 */
export async function getProperty(options: {
  database: Database; idOrSlugOrCode: string; config: { exchangeRates: ExchangeRates }; actor?: Actor;
  index?: IndexSync;
}): Promise<TPropertyDetail> {
  const actor = options.actor ?? VISITOR;
  authorize(actor, listingPolicy, 'read');
  const key = propertyKey(options.idOrSlugOrCode);
  const cached = key && options.index ? await cachedRow(options.index, key) : undefined;
  const row = cached ?? (key ? await propertiesRepository.findOne(options.database, key) : undefined);
  if (!row) throw new AppError('NOT_FOUND', SEARCH_MESSAGES.propertyNotFound);
  authorize(actor, listingPolicy, 'read', row);
  authorize(actor, advertiserPolicy, 'read_public');
  // The agent the owner assigned the listing to, else the owner (issue 11).
  const advertiser = row.owner_cuid ? await advertisersRepository.findPublicOfListing(options.database, row.puid, row.owner_cuid) : null;
  const [detail] = await markLiked(options.database, registeredCuidOf(actor), [presentDetail(row, { rates: options.config.exchangeRates, advertiser })]);
  if (detail!.advertiser) detail!.advertiser.response_time = await responseBadgeOfListing(options.database, row.puid);
  if (detail!.location_precision === 'colonia') {
    const outline = await findApproximateAreaOutline(options.database, detail!.lat, detail!.lng);
    if (outline) detail!.approximate_area = outline;
  }
  // Issue 16 (decision 034): the other listings of the same home ('También en…'; its owner sees the grouping here).
  await attachAlsoOn(options.database, [detail!]);
  return detail!;
}

/** The current version of the listing `key` names from the index's row cache, or undefined (then read it). */
async function cachedRow(sync: IndexSync, key: { puid?: string; slug?: string; njUid?: string }) {
  if (key.njUid) return undefined;
  await sync.refresh();
  const puid = (key.slug && sync.rows.puidOfSlug(key.slug)) || key.puid;
  const seq = puid ? sync.index.seqOf(puid) : undefined;
  return puid && seq ? sync.rows.get(puid, seq) : undefined;
}

/**
 * How a listing is named in a URL or a call — a uid ('p_…'), a slug, or a code 'NJ-1A2B' in any case — as the key
 * propertiesRepository.findOne takes; null for what can never name one (empty, over 300 characters, control
 * characters such as a NUL, which would break the query).
 */
export function propertyKey(idOrSlugOrCode: string): { puid?: string; slug?: string; njUid?: string } | null {
  const raw = idOrSlugOrCode.trim();
  if (!raw || raw.length > 300 || /[\u0000-\u001f\u007f]/.test(raw)) return null;
  return PROPERTY_CODE_PATTERN.test(raw) ? { njUid: raw.slice(3).toLowerCase() } : { puid: raw, slug: raw.toLowerCase() };
}
