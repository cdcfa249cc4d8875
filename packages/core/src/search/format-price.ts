import { CURRENCY_SYMBOLS, SEARCH_MESSAGES, type Currency } from '@nj/contracts';

const whole = new Intl.NumberFormat('es-MX', { maximumFractionDigits: 0 });
const oneDecimal = new Intl.NumberFormat('es-MX', { maximumFractionDigits: 1 });

/**
 * The price a card shows (spec 01 §3, §4): currency symbol, amount with es-MX grouping and no cents, '/mes' for
 * rent. `formatPrice(25000, 'mxn', 'rent')` → 'MXN $25,000/mes'; `formatPrice(250000, 'usd', 'sale')` → 'USD $250,000'.
 */
export function formatPrice(amount: number, currency: Currency, op: 'rent' | 'sale'): string {
  const symbol = CURRENCY_SYMBOLS[currency] ?? CURRENCY_SYMBOLS.mxn;
  return `${symbol}${whole.format(Math.round(amount))}${op === 'rent' ? SEARCH_MESSAGES.perMonth : ''}`;
}

/**
 * The short label of a price pin on the map: '$25 mil', '$3.2 M', 'USD $250 mil', 'EUR €900'. MXN shows only '$'
 * (the map is in Mexico); other currencies keep their symbol so a dollar price is never read as pesos.
 */
export function formatShortPrice(amount: number, currency: Currency): string {
  const symbol = currency === 'mxn' ? '$' : CURRENCY_SYMBOLS[currency] ?? '$';
  const a = Math.max(0, amount);
  if (a >= 999_500) return `${symbol}${oneDecimal.format(a / 1_000_000)} M`;
  if (a >= 1000) return `${symbol}${(a < 9950 ? oneDecimal : whole).format(a / 1000)} mil`;
  return `${symbol}${whole.format(a)}`;
}
