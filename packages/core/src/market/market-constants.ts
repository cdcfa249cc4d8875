/**
 * Fewest listings with a price and an area for a median to be shown or compared (decision 036): below it the page
 * says 'Datos insuficientes'. Five keeps one odd listing from moving the figure by itself, and still lets the bigger
 * colonias of the demo data show one.
 */
export const MARKET_MIN_SAMPLE = 5;

/** The window of the 'Bajó de precio' badge, in days. */
export const PRICE_DROP_DAYS = 30;

/** Months of trend a place page shows. */
export const MARKET_MONTHS = 12;

/** The first day of the month of `now` in Mexico City, as YYYY-MM-01. */
export function marketMonth(now: Date): string {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Mexico_City', year: 'numeric', month: '2-digit' }).formatToParts(now);
  const y = parts.find((p) => p.type === 'year')!.value;
  const m = parts.find((p) => p.type === 'month')!.value;
  return `${y}-${m}-01`;
}
