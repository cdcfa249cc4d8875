import { describe, expect, it } from 'vitest';
import type { TAlsoOn } from '@nj/contracts/dedup/schemas';
import { onePerSource } from './also-on.ts';

const listing = (puid: string, source: string, source_name: string): TAlsoOn =>
  ({ puid, slug: `casa-${puid}`, source, source_name, source_url: `https://example.com/${puid}` });

describe('onePerSource', () => {
  it('names each source once, keeping the first listing (and its link) of each, in order', () => {
    const others = [listing('a', 'inmuebles24', 'Inmuebles24'), listing('b', 'easybroker', 'EasyBroker'),
      listing('c', 'inmuebles24', 'Inmuebles24'), listing('d', 'kw', 'KW')];
    expect(onePerSource(others).map((o) => [o.puid, o.source_name])).toEqual([
      ['a', 'Inmuebles24'], ['b', 'EasyBroker'], ['d', 'KW'],
    ]);
  });
  it('keeps distinct sources as they are and returns nothing for nothing', () => {
    const others = [listing('a', 'lamudi', 'Lamudi'), listing('b', 'owner', 'Propietario')];
    expect(onePerSource(others)).toEqual(others);
    expect(onePerSource([])).toEqual([]);
  });
});
