/** What parseDate needs besides the text: the day relative dates count from, and the file's numeric date order. */
export type DateContext = { asOf: string; order?: 'dmy' | 'mdy' };

/** An ISO date (YYYY-MM-DD) from the many ways files write one; placeholders and future dates → null. Stub. */
export function parseDate(text: string | null | undefined, ctx: DateContext): string | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec((text ?? '').trim());
  return m && m[0] <= ctx.asOf ? m[0] : null;
}

/** Day-first or month-first for a file's numeric dates. Stub. */
export function detectDateOrder(samples: string[]): 'dmy' | 'mdy' {
  void samples;
  return 'dmy';
}
