import { describe, expect, it } from 'vitest';
import { RowError } from '../listing-fields.ts';
import { parseCurrencyText, parseMoney } from './parse-money.ts';

describe('parseMoney', () => {
  it.each([
    ['3,800,000', 3_800_000, null],
    ['$3,800,000', 3_800_000, null],
    ['$ 3.800.000', 3_800_000, null],
    ['3,800,000.50', 3_800_000.5, null],
    ['US$ 250,000', 250_000, 'usd'],
    ['USD 250,000', 250_000, 'usd'],
    ['250,000 USD', 250_000, 'usd'],
    ['U$S 250.000', 250_000, 'usd'],
    ['250,000 dólares', 250_000, 'usd'],
    ['MXN 15,000', 15_000, 'mxn'],
    ['15,000 MXN', 15_000, 'mxn'],
    ['$15,000 M.N.', 15_000, 'mxn'],
    ['rentaMN 23,650', 23_650, 'mxn'],
    ['ventaUSD 250,000', 250_000, 'usd'],
    ['$ 3 800 000', 3_800_000, null],
    ['$1.850.000,00', 1_850_000, null],
    ['$15 mil', 15_000, null],
    ['1.2 millones', 1_200_000, null],
    ['$4.5 MDP', 4_500_000, 'mxn'],
    ['2 MDD', 2_000_000, 'usd'],
    ['$15k', 15_000, null],
    ['$25,000 /mes', 25_000, null],
    ['3,800,000 MXN (USD 200,000)', 3_800_000, 'mxn'],
    ['USD 200,000 (MXN 3,800,000)', 200_000, 'usd'],
    ['1.2 millones de pesos', 1_200_000, 'mxn'],
  ])('%j → %d %s', (text, amount, currency) => {
    expect(parseMoney(text, 'price')).toEqual({ amount, currency });
  });

  it.each(['', 'sin dato', 'N/A', '-', 'Precio a consultar', 'A convenir', 'Consultar', '0', '$0'])('%j → null (unknown price)', (text) => {
    expect(parseMoney(text, 'price')).toBeNull();
  });

  it.each(['gratis', 'barato', '-500', '€ 300,000', '300,000 EUR'])('%j is refused with a Spanish reason', (text) => {
    expect(() => parseMoney(text, 'price')).toThrow(RowError);
  });

  it('names the field in the reason', () => {
    expect(() => parseMoney('barato', 'maintenance_fee')).toThrow('No se entiende el importe de mantenimiento: «barato»');
  });
});

describe('parseCurrencyText', () => {
  it.each([
    ['USD', 'usd'], ['usd', 'usd'], ['US$', 'usd'], ['Dólares', 'usd'], ['dlls', 'usd'], ['MXN', 'mxn'], ['MN', 'mxn'],
    ['M.N.', 'mxn'], ['Pesos', 'mxn'], ['pesos mexicanos', 'mxn'], ['$', null], ['', null], ['sin dato', null],
    ['Venta', null],
  ])('%j → %s', (text, currency) => {
    expect(parseCurrencyText(text)).toBe(currency);
  });

  it('refuses currencies we do not take', () => {
    expect(() => parseCurrencyText('EUR')).toThrow('Moneda no admitida en «EUR» (se acepta MXN o USD)');
  });
});
