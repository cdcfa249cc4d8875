import { describe, expect, it } from 'vitest';
import { PropertyRowCache } from './row-cache.ts';
import type { PropertyRow } from '../properties/properties-repository.ts';

const row = (puid: string, title = 't', slug = `slug-${puid}`) => ({ puid, title, slug }) as PropertyRow;

describe('PropertyRowCache', () => {
  it('answers only the version it was given, never an unknown one', () => {
    const cache = new PropertyRowCache();
    cache.set(row('a', 'v1'), 5);
    expect(cache.get('a', 5)?.title).toBe('v1');
    expect(cache.get('a', 6)).toBeUndefined();
    cache.set(row('a', 'v2'), 6);
    expect(cache.get('a', 5)).toBeUndefined();
    cache.set(row('b'), 0);
    expect(cache.get('b', 0)).toBeUndefined();
  });

  it('keeps at most maxEntries rows, dropping the oldest', () => {
    const cache = new PropertyRowCache(2);
    cache.set(row('a'), 1);
    cache.set(row('b'), 1);
    cache.set(row('c'), 1);
    expect(cache.size).toBe(2);
    expect(cache.get('a', 1)).toBeUndefined();
    expect(cache.get('c', 1)).toBeDefined();
  });

  it('finds a kept row by slug, and forgets the slug with the row or when the listing is renamed', () => {
    const cache = new PropertyRowCache(2);
    cache.set(row('a', 't', 'casa-roma'), 1);
    expect(cache.puidOfSlug('casa-roma')).toBe('a');
    cache.set(row('a', 't', 'casa-roma-norte'), 2);
    expect(cache.puidOfSlug('casa-roma')).toBeUndefined();
    expect(cache.puidOfSlug('casa-roma-norte')).toBe('a');
    cache.set(row('b'), 1);
    cache.set(row('c'), 1);
    expect(cache.puidOfSlug('casa-roma-norte')).toBeUndefined();
    expect(cache.puidOfSlug('slug-c')).toBe('c');
  });
});
