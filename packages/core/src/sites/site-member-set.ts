import type { Database } from '@nj/db';
import type { MemberSet, PropertyIndex } from '../search/index/property-index.ts';
import { SITE_CACHE_MS } from './find-site-by-host.ts';
import { listSiteMemberCuids } from './site-members.ts';

type Entry = { at: number; version: string; index: PropertyIndex; set: MemberSet };

/**
 * The members of branded sites as index member sets (issue 15 'White-label sites'; decision 030), for the
 * members-only search, detail and similar listings of a branded host. A site's member list (listSiteMemberCuids) is
 * read at most once per SITE_CACHE_MS per process; the index set is rebuilt only when that list changed (its version
 * is the list itself) or the index is another one. One per search service.
 */
export class SiteMemberSets {
  private readonly cache = new Map<string, Entry>();

  constructor(private readonly database: Database, private readonly now: () => number = Date.now) {}

  /** The member set of the site `siteUid` (an agency's or association's auid) in `index`. Throws the database's errors. */
  async get(index: PropertyIndex, siteUid: string): Promise<MemberSet> {
    const now = this.now();
    const hit = this.cache.get(siteUid);
    if (hit && hit.index === index && now - hit.at < SITE_CACHE_MS) return hit.set;
    const cuids = await listSiteMemberCuids(this.database, siteUid);
    const version = cuids.join(',');
    if (hit && hit.index === index && hit.version === version) {
      hit.at = now;
      return hit.set;
    }
    if (this.cache.size >= 1_000) this.cache.clear();
    const set = index.memberSet(cuids);
    this.cache.set(siteUid, { at: now, version, index, set });
    return set;
  }

  /** Forgets every site's members (tests; after a membership change in this process). */
  clear(): void {
    this.cache.clear();
  }
}
