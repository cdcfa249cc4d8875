import { IMPORT_MESSAGES as M } from '@nj/contracts';
import { RowError, normalizeText } from '../listing-fields.ts';
import { isPlaceholder } from './is-placeholder.ts';
import { labelField } from './label-field.ts';
import { findNumber } from './read-number.ts';

/** Normalised words that name US dollars or Mexican pesos in a price or a currency column. */
const USD_WORDS = new Set(['usd', 'us', 'u s', 'dolar', 'dolares', 'dlls', 'dls', 'dll', 'mdd', 'usdollar', 'dollars', 'dollar']);
const MXN_WORDS = new Set(['mxn', 'mn', 'm n', 'mxp', 'peso', 'pesos', 'mdp', 'mx']);
/** Currencies we do not take (the listing would be priced wrongly as pesos). */
const OTHER_CURRENCY = /(?:€|\b(?:eur|euros?|cad|gbp|ars|cop|clp)\b)/i;
/** Texts that say the price is given on request: unknown, not unreadable. */
const ON_REQUEST = /\b(?:consultar|convenir|tratar|llamar|informes|negociable)\b/;

/**
 * The currency a text names (issue 10 "currency in a separate column or in the price"): 'USD', 'US$', 'U$S', 'Dlls',
 * 'dólares', 'MDD' → 'usd'; 'MXN', 'MN', 'M.N.', 'pesos', 'MDP' → 'mxn'; a bare '$', a placeholder or text that names
 * no currency → null (the caller then uses the currency column or defaults to MXN). Throws RowError only when the
 * text names a currency we do not accept (euros and other foreign currencies).
 */
export function parseCurrencyText(text: string | null | undefined): 'mxn' | 'usd' | null {
  const raw = (text ?? '').trim();
  if (isPlaceholder(raw)) return null;
  if (OTHER_CURRENCY.test(raw)) throw new RowError(M.unsupportedCurrency(raw));
  if (/\b(?:us|u)\s*\$/i.test(raw) || /(?:renta|venta)\s*usd/i.test(raw)) return 'usd';
  if (/(?:renta|venta)\s*mn\b/i.test(raw)) return 'mxn';
  const words = normalizeText(raw.replace(/\d/g, ' '));
  for (const [a, b] of [['u', 's'], ['m', 'n']] as const) {
    if (new RegExp(`(?:^| )${a} ${b}(?: |$)`).test(words)) return a === 'u' ? 'usd' : 'mxn';
  }
  const tokens = words.split(' ');
  if (tokens.some((w) => USD_WORDS.has(w))) return 'usd';
  if (tokens.some((w) => MXN_WORDS.has(w))) return 'mxn';
  return null;
}

/**
 * An amount of money and its currency (issue 10 "Prices with separators and symbols"): '3,800,000', '$3,800,000',
 * '$ 3.800.000' (dot thousands), '$ 3 800 000', '3,800,000.50', 'US$ 250,000', 'USD 250,000', '250,000 USD',
 * 'MXN 15,000', '15,000 MXN', '$15 mil' / '$15k' (×1,000), '1.2 millones' / '$4.5 MDP' (×1,000,000; MDP → pesos,
 * MDD → dollars). Returns { amount, currency }: the currency written next to the amount ('3,800,000 MXN (USD
 * 200,000)' → mxn), else any the text names, else null. Placeholders, a price "a consultar" and 0 → null (unknown:
 * the engine then skips the row for having no price). `field` ('price', 'maintenance_fee') names the value in the
 * reason. Throws RowError for text with no amount, a negative amount, or a currency we do not accept.
 */
export function parseMoney(text: string | null | undefined, field: string): { amount: number; currency: 'mxn' | 'usd' | null } | null {
  const raw = (text ?? '').trim();
  if (isPlaceholder(raw)) return null;
  // '$ 3 800 000': spaces between groups of three digits separate thousands
  const grouped = raw.replace(/(\d) (?=\d{3}(?!\d))/g, '$1');
  const found = findNumber(grouped);
  // the currency written next to the amount wins ('3,800,000 MXN (USD 200,000)'), else any the text names
  const beside = found ? `${/(\S*)\s*$/.exec(grouped.slice(0, found.start))?.[1] ?? ''} ${/^\s*(\S*)/.exec(grouped.slice(found.end))?.[1] ?? ''}` : '';
  const currency = (found && !OTHER_CURRENCY.test(raw) ? parseCurrencyText(beside) : null) ?? parseCurrencyText(raw);
  if (!found) {
    if (ON_REQUEST.test(normalizeText(raw))) return null;
    throw new RowError(M.badAmount(labelField(field), raw));
  }
  if (found.value < 0) throw new RowError(M.badAmount(labelField(field), raw));
  const tail = normalizeText(grouped.slice(found.end));
  const after = /^m n\b/.test(tail) ? 'mn' : (tail.split(' ')[0] ?? '');
  let factor = 1;
  if (/^(?:mil|miles|k)$/.test(after)) factor = 1_000;
  else if (/^(?:millon|millones|mdp|mdd|mm|mill|m)$/.test(after)) factor = 1_000_000;
  const amount = Math.round(found.value * factor * 100) / 100;
  if (!(amount > 0)) return null;
  return { amount, currency };
}
