const monthYear = new Intl.DateTimeFormat('es-MX', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/** 'YYYY-MM' (a profile's member since, a review's month) → 'marzo de 2024'; '' when malformed. */
export function monthYearLabel(yearMonth: string): string {
  const m = /^(\d{4})-(\d{2})$/.exec(yearMonth);
  if (!m) return '';
  const month = Number(m[2]);
  if (month < 1 || month > 12) return '';
  return monthYear.format(new Date(Date.UTC(Number(m[1]), month - 1, 15)));
}

/** How full each of the five stars is for an average (0–5): 4.3 → [1, 1, 1, 1, 0.3]. */
export function starFills(average: number | null): number[] {
  const value = Math.max(0, Math.min(5, average ?? 0));
  return [0, 1, 2, 3, 4].map((i) => Math.max(0, Math.min(1, Math.round((value - i) * 10) / 10)));
}
