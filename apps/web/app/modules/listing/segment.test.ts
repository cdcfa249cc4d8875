import { describe, expect, it } from 'vitest';
import { CATEGORY_PATHS } from '@nj/contracts/catalogue/vocabularies';
import { headingPlace, listingPath, parseListingSegment, searchHeading } from './segment.ts';

describe('parseListingSegment: every word of the path filters (issue 9 §3)', () => {
  it('reads place pages, with and without an operation', () => {
    expect(parseListingSegment('propiedades-en-providencia')).toEqual({ category: null, type: null, opType: null, placeSlug: 'providencia' });
    expect(parseListingSegment('propiedades-en-renta-en-guadalajara')).toEqual({ category: null, type: null, opType: 'renta', placeSlug: 'guadalajara' });
    expect(parseListingSegment('propiedades-en-venta')).toEqual({ category: null, type: null, opType: 'venta', placeSlug: null });
  });

  it('reads type, operation and place of category paths', () => {
    expect(parseListingSegment('departamentos-en-renta-en-guadalajara'))
      .toEqual({ category: 'departamentos', type: 'apartment', opType: 'renta', placeSlug: 'guadalajara' });
    expect(parseListingSegment('casas-en-venta-en-zapopan')).toEqual({ category: 'casas', type: 'house', opType: 'venta', placeSlug: 'zapopan' });
    expect(parseListingSegment('casas')).toEqual({ category: 'casas', type: 'house', opType: null, placeSlug: null });
    expect(parseListingSegment('casas-en-renta')).toEqual({ category: 'casas', type: 'house', opType: 'renta', placeSlug: null });
    expect(parseListingSegment('departamentos-en-guadalajara')).toMatchObject({ type: 'apartment', opType: null, placeSlug: 'guadalajara' });
    expect(parseListingSegment('Casas-En-Venta-En-Roma-Norte-Cuauhtemoc')).toMatchObject({ type: 'house', opType: 'venta', placeSlug: 'roma-norte-cuauhtemoc' });
  });

  it('reads every category path of the spec, both spellings of the shopping-centre one', () => {
    for (const [key, type] of Object.entries(CATEGORY_PATHS)) {
      expect(parseListingSegment(`${key}-en-venta-en-jalisco`)).toEqual({ category: key, type, opType: 'venta', placeSlug: 'jalisco' });
    }
    expect(parseListingSegment('casas-con-uso-de-suelo-en-renta')).toMatchObject({ type: 'casa_con_uso_de_suelo', opType: 'renta' });
    expect(parseListingSegment('terrenos-comerciales')).toMatchObject({ type: 'terreno_comercial' });
  });

  it('takes an operation word that starts a place name as the place', () => {
    expect(parseListingSegment('casas-en-venta-de-carpio')).toMatchObject({ type: 'house', opType: null, placeSlug: 'venta-de-carpio' });
    expect(parseListingSegment('casas-en-venta-en-venta-de-carpio')).toMatchObject({ opType: 'venta', placeSlug: 'venta-de-carpio' });
  });

  it('refuses any word it cannot read (404), instead of ignoring it', () => {
    for (const s of [
      'propiedadesx', 'casasx', 'favicon.ico', 'propiedades-en-', 'propiedades', 'locales-centros-comerciales-baratos',
      'casas-baratas', 'casas-en', 'casas-en-renta-', 'casas-en-renta-en-', 'casas--en-renta',
      'departamentos-en-renta-en-guadalajara!', 'casas-en-renta-en-guadalajara/x', '',
    ]) expect(parseListingSegment(s), s).toBeNull();
  });
});

describe('listingPath', () => {
  it('writes the paths parseListingSegment reads', () => {
    expect(listingPath({ type: 'apartment', opType: 'renta', placeSlug: 'guadalajara' })).toBe('/departamentos-en-renta-en-guadalajara');
    expect(listingPath({ type: 'house', opType: 'venta' })).toBe('/casas-en-venta');
    expect(listingPath({ opType: 'renta', placeSlug: 'zapopan' })).toBe('/propiedades-en-renta-en-zapopan');
    expect(listingPath({ placeSlug: 'zapopan' })).toBe('/propiedades-en-zapopan');
    expect(listingPath({ type: 'otro' })).toBe('/propiedades');
    expect(listingPath({})).toBe('/propiedades');
    for (const type of new Set(Object.values(CATEGORY_PATHS))) {
      const path = listingPath({ type, opType: 'venta', placeSlug: 'jalisco' });
      expect(parseListingSegment(path.slice(1))).toMatchObject({ type, opType: 'venta', placeSlug: 'jalisco' });
    }
  });
});

describe('headings', () => {
  it('shortens colonia labels', () => {
    expect(headingPlace('Providencia, Guadalajara, Jalisco', 'neighbourhood')).toBe('Providencia, Guadalajara');
    expect(headingPlace('Guadalajara, Jalisco', 'locality')).toBe('Guadalajara, Jalisco');
  });
  it('says type, operation and place', () => {
    expect(searchHeading({ types: ['apartment'], opType: 'renta', place: 'Providencia, Guadalajara' })).toBe('Departamentos en renta en Providencia, Guadalajara');
    expect(searchHeading({ types: ['house', 'apartment'], opType: 'venta', place: null })).toBe('Propiedades en venta');
    expect(searchHeading({ types: [], opType: null, place: 'Zapopan, Jalisco' })).toBe('Propiedades en renta y venta en Zapopan, Jalisco');
  });
});
