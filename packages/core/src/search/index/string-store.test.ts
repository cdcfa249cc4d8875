import { describe, expect, it } from 'vitest';
import { SlotStrings } from './string-store.ts';

/** The index's puid hash is FNV-1a; a weak hash here forces collisions and probing. */
const weak = (s: string) => s.length % 7;

describe('SlotStrings', () => {
  it('stores, finds, forgets and reorders 20,000 entries with colliding hashes', () => {
    const hashes: number[] = [];
    const store = new SlotStrings((slot) => hashes[slot]!);
    const n = 20_000;
    for (let i = 0; i < n; i++) {
      const puid = `p_${i.toString(36)}`;
      hashes[i] = i < 200 ? weak(puid) : i * 2654435761 >>> 0;
      store.set(i, puid, `casa-en-renta-ñuñoa-${i}`, hashes[i]!);
    }
    expect(store.find('p_0', hashes[0]!)).toBe(0);
    expect(store.find(`p_${(12_345).toString(36)}`, hashes[12_345]!)).toBe(12_345);
    expect(store.find('p_nope', 5)).toBeUndefined();
    expect(store.slug(150)).toBe('casa-en-renta-ñuñoa-150');
    for (let i = 0; i < n; i += 2) store.unindex(i, hashes[i]!);
    expect(store.find('p_0', hashes[0]!)).toBeUndefined();
    expect(store.find('p_1', hashes[1]!)).toBe(1);
    expect(store.puid(2)).toBe('p_2'); // strings of an unindexed slot stay readable until reordering
    // Compaction keeps the odd slots, reversed.
    const kept = Array.from({ length: n / 2 }, (_, j) => n - 1 - 2 * j);
    const order = Int32Array.from(kept);
    const newHashes = kept.map((o) => hashes[o]!);
    hashes.length = 0;
    hashes.push(...newHashes);
    store.reorder(order, kept.length, kept.length);
    expect(store.puid(0)).toBe(`p_${(n - 1).toString(36)}`);
    expect(store.find(`p_${(n - 1).toString(36)}`, hashes[0]!)).toBe(0);
    expect(store.find('p_1', hashes[kept.length - 1]!)).toBe(kept.length - 1);
    expect(store.slug(kept.length - 1)).toBe('casa-en-renta-ñuñoa-1');
  });
});
