import type { PropertyRow } from '../properties/properties-repository.ts';

/**
 * Full listing rows kept in memory per version (issue 7 "Under load": the page of a search is mostly the same
 * listings again, and reading 20 wide rows was a third of a search's database time). A row is returned only for
 * the exact `change_seq` the index holds for it, so a listing changed by any process is read again as soon as the
 * index has caught up with the change. Bounded: the oldest entries are dropped beyond `maxEntries`.
 */
export class PropertyRowCache {
  private readonly rows = new Map<string, { seq: number; row: PropertyRow }>();
  /** slug → puid of the rows kept (the detail page is asked for by slug). */
  private readonly slugs = new Map<string, string>();

  constructor(private readonly maxEntries = 30_000) {}

  /** The row of `puid` at version `seq` (a change_seq > 0), or undefined. */
  get(puid: string, seq: number): PropertyRow | undefined {
    if (seq <= 0) return undefined;
    const hit = this.rows.get(puid);
    return hit && hit.seq === seq ? hit.row : undefined;
  }

  /** Keeps `row` as the version `seq` of its listing (ignored when seq ≤ 0). */
  set(row: PropertyRow, seq: number): void {
    if (seq <= 0) return;
    this.drop(row.puid);
    this.rows.set(row.puid, { seq, row });
    this.slugs.set(row.slug, row.puid);
    if (this.rows.size > this.maxEntries) this.drop(this.rows.keys().next().value!);
  }

  /** The puid of the kept row whose slug is `slug`, or undefined (the row's version is checked by `get`). */
  puidOfSlug(slug: string): string | undefined {
    return this.slugs.get(slug);
  }

  private drop(puid: string): void {
    const old = this.rows.get(puid);
    if (!old) return;
    this.rows.delete(puid);
    if (this.slugs.get(old.row.slug) === puid) this.slugs.delete(old.row.slug);
  }

  /** Most rows kept. */
  get capacity(): number {
    return this.maxEntries;
  }

  /** Rows kept. */
  get size(): number {
    return this.rows.size;
  }
}
