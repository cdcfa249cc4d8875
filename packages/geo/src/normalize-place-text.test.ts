import { describe, expect, it } from 'vitest';
import { cleanColoniaName, normalizePlaceText, slugifyPlace, stripSettlementPrefix } from './normalize-place-text.ts';
import { crowdedPrefixes } from './rebuild-place-search-index.ts';
import { placeRank, rankTier } from './place-record.ts';
import { stateByName } from './state-catalogue.ts';

describe('place text normalisation (spec 01 §2: ignores accents, case and punctuation)', () => {
  it('folds accents, case and punctuation', () => {
    expect(normalizePlaceText('Providéncia,')).toBe('providencia');
    expect(normalizePlaceText('  San Pedro Garza García (N.L.) ')).toBe('san pedro garza garcia n l');
    expect(normalizePlaceText('Ñuñoa—Peñón')).toBe('nunoa penon');
    expect(normalizePlaceText("'; DROP TABLE places; --")).toBe('drop table places');
    expect(normalizePlaceText('🏠🏠')).toBe('');
    expect(normalizePlaceText(undefined)).toBe('');
  });
  it('makes slugs and cleans colonia names', () => {
    expect(slugifyPlace('Ladrón de Guevara')).toBe('ladron-de-guevara');
    expect(cleanColoniaName('Fraccionamiento Ladrón de Guevara')).toBe('Ladrón de Guevara');
    expect(cleanColoniaName('Col.  Moderna')).toBe('Moderna');
    expect(stripSettlementPrefix('colonia roma norte')).toBe('roma norte');
    expect(stripSettlementPrefix('colonia')).toBe('colonia');
  });
  it('knows the states by their other names', () => {
    expect(stateByName('Distrito Federal')?.code).toBe('09');
    expect(stateByName('Coahuila de Zaragoza')?.code).toBe('05');
    expect(stateByName('México')?.code).toBe('15');
  });
});

describe('ranking tiers', () => {
  it('puts regions over cities over colonias, and villages with colonias', () => {
    const region = placeRank('region', 8_000_000, 'exact');
    const city = placeRank('locality', 1_400_000, 'municipality_seat', true);
    const village = placeRank('locality', 1_500, 'locality');
    const colonia = placeRank('neighbourhood', 30, 'listings', false, 1_400_000);
    expect(rankTier(region)).toBe(4);
    expect(rankTier(city)).toBe(3);
    expect(rankTier(village)).toBe(2);
    expect(colonia).toBeGreaterThan(village);
    expect(rankTier(placeRank('postal_code', 0, 'polygon'))).toBe(1);
  });
});

describe('crowded prefixes', () => {
  it('keeps the best k places of every prefix shared by more than k words', () => {
    const rows = Array.from({ length: 10 }, (_, i) => ({ word: `san ${String.fromCharCode(97 + i)}`, place_id: `p${i}`, rank: i }));
    rows.push({ word: 'zeta', place_id: 'z', rank: 100 });
    const top = new Map(crowdedPrefixes(rows, 3));
    expect(top.get('s')).toEqual(['p9', 'p8', 'p7']);
    expect(top.get('san')).toEqual(['p9', 'p8', 'p7']);
    expect(top.has('san ')).toBe(false);
    expect(top.has('san a')).toBe(false);
    expect(top.has('z')).toBe(false);
  });
  it('lists a place once per prefix', () => {
    const rows = [
      { word: 'santa ana', place_id: 'a', rank: 9 }, { word: 'santa ana santa', place_id: 'a', rank: 9 },
      { word: 'santa b', place_id: 'b', rank: 5 }, { word: 'santa c', place_id: 'c', rank: 4 },
    ];
    expect(new Map(crowdedPrefixes(rows, 2)).get('santa')).toEqual(['a', 'b']);
  });
});
