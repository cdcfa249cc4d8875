/** An amount and the currency the text names, or null for placeholders. Stub. */
export function parseMoney(text: string | null | undefined, field: string): { amount: number; currency: 'mxn' | 'usd' | null } | null {
  void field;
  const n = Number.parseFloat((text ?? '').replace(/[^\d.]/g, ''));
  return Number.isFinite(n) && n > 0 ? { amount: n, currency: parseCurrencyText(text) } : null;
}

/** The currency a text names ('USD', 'US$', 'MXN', 'pesos'), or null. Stub. */
export function parseCurrencyText(text: string | null | undefined): 'mxn' | 'usd' | null {
  if (/usd|us\$|d[oó]lar/i.test(text ?? '')) return 'usd';
  if (/mxn|\bmn\b|pesos/i.test(text ?? '')) return 'mxn';
  return null;
}
