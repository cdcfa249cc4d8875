import { PROPERTY_TYPES } from '@nj/contracts';
import { describe, expect, it } from 'vitest';
import { RowError } from '../listing-fields.ts';
import {
  detectDateOrder, isPlaceholder, parseAgeOrYear, parseBathrooms, parseConstructionYear, parseCurrencyText, parseDate,
  parseCoordinate, parseLatLngText, parseMoney, parseOperationText, parsePropertyTypeSynonym, parseQuantity, splitAddress,
  splitTypeAndOperation,
} from './index.ts';

/** Pieces real cells are made of; mixed at random (fixed seed) into texts no single case lists. */
const PIECES = [
  '', ' ', '0', '1', '2.5', '3,800,000', '1.250,5', '$', 'US$', 'MXN', 'USD', 'm2', 'm²', 'ha', 'mil', 'millones', 'MDP',
  'sin dato', 'N/A', '-', '--', '/', '#', ',', '.', ':', 'C.P.', '44600', 'Col.', 'Calle', 'Av.', 'Jal.', 'CDMX', 'S/N',
  'hace', 'meses', 'días', 'ayer', 'hoy', 'ene.', 'sept', 'de', '2024', '17/11/2024', '11/17/24', '2024-11-17', '45613',
  'años', 'A estrenar', 'En construcción', 'Casa', 'Departamento', 'en', 'Venta', 'Renta', 'recámaras', 'baños', 'medio',
  '1/2', '19.43', '-99.13', '°', 'N', 'POINT(', ')', '@', '%2C', 'ñ', 'Ü', '€', '\t', '"', '½', '１２', '٣', '-5', '99999999999999999999', '1e309', 'NaN', 'Infinity',
];

function* texts(count: number): Generator<string> {
  let seed = 20241117;
  const next = () => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return seed;
  };
  for (let i = 0; i < count; i++) {
    const n = 1 + (next() % 5);
    yield Array.from({ length: n }, () => PIECES[next() % PIECES.length]).join(next() % 2 ? ' ' : '');
  }
}

/** Runs `read`; a RowError with a non-empty Spanish message is an accepted outcome, anything else thrown is a bug. */
function readOrRefuse<T>(read: () => T): T | undefined {
  try {
    return read();
  } catch (error) {
    expect(error).toBeInstanceOf(RowError);
    expect((error as Error).message.length).toBeGreaterThan(0);
    return undefined;
  }
}

describe('value parsers on mixed text', () => {
  it('only ever return their documented shapes or refuse with RowError, and never refuse a placeholder', () => {
    const asOf = '2024-11-20';
    for (const text of texts(1000)) {
      const placeholder = isPlaceholder(text);
      const quantity = readOrRefuse(() => parseQuantity(text, 'land_area_m2'));
      if (quantity !== undefined && quantity !== null) expect(quantity > 0 && Number.isFinite(quantity)).toBe(true);
      const rooms = readOrRefuse(() => parseQuantity(text, 'rooms'));
      if (rooms !== undefined && rooms !== null) expect(Number.isInteger(rooms) && rooms > 0).toBe(true);
      const baths = readOrRefuse(() => parseBathrooms(text));
      if (baths) for (const n of [baths.bathrooms, baths.halfBathrooms]) expect(n === null || (Number.isInteger(n) && n > 0)).toBe(true);
      const money = readOrRefuse(() => parseMoney(text, 'price'));
      if (money) expect(money.amount > 0 && Number.isFinite(money.amount)).toBe(true);
      const currency = readOrRefuse(() => parseCurrencyText(text));
      if (currency !== undefined) expect([null, 'mxn', 'usd']).toContain(currency);
      const date = readOrRefuse(() => parseDate(text, { asOf, order: 'dmy' }));
      if (date) expect(/^\d{4}-\d{2}-\d{2}$/.test(date) && date <= asOf).toBe(true);
      const age = readOrRefuse(() => parseAgeOrYear(text, { asOf }));
      if (age && 'year' in age) expect(age.year >= 1800 && age.year <= 2024).toBe(true);
      if (age && 'age' in age) expect(['building', 'first_use'].includes(String(age.age)) || (Number.isInteger(age.age) && Number(age.age) > 0)).toBe(true);
      readOrRefuse(() => parseConstructionYear(text, { asOf }));
      const op = readOrRefuse(() => parseOperationText(text));
      if (op !== undefined) expect([null, 'renta', 'venta']).toContain(op);
      const lat = readOrRefuse(() => parseCoordinate(text, 'lat'));
      if (lat !== undefined && lat !== null) expect(Math.abs(lat) <= 90 && lat !== 0).toBe(true);
      const point = readOrRefuse(() => parseLatLngText(text));
      if (point) expect(Math.abs(point.lat) <= 90 && Math.abs(point.lng) <= 180).toBe(true);
      const type = parsePropertyTypeSynonym(text);
      if (type) expect(PROPERTY_TYPES).toContain(type);
      const both = splitTypeAndOperation(text);
      expect([null, 'renta', 'venta']).toContain(both.opType);
      const address = splitAddress(text);
      for (const part of Object.values(address)) expect(part === null || (typeof part === 'string' && part.trim() === part && part !== '')).toBe(true);
      if (placeholder) {
        expect([quantity, rooms, money, date, age, op, lat, point]).toEqual([null, null, null, null, null, null, null, null]);
      }
    }
    expect(detectDateOrder([...texts(200)])).toMatch(/^(dmy|mdy)$/);
  });
});

describe('cells as the Inmuebles24 scraper writes them (fixtures/inmuebles24-raw.csv)', () => {
  const asOf = '2025-09-15';
  it('reads areas, counts, money, ages, dates and addresses', () => {
    expect(parseQuantity('83 m² lote', 'land_area_m2')).toBe(83);
    expect(parseQuantity('619 m² constr.', 'construction_area_m2')).toBe(619);
    expect(parseQuantity('1 estac.', 'parking_spots')).toBe(1);
    expect(parseQuantity('2 rec.', 'rooms')).toBe(2);
    expect(parseQuantity('2 medios baños', 'half_bathrooms')).toBe(2);
    expect(parseBathrooms('4 baños')).toEqual({ bathrooms: 4, halfBathrooms: null });
    expect(parseMoney('rentaMN 23,650', 'price')).toEqual({ amount: 23_650, currency: 'mxn' });
    expect(parseMoney('ventaUSD 450,000', 'price')).toEqual({ amount: 450_000, currency: 'usd' });
    expect(parseMoney('Mantenimiento MN 2,500', 'maintenance_fee')).toEqual({ amount: 2500, currency: 'mxn' });
    expect(parseMoney('Precio a consultar', 'price')).toBeNull();
    expect(parseAgeOrYear('18 años', { asOf })).toEqual({ age: 18 });
    expect(parseAgeOrYear('A estrenar', { asOf })).toEqual({ age: 'first_use' });
    expect(parseDate('Publicado hace 24 días', { asOf })).toBe('2025-08-22');
    expect(parseDate('Publicado hace más de 1 año', { asOf })).toBe('2024-09-15');
    expect(parsePropertyTypeSynonym('Casa en condominio')).toBe('house');
    expect(parsePropertyTypeSynonym('Terreno / Lote')).toBe('land');
    expect(splitAddress('Avenida Homero 97 402,  Fraccionamiento Vallarta San Jorge, Guadalajara')).toMatchObject({
      street: 'Avenida Homero', exteriorNumber: '97', colonia: 'Vallarta San Jorge', municipality: 'Guadalajara',
    });
  });
});
