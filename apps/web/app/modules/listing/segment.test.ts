import { describe, expect, it } from 'vitest';
import { headingPlace, parseListingSegment } from './segment.ts';

describe('parseListingSegment', () => {
  it('reads place pages', () => {
    expect(parseListingSegment('propiedades-en-providencia')).toEqual({ kind: 'place', placeSlug: 'providencia' });
  });
  it('reads category paths with and without trailing text', () => {
    expect(parseListingSegment('casas')).toMatchObject({ kind: 'category', type: 'house', placeSlug: null });
    expect(parseListingSegment('departamentos-en-guadalajara')).toMatchObject({ type: 'apartment', placeSlug: 'guadalajara' });
    expect(parseListingSegment('casas-con-uso-de-suelo')).toMatchObject({ type: 'casa_con_uso_de_suelo' });
    expect(parseListingSegment('locales-de-centros-comerciales')).toMatchObject({ type: 'local_en_centro_comercial' });
    expect(parseListingSegment('locales-centros-comerciales-baratos')).toMatchObject({ type: 'local_en_centro_comercial', placeSlug: null });
  });
  it('refuses anything else', () => {
    expect(parseListingSegment('propiedadesx')).toBeNull();
    expect(parseListingSegment('casasx')).toBeNull();
    expect(parseListingSegment('favicon.ico')).toBeNull();
  });
  it('shortens colonia labels for headings', () => {
    expect(headingPlace('Providencia, Guadalajara, Jalisco', 'neighbourhood')).toBe('Providencia, Guadalajara');
    expect(headingPlace('Guadalajara, Jalisco', 'locality')).toBe('Guadalajara, Jalisco');
  });
});
