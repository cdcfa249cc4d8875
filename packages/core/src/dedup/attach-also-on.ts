import { sourceName, type TAlsoOn } from '@nj/contracts';
import type { Database } from '@nj/db';
import { dedupRepository, type DupMemberRow } from './dedup-repository.ts';

/** The wire form of another member of a listing's group (decision 034). */
export function presentAlsoOn(m: DupMemberRow): TAlsoOn {
  return { puid: m.puid, slug: m.slug, source: m.source, source_name: sourceName(m.source), source_url: m.source_url };
}

/**
 * Sets `also_on` on the cards that head a duplicate group (issue 16 'También en…'; decision 034): the group's other
 * active listings, each with its source's name, our page and the source's page when known. One query for the page.
 * Takes the page's cards (mutated) and returns them. `keep`: on a branded site, only the site's members' listings
 * are named (decision 030); absent, every other active listing of the group.
 * @throws the database's errors
 */
export async function attachAlsoOn<T extends { uid: string; also_on?: TAlsoOn[] | undefined }>(database: Database, cards: T[], keep?: (puid: string) => boolean): Promise<T[]> {
  const rows = await dedupRepository.otherMembers(database.db, cards.map((c) => c.uid));
  const byCard = new Map<string, TAlsoOn[]>();
  for (const r of rows) {
    if (keep && !keep(r.puid)) continue;
    const list = byCard.get(r.of_puid) ?? [];
    list.push(presentAlsoOn(r));
    byCard.set(r.of_puid, list);
  }
  for (const card of cards) {
    const list = byCard.get(card.uid);
    if (list?.length) card.also_on = list;
  }
  return cards;
}
