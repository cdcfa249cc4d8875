import { CURRENCY_SYMBOLS, SEARCH_MESSAGES, type Currency } from '@nj/contracts';

const whole = new Intl.NumberFormat('es-MX', { maximumFractionDigits: 0 });
/** Three significant digits, never more than two decimals: 17.9, 125, 1.25, 12.5. */
const threeDigits = new Intl.NumberFormat('es-MX', { maximumSignificantDigits: 3, roundingMode: 'halfExpand' });

/**
 * The price a card shows (spec 01 §3, §4): currency symbol, amount with es-MX grouping and no cents, '/mes' for
 * rent. `formatPrice(25000, 'mxn', 'rent')` → 'MXN $25,000/mes'; `formatPrice(250000, 'usd', 'sale')` → 'USD $250,000'.
 */
export function formatPrice(amount: number, currency: Currency, op: 'rent' | 'sale'): string {
  const symbol = CURRENCY_SYMBOLS[currency] ?? CURRENCY_SYMBOLS.mxn;
  return `${symbol}${whole.format(Math.round(amount))}${op === 'rent' ? SEARCH_MESSAGES.perMonth : ''}`;
}

/**
 * The short label of a price pin on the map, with three significant digits so it rounds honestly (issue 9 §1):
 * 17,900 → '$17.9 mil' (not '$18 mil'), 125,000 → '$125 mil', 1,250,000 → '$1.25 M', 12,500,000 → '$12.5 M',
 * 950 → '$950'. MXN shows only '$' (the map is in Mexico); other currencies keep their symbol so a dollar price is
 * never read as pesos ('USD $250 mil', 'EUR €900'). A negative amount counts as 0.
 */
export function formatShortPrice(amount: number, currency: Currency): string {
  const symbol = currency === 'mxn' ? '$' : CURRENCY_SYMBOLS[currency] ?? '$';
  const a = Math.max(0, amount);
  // Thresholds where three digits would round up into the next unit (999,500 is '$1 M', not '$1,000 mil').
  if (a >= 999_500) return `${symbol}${threeDigits.format(a / 1_000_000)} M`;
  if (a >= 999.5) return `${symbol}${threeDigits.format(a / 1000)} mil`;
  return `${symbol}${whole.format(a)}`;
}
