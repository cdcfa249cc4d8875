import { describe, expect, it } from 'vitest';
import { placeMatchesSlug } from './suggested.ts';

describe('placeMatchesSlug', () => {
  it('accepts the neighbourhood the slug names, even by a shortened word', () => {
    expect(placeMatchesSlug('santa-tere', 'villasenor santa teresita')).toBe(true);
    expect(placeMatchesSlug('la-americana', 'americana')).toBe(true);
    expect(placeMatchesSlug('colonia-san-pedro-garza-garcia', 'san pedro garza garcia')).toBe(true);
  });
  it('refuses a fallback to the city or another colonia', () => {
    expect(placeMatchesSlug('condesa', 'ciudad de mexico')).toBe(false);
    expect(placeMatchesSlug('lomas-de-chapultepec', 'lomas de tarango')).toBe(false);
  });
});
