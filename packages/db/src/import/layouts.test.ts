import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { detectLayout, parseMapOption } from './layouts.ts';
import { parseListingsCsv, toPropertyRow } from './import-listings.ts';
import { amenitiesFromFeatures, parseAge, parseDaysAgo, parseInmuebles24Price, latLngFromStaticMapUrl } from './listing-fields.ts';
import { buildSlug, buildTitle, constructionYear, newNjUid, newPuid, njCode } from './listing-identity.ts';

const fixture = (name: string) => readFileSync(join(import.meta.dirname, 'fixtures', name), 'utf8');
const header = (name: string) => fixture(name).split('\n')[0]!.split(',');
const good = (rows: ReturnType<typeof parseListingsCsv>['rows']) => rows.flatMap((r) => ('facts' in r ? [r.facts] : []));
const bad = (rows: ReturnType<typeof parseListingsCsv>['rows']) => rows.flatMap((r) => ('reason' in r ? [r] : []));

describe('detectLayout', () => {
  it.each([
    ['normalised.csv', 'normalised'],
    ['inmuebles24-raw.csv', 'inmuebles24_raw'],
    ['inmuebles24-normalised.csv', 'inmuebles24_normalised'],
    ['properati-city.csv', 'properati_city'],
    ['properati-national-state.csv', 'properati_national_state'],
    ['properati-national-places.csv', 'properati_national_places'],
  ])('recognises %s as %s', (file, layout) => {
    expect(detectLayout(header(file)).layout.name).toBe(layout);
  });

  it('accepts raw Inmuebles24 headers with a blank trailing column and url_original', () => {
    expect(detectLayout([...header('inmuebles24-raw.csv'), '', 'url_original']).layout.name).toBe('inmuebles24_raw');
  });

  it('refuses an unknown header in Spanish, naming the columns it did not recognise', () => {
    expect(() => detectLayout(header('custom.csv'))).toThrowError(/No se reconoce el formato.*«latitud».*«barrio».*--map/s);
    try {
      detectLayout(header('custom.csv'));
    } catch (error) {
      expect((error as { code: string }).code).toBe('BAD_REQUEST');
      expect((error as { msg: string }).msg).not.toMatch(/«op_type»/);
    }
  });

  it('reads an unknown header through --map and says which essential fields are still missing', () => {
    const map = parseMapOption('id=source_id,operacion=op_type,tipo=property_type,precio_mxn=price,latitud=lat,longitud=lng,barrio=colonia,notas=ignorar');
    expect(detectLayout(header('custom.csv'), map).layout.name).toBe('mapped');
    expect(() => detectLayout(header('custom.csv'), parseMapOption('id=source_id,barrio=colonia,notas=ignorar,operacion=op_type,tipo=property_type,precio_mxn=price')))
      .toThrowError(/latitud|longitud/);
    expect(() => detectLayout(header('custom.csv'), parseMapOption('id=source_id,operacion=op_type,tipo=property_type,precio_mxn=price,latitud=lat,longitud=lng,barrio=colonia')))
      .toThrowError(/«notas»/);
    expect(() => parseMapOption('precio')).toThrowError(/--map no es válida/);
    expect(() => parseMapOption('precio=costo')).toThrowError(/El campo «costo»/);
  });
});

describe('row parsing', () => {
  it('reads our normalised layout and skips bad rows with their line and a Spanish reason', () => {
    const { rows } = parseListingsCsv(fixture('normalised.csv'), 'normalised.csv');
    const facts = good(rows);
    expect(facts.map((f) => f.sourceId)).toEqual(['n-1', 'n-2', 'n-3', 'n-6']);
    expect(facts[0]).toMatchObject({ opType: 'renta', propertyType: 'apartment', price: 23650, currency: 'mxn', maintenanceFee: 2500, amenities: ['pool', 'gym'], age: 'first_use', colonia: 'Providencia' });
    expect(facts[1]).toMatchObject({ currency: 'usd', price: 250000, age: 18, landArea: 778 });
    expect(bad(rows)).toEqual([
      { line: 5, reason: 'Tipo de propiedad desconocido: «castillo»' },
      { line: 6, reason: 'Faltan las coordenadas' },
      { line: 7, reason: 'Anuncio repetido en el archivo (ya aparece en la línea 2)' },
    ]);
  });

  it('reads the raw Inmuebles24 layout: price text, static-map centre, m² and icon counts, amenities', () => {
    const { rows } = parseListingsCsv(fixture('inmuebles24-raw.csv'), 'Inm24_Gdl_Ren_Dep_Sep25_01.csv');
    const [a, b] = good(rows);
    expect(a).toMatchObject({
      source: 'inmuebles24', sourceId: '100000001-renta', opType: 'renta', propertyType: 'apartment', price: 23650,
      currency: 'mxn', constructionArea: 83, rooms: 2, bathrooms: 2, parkingSpots: 1, age: 'first_use',
      street: 'Avenida Homero 97 402', colonia: 'Vallarta San Jorge', municipality: 'Guadalajara',
      lat: 20.676932, lng: -103.397433, publishedAt: '2025-08-22',
    });
    expect(a!.amenities).toEqual(['pet_friendly', 'integral_kitchen', 'aircon', 'gym', 'security_247', 'clubhouse', 'private_balcony']);
    expect(b).toMatchObject({ opType: 'venta', currency: 'usd', price: 450000, maintenanceFee: 2500, landArea: 778, constructionArea: 619, halfBathrooms: 2, age: 18, publishedAt: '2024-04-14' });
    expect(b!.amenities).toEqual(['pool', 'is_condo', 'fire_extinguisher', 'garden']);
    // the multi-line description does not shift line numbers
    expect(bad(rows)).toEqual([{ line: 5, reason: 'Precio no válido: «Precio a consultar»' }]);
  });

  it('reads the normalised Inmuebles24 layout, drops suspicious prices and gives code-less rows a stable id', () => {
    const first = parseListingsCsv(fixture('inmuebles24-normalised.csv'), 'x.csv');
    const facts = good(first.rows);
    expect(facts[0]).toMatchObject({ sourceId: '100000011-renta', propertyType: 'house', street: 'Calle de prueba', age: 40, publishedAt: '2025-03-17' });
    expect(facts[1]!.sourceId).toMatch(/^h[0-9a-f]{20}$/);
    expect(facts[1]).toMatchObject({ age: 4, publishedAt: '2025-04-14' });
    expect(good(parseListingsCsv(fixture('inmuebles24-normalised.csv'), 'x.csv').rows)[1]!.sourceId).toBe(facts[1]!.sourceId);
    expect(bad(first.rows)[0]!.reason).toMatch(/sospechoso/);
  });

  it('reads the Properati city and national layouts', () => {
    const city = parseListingsCsv(fixture('properati-city.csv'), 'mexico-city-real-estate-1.csv');
    expect(bad(city.rows).map((r) => r.line)).toEqual([2, 5]);
    expect(bad(city.rows)[0]!.reason).toMatch(/genéricas/);
    const [iztapalapa, playa] = good(city.rows);
    expect(iztapalapa).toMatchObject({ source: 'properati', opType: 'venta', propertyType: 'house', municipality: 'Iztapalapa', state: 'Ciudad de México', publishedAt: null });
    expect(iztapalapa!.sourceId).toMatch(/^[0-9a-f]{20}$/);
    expect(playa).toMatchObject({ currency: 'usd', price: 850000, municipality: 'Solidaridad', state: 'Quintana Roo', landArea: null });
    const national = good(parseListingsCsv(fixture('properati-national-state.csv'), 'mexico-real-estate-1.csv').rows);
    expect(national[0]).toMatchObject({ state: 'Estado de México', price: 67965.56, currency: 'usd', constructionArea: 150 });
    const places = good(parseListingsCsv(fixture('properati-national-places.csv'), 'mexico-real-estate-3.csv').rows);
    expect(places[0]).toMatchObject({ state: 'Ciudad de México', municipality: 'Gustavo A. Madero', colonia: 'Acueducto de Guadalupe' });
  });

  it('parses the raw text formats', () => {
    expect(parseInmuebles24Price('ventaUSD 250,000')).toEqual({ opType: 'venta', currency: 'usd', price: 250000 });
    expect(latLngFromStaticMapUrl('https://x/staticmap?center=20.5,-103.25&zoom=16')).toEqual({ lat: 20.5, lng: -103.25 });
    expect(parseDaysAgo('Publicado desde ayer')).toBe(1);
    expect(parseDaysAgo('Publicado hace más de 1 año')).toBe(366);
    expect(parseAge('En construcción')).toBe('building');
    expect(parseAge('1 año')).toBe(1);
    expect(amenitiesFromFeatures(['Roof garden; Elevador : 2', 'Seguridad 24 horas; Amueblado'])).toEqual(['is_amueblada', 'rooftop_terrace', 'security_247']);
  });
});

describe('identity of a listing', () => {
  it('builds the title in the spec pattern and falls back without a colonia', () => {
    expect(buildTitle({ propertyType: 'apartment', opType: 'renta', colonia: 'Providencia', municipality: 'Guadalajara', state: 'Jalisco' }))
      .toBe('Departamento en renta en Providencia, Guadalajara');
    expect(buildTitle({ propertyType: 'local_comercial', opType: 'venta', colonia: null, municipality: 'Zapopan', state: 'Jalisco' }))
      .toBe('Local Comercial en venta en Zapopan, Jalisco');
    expect(buildTitle({ propertyType: 'house', opType: 'venta', colonia: null, municipality: null, state: 'Yucatán' })).toBe('Casa en venta en Yucatán');
  });

  it('makes slugs, nj_uids, codes and puids of the right shape', () => {
    expect(buildSlug('Departamento en renta en Providencia, Guadalajara', '1a2b3c4d')).toBe('departamento-en-renta-en-providencia-guadalajara-1a2b3c4d');
    expect(buildSlug('Casa en venta en Álvaro Obregón, Ciudad de México', 'ab')).toBe('casa-en-venta-en-alvaro-obregon-ciudad-de-mexico-ab');
    expect(newNjUid()).toMatch(/^[0-9a-f]{8}$/);
    expect(njCode('1a2b3c4d')).toBe('NJ-1A2B3C4D');
    expect(newPuid()).toMatch(/^p_[0-9a-f]{20}$/);
    expect(constructionYear(18, 2025)).toBe('2007');
    expect(constructionYear('first_use', 2025)).toBe('first_use');
  });

  it('prices renta as rent and venta as sale, USD staying USD; an unknown publication date stays unknown (issue 10)', () => {
    const [facts] = good(parseListingsCsv(fixture('properati-city.csv'), 'p.csv').rows).slice(1);
    const row = toPropertyRow(facts!);
    expect(row).toMatchObject({ is_venta: true, is_renta: false, sale_price: 850000, sale_currency: 'usd', rent_price: null, published_at: null, description: null });
    const [rent] = good(parseListingsCsv(fixture('normalised.csv'), 'n.csv').rows);
    expect(toPropertyRow(rent!)).toMatchObject({ is_renta: true, rent_price: 23650, rent_currency: 'mxn', sale_price: null, construction_year: 'first_use' });
  });
});
