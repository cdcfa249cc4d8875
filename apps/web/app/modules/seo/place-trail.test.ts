import { describe, expect, it } from 'vitest';
import { breadcrumbJsonLd, placeTrail, stateOf, stateSlug } from './place-trail.ts';

describe('breadcrumbs Estado › Ciudad › Colonia (issue 9 §3)', () => {
  it('recognises the states however listings spell them', () => {
    expect(stateOf('Jalisco')?.cve).toBe('14');
    expect(stateOf('CDMX')?.cve).toBe('09');
    expect(stateOf('Distrito Federal')?.cve).toBe('09');
    expect(stateOf('Veracruz de Ignacio de la Llave')?.cve).toBe('30');
    expect(stateOf('Veracruz')?.cve).toBe('30');
    expect(stateOf('Estado de México')?.cve).toBe('15');
    expect(stateOf('Narnia')).toBeNull();
    expect(stateSlug(stateOf('Puebla')!)).toBe('estado-de-puebla');
    expect(stateSlug(stateOf('Ciudad de México')!)).toBe('ciudad-de-mexico');
    expect(stateSlug(stateOf('Estado de México')!)).toBe('estado-de-mexico');
  });

  it('links each level to the listings of the same type and operation there', () => {
    expect(placeTrail({ state: 'Jalisco', city: 'Guadalajara', colonia: 'Providencia', type: 'apartment', opType: 'renta' })).toEqual([
      { label: 'Jalisco', href: '/departamentos-en-renta-en-estado-de-jalisco' },
      { label: 'Guadalajara', href: '/departamentos-en-renta-en-guadalajara-jalisco' },
      { label: 'Providencia', href: '/departamentos-en-renta-en-providencia-guadalajara-jalisco' },
    ]);
    expect(placeTrail({ state: 'Jalisco', city: 'Zapopan', current: true })).toEqual([
      { label: 'Jalisco', href: '/propiedades-en-estado-de-jalisco' },
      { label: 'Zapopan', href: null },
    ]);
  });

  it('leaves out repeated and missing levels', () => {
    expect(placeTrail({ state: 'Ciudad de México', city: 'Ciudad de México', colonia: null }).map((c) => c.label)).toEqual(['Ciudad de México']);
    expect(placeTrail({ state: 'Coahuila de Zaragoza', city: 'Saltillo', colonia: 'Saltillo' }).map((c) => c.label)).toEqual(['Coahuila', 'Saltillo']);
    expect(placeTrail({ state: null, city: 'Guadalajara' })).toEqual([]);
  });

  it('writes schema.org BreadcrumbList JSON-LD with absolute URLs', () => {
    const crumbs = placeTrail({ state: 'Jalisco', city: 'Guadalajara', current: true });
    expect(breadcrumbJsonLd(crumbs, 'https://nj.example', '/departamentos-en-renta-en-guadalajara')).toEqual({
      '@context': 'https://schema.org',
      '@type': 'BreadcrumbList',
      itemListElement: [
        { '@type': 'ListItem', position: 1, name: 'Jalisco', item: 'https://nj.example/propiedades-en-estado-de-jalisco' },
        { '@type': 'ListItem', position: 2, name: 'Guadalajara', item: 'https://nj.example/departamentos-en-renta-en-guadalajara' },
      ],
    });
  });
});
