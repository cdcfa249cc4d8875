import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { IMPORT_TARGETS } from '@nj/contracts';
import { RowError } from './listing-fields.ts';
import { draftMapping, normalizeHeader, parseMapSpec, parseMappedRow, resolveMapping, suggestMapping, type Mapping } from './mapping.ts';

const fixtureText = (name: string) => readFileSync(join(import.meta.dirname, 'fixtures', name), 'utf8');
const table = (name: string): string[][] => parse(fixtureText(name), { relax_column_count: true, bom: true });
const ctx = (line: number, extra: Partial<Parameters<typeof parseMappedRow>[2]> = {}) => ({
  fileName: 'f.csv', rawLine: `row ${line}`, line, asOf: '2024-12-01', dateOrder: 'dmy' as const, ...extra,
});
/** Each data row of a fixture read with the mapping its header resolves to: facts or the Spanish reason. */
function readFixture(name: string, map?: string) {
  const [header, ...rows] = table(name);
  const mapping = resolveMapping(header!, map);
  return {
    mapping,
    rows: rows.map((cells, i) => {
      try {
        return parseMappedRow(cells, mapping, ctx(i + 2, { rawLine: cells.join(',') }));
      } catch (error) {
        if (error instanceof RowError) return { reason: error.message };
        throw error;
      }
    }),
  };
}
const refusalOf = (fn: () => unknown): string => {
  try {
    fn();
  } catch (error) {
    expect((error as { code: string }).code).toBe('BAD_REQUEST');
    return (error as { msg?: string; message: string }).msg ?? (error as Error).message;
  }
  throw new Error('expected a refusal');
};

describe('normalizeHeader', () => {
  it.each([
    ['Estacionamientos:', 'estacionamientos'],
    ['  "Precio de Venta"  ', 'precio de venta'],
    ['RECÁMARAS', 'recamaras'],
    ['superficie_total_m²', 'superficie total m2'],
    ['\uFEFFid', 'id'],
    ['C.P.', 'c p'],
    ['numberOfBedrooms', 'number of bedrooms'],
    ['location.neighborhood.name', 'location neighborhood name'],
    ['Baños  completos', 'banos completos'],
  ])('%j → %j', (header, expected) => {
    expect(normalizeHeader(header)).toBe(expected);
  });
});

describe('suggestMapping', () => {
  it('guesses our own field names as headers, but never proposes the source (the page offers no such choice)', () => {
    expect(suggestMapping(['op_type', 'land_area_m2', 'Type+Op_Type', 'lat_lng', 'exterior_number', 'source', 'fuente']).map((s) => s.guess))
      .toEqual(['op_type', 'land_area_m2', 'type+op_type', 'lat_lng', 'exterior_number', null, null]);
  });

  it('guesses Spanish and English headers, with units and colons, and leaves unknown ones null', () => {
    const header = ['Precio MXN', 'Recámaras:', 'bathrooms', 'Medios baños', 'Cajones', 'M2 construidos', 'Superficie terreno (m²)',
      'Alcaldía', 'Colonia', 'CP', 'Ciudad', 'Estado', 'Latitud', 'Lng', 'Tipo de inmueble', 'Tipo de operación', 'Estatus',
      'Moneda', 'Cuota de mantenimiento', 'Año de construcción', 'Fecha de publicación', 'Título', 'Link', 'ID anuncio',
      'Amenidades', 'Ubicación', 'Coordenadas', 'precio por m2', 'price_aprox_usd', 'Precio anterior', 'Estado de conservación', 'Notas'];
    expect(suggestMapping(header).map((s) => s.guess)).toEqual([
      'price', 'rooms', 'bathrooms', 'half_bathrooms', 'parking_spots', 'construction_area_m2', 'land_area_m2',
      'municipality', 'colonia', 'postal_code', 'locality', 'state', 'lat', 'lng', 'property_type', 'op_type',
      'type+op_type', 'currency', 'maintenance_fee', 'construction_year', 'published_at', 'title', 'url', 'source_id',
      'amenities', 'address', 'lat_lng', null, null, null, null, null,
    ]);
  });
});

describe('targets shown on the import page', () => {
  it('guesses and layout columns only ever name a target the page offers', () => {
    const files = ['portals/easybroker.csv', 'portals/mercadolibre.csv', 'portals/lamudi.csv', 'portals/vivanuncios.csv',
      'portals/inmuebles24-navent.csv', 'portals/agencia-sin-formato.csv', 'normalised.csv', 'inmuebles24-raw.csv',
      'inmuebles24-normalised.csv', 'properati-city.csv', 'custom.csv'];
    for (const file of files) {
      const header = table(file)[0]!;
      const targets = [...suggestMapping(header).map((s) => s.guess)];
      try {
        targets.push(...resolveMapping(header).columns);
      } catch {
        // a file that needs a --map has no columns to show beyond the guesses
      }
      for (const t of targets) if (t !== null) expect(IMPORT_TARGETS as readonly string[]).toContain(t);
    }
  });
});

describe('parseMapSpec', () => {
  it('reads columns (quoted or not), constants, combined targets and ignores', () => {
    expect(parseMapSpec('precio=price, "Precio de venta"=PRICE,op_type==venta,estatus=type+op_type,ubicacion=address,notas=-,otra=ignorar,"Estatus ""real"""=type+op_type'))
      .toEqual({
        columns: [
          { column: 'precio', target: 'price' }, { column: 'Precio de venta', target: 'price' },
          { column: 'estatus', target: 'type+op_type' }, { column: 'ubicacion', target: 'address' },
          { column: 'notas', target: null }, { column: 'otra', target: null }, { column: 'Estatus "real"', target: 'type+op_type' },
        ],
        constants: { op_type: 'venta' },
      });
    expect(parseMapSpec('')).toEqual({ columns: [], constants: {} });
    expect(parseMapSpec('state=="Ciudad de México, CDMX"').constants).toEqual({ state: 'Ciudad de México, CDMX' });
  });

  it('refuses malformed entries and unknown fields in Spanish, listing the valid ones', () => {
    expect(refusalOf(() => parseMapSpec('precio'))).toMatch(/La entrada «precio» de --map no se entiende.*columna=campo/s);
    expect(refusalOf(() => parseMapSpec('precio=costo'))).toMatch(/El campo «costo» de --map no existe\. Campos válidos: source_id, op_type.*type\+op_type, address/);
    expect(refusalOf(() => parseMapSpec('address==Centro'))).toMatch(/un valor fijo solo puede darse/);
    expect(refusalOf(() => parseMapSpec('"Precio=price'))).toMatch(/no se entiende/);
  });
});

describe('resolveMapping', () => {
  it.each([
    ['portals/easybroker.csv', 'easybroker'],
    ['portals/mercadolibre.csv', 'mercadolibre'],
    ['portals/lamudi.csv', 'lamudi'],
    ['portals/vivanuncios.csv', 'vivanuncios'],
    ['portals/inmuebles24-navent.csv', 'inmuebles24'],
    ['normalised.csv', 'normalised'],
    ['inmuebles24-raw.csv', 'inmuebles24_raw'],
    ['inmuebles24-normalised.csv', 'inmuebles24_normalised'],
    ['properati-city.csv', 'properati_city'],
    ['properati-national-state.csv', 'properati_national_state'],
    ['properati-national-places.csv', 'properati_national_places'],
  ])('recognises %s as %s', (file, layout) => {
    expect(resolveMapping(table(file)[0]!).layout).toBe(layout);
  });

  it('recognises a portal layout whatever the flattening tool did to its names (dots, underscores, case)', () => {
    const header = ['PUBLIC_ID', 'Property_Type', 'operations_0_type', 'operations_0_amount', 'operations_0_currency', 'Location', 'Notas'];
    const mapping = resolveMapping(header);
    expect(mapping.layout).toBe('easybroker');
    expect(mapping.columns).toEqual(['source_id', 'property_type', 'op_type', 'price', 'currency', 'address', null]);
    expect(resolveMapping(['ID', 'TITLE', 'PRICE', 'CURRENCY_ID', 'PERMALINK', 'operation', 'property_type', 'location.city.name']).layout).toBe('mercadolibre');
  });

  it('reads an unknown file from its guesses when they cover the required fields', () => {
    const mapping = resolveMapping(table('custom.csv')[0]!);
    expect(mapping.layout).toBe('mapped');
    expect(mapping.columns).toEqual(['source_id', 'op_type', 'property_type', 'price', 'lat', 'lng', 'colonia', null]);
  });

  it('refuses a file it cannot read with the missing fields first, a --map to paste and the unguessed columns', () => {
    const header = ['Folio interno', 'Valor', 'Zona', 'Recámaras', 'Comentario del asesor', 'Dueño'];
    const message = refusalOf(() => resolveMapping(header));
    const missingAt = message.indexOf('faltan campos obligatorios');
    expect(missingAt).toBeGreaterThanOrEqual(0);
    expect(message).toMatch(/op_type \(operación.*property_type \(tipo de propiedad.*una ubicación/s);
    expect(message.indexOf('op_type')).toBeGreaterThan(missingAt);
    expect(message.indexOf('op_type')).toBeLessThan(message.indexOf('--map'));
    expect(message).toContain(`--map 'Valor=price,Recámaras=rooms'`);
    expect(message).toContain('«Folio interno», «Zona», «Comentario del asesor», «Dueño»');
    expect(message).toMatch(/op_type==venta/);
    expect(message).toMatch(/columna=type\+op_type/);
    expect(message.split('\n')[0]).not.toMatch(/\bprice\b/);
    expect(message).toMatch(/Campos: source_id \(identificador del anuncio\), op_type \(operación \(renta o venta\)\).*land_area_m2 \(superficie del terreno \(m²\)\)/);
  });

  it('keeps the user\'s own entries (ignored columns, constants) in the --map it proposes', () => {
    const message = refusalOf(() => resolveMapping(['Folio', 'Valor', 'Notas', 'Zona'], 'Notas=-,currency==usd'));
    expect(message).toContain(`--map 'Folio=source_id,Valor=price,Notas=-,currency==usd'`);
    expect(message).toContain('sin reconocer (asígnales un campo con columna=campo o descártalas con columna=-): «Zona».');
  });

  it('quotes names with spaces in the proposed --map and escapes single quotes for the shell', () => {
    const message = refusalOf(() => resolveMapping(['Precio de venta', "Recámaras d'arriba", 'Notas']));
    expect(message).toContain(`--map '"Precio de venta"=price,"Recámaras d'\\''arriba"=rooms'`);
  });

  it('accepts the refusal\'s --map once completed, and constants satisfy required fields', () => {
    const header = ['Folio interno', 'Valor', 'Zona', 'Recámaras', 'Comentario del asesor', 'Dueño'];
    const mapping = resolveMapping(header, `Valor=price,Recámaras=rooms,"Folio interno"=source_id,Zona=colonia,op_type==venta,property_type==casa`);
    expect(mapping.columns).toEqual(['source_id', 'price', 'colonia', 'rooms', null, null]);
    expect(mapping.constants).toEqual({ op_type: 'venta', property_type: 'casa' });
  });

  it('takes the operation from a price header that names it, per row', () => {
    const mapping = resolveMapping(['Tipo', 'Precio de venta', 'Renta mensual', 'Colonia']);
    expect(parseMappedRow(['Casa', '2,500,000', '', 'Centro'], mapping, ctx(2))).toMatchObject({ opType: 'venta', price: 2_500_000 });
    expect(parseMappedRow(['Casa', '', '18,000', 'Centro'], mapping, ctx(3))).toMatchObject({ opType: 'renta', price: 18_000 });
    const inCell = resolveMapping(['Tipo', 'Precio', 'Colonia'], 'op_type==renta');
    expect(parseMappedRow(['Casa', 'Venta $3,800,000', 'Centro'], inCell, ctx(2)).opType).toBe('renta');
    expect(refusalOf(() => resolveMapping(['Tipo', 'Precio', 'Colonia']))).toMatch(/faltan campos obligatorios: op_type/);
  });

  it('drafts an incomplete mapping for the page with the required fields still missing', () => {
    const draft = draftMapping(['Folio interno', 'Valor', 'Zona'], 'Zona=colonia');
    expect(draft.mapping.columns).toEqual([null, 'price', 'colonia']);
    expect(draft.missing).toEqual(['op_type', 'property_type']);
    expect(draftMapping(table('portals/lamudi.csv')[0]!).missing).toEqual([]);
    expect(() => draftMapping(['a'], 'b=price')).toThrowError(/no está en el archivo/);
  });

  it('maps repeated column names in order when --map names them as often as the file', () => {
    const header = ['Tipo', 'Operación', 'Precio', 'Precio', 'Colonia'];
    expect(resolveMapping(header, '"Precio"=price,"Precio"=-').columns).toEqual(['property_type', 'op_type', 'price', null, 'colonia']);
    expect(draftMapping(header, 'Precio=maintenance_fee,Tipo=type+op_type').mapping.columns).toEqual(['type+op_type', 'op_type', 'maintenance_fee', 'maintenance_fee', 'colonia']);
  });

  it('refuses a --map column that is not in the file, and an unreadable constant', () => {
    expect(refusalOf(() => resolveMapping(['a', 'b'], 'c=price'))).toMatch(/La columna «c» de --map no está en el archivo.*«a», «b»/);
    expect(refusalOf(() => resolveMapping(['precio', 'colonia', 'tipo'], 'op_type==permuta'))).toMatch(/op_type==permuta no es válido: Operación desconocida/);
  });

  it('matches --map columns by their normalised name and lets --map override a layout', () => {
    const mapping = resolveMapping(table('portals/easybroker.csv')[0]!, 'PUBLIC_URL=-,age=construction_year');
    expect(mapping.layout).toBe('easybroker');
    expect(mapping.columns[16]).toBeNull();
    expect(mapping.columns[13]).toBe('construction_year');
  });
});

describe('parseMappedRow', () => {
  it('reads an agency file with colons, units, placeholders, combined columns, relative dates and a shifted row', () => {
    const { mapping, rows } = readFixture('portals/agencia-sin-formato.csv', '"Notas internas:"=-');
    expect(mapping.layout).toBe('mapped');
    const [a1, a2, a3, a4] = rows;
    expect(a1).toMatchObject({
      source: 'import', sourceId: 'A-01', opType: 'venta', propertyType: 'house', price: 3_800_000, currency: 'mxn',
      rooms: 3, bathrooms: 2, parkingSpots: 2, constructionArea: 110, landArea: null, age: null, constructionYear: null,
      street: 'Av. Chapultepec', exteriorNumber: '480', colonia: 'Americana', postalCode: '44160', municipality: 'Guadalajara',
      state: 'Jalisco', lat: null, lng: null, publishedAt: '2024-07-01',
    });
    expect(a2).toMatchObject({
      opType: 'renta', propertyType: 'apartment', price: 1500, currency: 'usd', rooms: null, parkingSpots: null, landArea: null,
      colonia: 'Roma Norte', municipality: 'Cuauhtémoc', state: 'Ciudad de México', postalCode: '06700', age: 15, publishedAt: '2024-01-10',
    });
    expect(a3).toEqual({ reason: 'Tipo de propiedad desconocido: «Castillo en Venta»' });
    expect(a4).toEqual({ reason: expect.stringMatching(/13 celdas y el encabezado 14 columnas/) });
  });

  it('reads the EasyBroker shape: operations, location string, sizes, 0 as unknown age, condo flag', () => {
    const { rows } = readFixture('portals/easybroker.csv');
    expect(rows[0]).toMatchObject({
      source: 'easybroker', sourceId: 'EB-XX1001', opType: 'venta', propertyType: 'house', price: 4_850_000, currency: 'mxn',
      rooms: 3, bathrooms: 2, halfBathrooms: 1, parkingSpots: 2, landArea: 180, constructionArea: 210.5, age: 8,
      colonia: 'Lomas del Valle', municipality: 'Zapopan', state: 'Jalisco', publishedAt: '2024-10-02',
      title: 'Casa con jardín en privada', sourceUrl: 'https://www.example-agencia.mx/propiedades/EB-XX1001',
    });
    expect((rows[0] as { amenities: string[] }).amenities).toContain('is_condo');
    expect(rows[1]).toMatchObject({ opType: 'renta', propertyType: 'apartment', price: 23500, age: null, halfBathrooms: null, landArea: null });
    expect(rows[2]).toMatchObject({ propertyType: 'oficina', currency: 'usd', price: 350_000, rooms: null, municipality: 'San Pedro Garza García' });
  });

  it('reads the Mercado Libre shape: attribute columns, m² units, age text, city as municipality, coordinates', () => {
    const { rows } = readFixture('portals/mercadolibre.csv');
    expect(rows[0]).toMatchObject({
      source: 'mercadolibre', sourceId: 'MLM900000001', opType: 'venta', propertyType: 'house', price: 6_200_000, rooms: 4,
      bathrooms: 3, halfBathrooms: 1, parkingSpots: 2, constructionArea: 280, landArea: 300, age: 15,
      street: 'Paseo de los Robles', exteriorNumber: '210', colonia: 'Jardines del Pedregal', municipality: 'Álvaro Obregón',
      state: 'Ciudad de México', lat: 19.3172, lng: -99.2071, publishedAt: '2024-07-14',
    });
    expect(rows[1]).toMatchObject({ opType: 'renta', propertyType: 'apartment', age: 'first_use', lat: null, lng: null, colonia: 'Polanco' });
  });

  it('reads the Inmuebles24 (Navent posting) shape: dot thousands, MN currency, CFT features, 0 age as unknown', () => {
    const { rows } = readFixture('portals/inmuebles24-navent.csv');
    expect(rows[0]).toMatchObject({
      source: 'inmuebles24', sourceId: '143000001', opType: 'venta', propertyType: 'house', price: 3_800_000, currency: 'mxn',
      maintenanceFee: 2500, landArea: 160, constructionArea: 140, rooms: 3, bathrooms: 2, age: 10, parkingSpots: 2,
      lat: 20.6736, lng: -103.4056,
    });
    expect(rows[1]).toMatchObject({ opType: 'renta', propertyType: 'apartment', price: 23_650, age: null, landArea: null });
    expect(rows[2]).toMatchObject({ currency: 'usd', price: 250_000, lat: null, lng: null });
    expect((rows[2] as { amenities: string[] }).amenities).toEqual(['is_condo']);
  });

  it('reads the Lamudi shape, taking operation and type from the listing name', () => {
    const { rows } = readFixture('portals/lamudi.csv');
    expect(rows[0]).toMatchObject({ source: 'lamudi', opType: 'venta', propertyType: 'apartment', price: 3_950_000, rooms: 2, constructionArea: 78, colonia: 'Narvarte Poniente', municipality: 'Benito Juárez', state: 'Ciudad de México' });
    expect((rows[0] as { sourceId: string }).sourceId).toMatch(/^h[0-9a-f]{20}$/);
    expect(rows[1]).toMatchObject({ opType: 'renta', propertyType: 'house', lat: 25.7401, lng: -100.4103, state: 'Nuevo León' });
    expect(rows[2]).toMatchObject({ opType: 'venta', propertyType: 'land', price: 1_200_000, municipality: 'Conkal', state: 'Yucatán' });
  });

  it('reads the Vivanuncios card shape, the operation from the title', () => {
    const { rows } = readFixture('portals/vivanuncios.csv');
    expect(rows[0]).toMatchObject({ source: 'vivanuncios', sourceId: '1209876543', opType: 'venta', propertyType: 'house', price: 3_100_000, currency: 'mxn', constructionArea: 160, colonia: 'Lindavista', municipality: 'Gustavo A. Madero' });
    expect(rows[1]).toMatchObject({ opType: 'renta', propertyType: 'apartment', parkingSpots: null });
  });

  it('keeps the fixed layouts\' own parsers and lays --map overrides and constants on top', () => {
    const { rows } = readFixture('normalised.csv');
    expect(rows[0]).toMatchObject({ sourceId: 'n-1', opType: 'renta', price: 23650, colonia: 'Providencia' });
    // a row of our own layout without a point is read by its column names, for the engine to geocode
    expect(rows[4]).toMatchObject({ source: 'test', sourceId: 'n-5', opType: 'renta', propertyType: 'apartment', price: 12000, colonia: 'Centro', municipality: 'Guadalajara', state: 'Jalisco', lat: null, lng: null });
    expect(rows[3]).toEqual({ reason: 'Tipo de propiedad desconocido: «castillo»' });
    const overridden = readFixture('normalised.csv', 'state==Yucatán,street=address');
    expect(overridden.mapping.layout).toBe('normalised');
    expect(overridden.rows[0]).toMatchObject({ state: 'Yucatán', street: 'Avenida Homero', exteriorNumber: '97', colonia: 'Providencia', price: 23650 });
  });

  const simple: Mapping = resolveMapping(['precio', 'moneda', 'tipo', 'operacion', 'lat', 'lng', 'publicado', 'antiguedad', 'anio', 'ubicacion', 'colonia'], 'anio=construction_year');
  const row = (cells: Partial<Record<string, string>>) => {
    const order = ['precio', 'moneda', 'tipo', 'operacion', 'lat', 'lng', 'publicado', 'antiguedad', 'anio', 'ubicacion', 'colonia'];
    return parseMappedRow(order.map((c) => cells[c] ?? ''), simple, ctx(2));
  };
  const base = { precio: '1,000,000', tipo: 'Casa', operacion: 'venta', colonia: 'Centro' };

  it('takes the currency from its column, then the price text, then the header, then MXN', () => {
    expect(row({ ...base, precio: 'US$ 250,000', moneda: 'MXN' }).currency).toBe('mxn');
    expect(row({ ...base, precio: 'US$ 250,000' })).toMatchObject({ currency: 'usd', price: 250_000 });
    expect(row(base).currency).toBe('mxn');
    const usdHeader = resolveMapping(['precio_usd', 'tipo', 'operacion', 'colonia']);
    expect(parseMappedRow(['250000', 'Casa', 'venta', 'Centro'], usdHeader, ctx(2)).currency).toBe('usd');
  });

  it('swaps coordinates written the other way round and keeps a point only when both are there', () => {
    expect(row({ ...base, lat: '-99.1332', lng: '19.4326' })).toMatchObject({ lat: 19.4326, lng: -99.1332 });
    expect(row({ ...base, lat: '19.4326' })).toMatchObject({ lat: null, lng: null });
    expect(() => row({ ...base, lat: '40.4', lng: '-3.7' })).toThrowError(/fuera de México/);
  });

  it('reads ages and years: 0 is unknown, a year in the age column or a year column is the construction year', () => {
    expect(row({ ...base, antiguedad: '0' })).toMatchObject({ age: null, constructionYear: null });
    expect(row({ ...base, antiguedad: '1998' })).toMatchObject({ age: null, constructionYear: 1998 });
    expect(row({ ...base, antiguedad: '1998', anio: '2001' }).constructionYear).toBe(2001);
    expect(row({ ...base, antiguedad: 'En construcción' }).age).toBe('building');
  });

  it('reads a point in one cell, amenity lists and a maintenance fee in dollars as unknown', () => {
    const mapping = resolveMapping(['Tipo', 'Operación', 'Precio', 'Coordenadas', 'Amenidades', 'Mantenimiento']);
    const facts = parseMappedRow(['Departamento', 'Renta', 'MXN 15,000', 'https://maps.example.com/?q=20.6597,-103.3496', 'Alberca, Gimnasio; Roof garden • Elevador', 'USD 200'], mapping, ctx(2));
    expect(facts).toMatchObject({ price: 15_000, currency: 'mxn', lat: 20.6597, lng: -103.3496, maintenanceFee: null });
    expect(facts.amenities).toEqual(expect.arrayContaining(['pool', 'gym', 'rooftop_terrace']));
    expect(parseMappedRow(['Departamento', 'Renta', '15 mil', '(20.6597, -103.3496)', 'sin dato', '$1,200'], mapping, ctx(3)))
      .toMatchObject({ price: 15_000, amenities: [], maintenanceFee: 1200 });
  });

  it('pads postal codes that lost their leading zero and leaves an unreadable one unknown', () => {
    const mapping = resolveMapping(['Tipo', 'Operación', 'Precio', 'CP', 'Colonia']);
    expect(parseMappedRow(['Casa', 'Venta', '1', '6600', 'Juárez'], mapping, ctx(2)).postalCode).toBe('06600');
    expect(parseMappedRow(['Casa', 'Venta', '1', 'C.P. 44160', 'Americana'], mapping, ctx(2)).postalCode).toBe('44160');
    expect(parseMappedRow(['Casa', 'Venta', '1', 'por confirmar', 'Americana'], mapping, ctx(2))).toMatchObject({ postalCode: null, colonia: 'Americana' });
  });

  it('lets explicit address columns win over the parts split from the address', () => {
    expect(row({ ...base, ubicacion: 'Calle 5 de Mayo 12, Col. Reforma, Oaxaca de Juárez, Oax.', colonia: 'Reforma Norte' }))
      .toMatchObject({ street: 'Calle 5 de Mayo', exteriorNumber: '12', colonia: 'Reforma Norte', municipality: 'Oaxaca de Juárez', state: 'Oaxaca' });
  });

  it('reads dates in the file\'s order and relative to asOf', () => {
    const mdy = (text: string) => parseMappedRow(['1000000', '', 'Casa', 'venta', '', '', text, '', '', '', 'Centro'], simple, ctx(2, { dateOrder: 'mdy' })).publishedAt;
    expect(mdy('11/05/2024')).toBe('2024-11-05');
    expect(row({ ...base, publicado: '11/05/2024' }).publishedAt).toBe('2024-05-11');
    expect(row({ ...base, publicado: 'ayer' }).publishedAt).toBe('2024-11-30');
    expect(row({ ...base, publicado: 'sin dato' }).publishedAt).toBeNull();
  });

  it('names what is missing or unreadable in Spanish', () => {
    expect(() => row({ ...base, operacion: '' })).toThrowError('Falta la operación (renta o venta)');
    expect(() => row({ ...base, precio: 'a consultar' })).toThrowError('Falta el precio');
    expect(() => row({ ...base, tipo: 'Iglú' })).toThrowError('Tipo de propiedad desconocido: «Iglú»');
    expect(() => row({ ...base, tipo: 'En venta' })).toThrowError('Falta el tipo de propiedad');
    expect(row({ ...base, tipo: 'Casa en renta', operacion: '' }).opType).toBe('renta');
    expect(() => row({ ...base, operacion: 'Permuta' })).toThrowError(/Operación desconocida/);
    expect(() => parseMappedRow(['1', '2'], simple, ctx(2))).toThrowError(/desplazadas/);
  });

  it('gives rows without an id a stable hash of file name and row text', () => {
    const a = parseMappedRow(['1000000', '', 'Casa', 'venta', '', '', '', '', '', '', 'Centro'], simple, ctx(2, { rawLine: 'x' }));
    const b = parseMappedRow(['1000000', '', 'Casa', 'venta', '', '', '', '', '', '', 'Centro'], simple, ctx(9, { rawLine: 'x' }));
    expect(a.sourceId).toMatch(/^h[0-9a-f]{20}$/);
    expect(b.sourceId).toBe(a.sourceId);
  });
});
