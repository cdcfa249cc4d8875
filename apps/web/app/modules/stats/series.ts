import type { TDailyStats, TOwnerStats } from '@nj/contracts/stats/schemas';

/** Sums a daily series into the owner metrics of that period; ctr = views / appears (0 when nothing appeared). */
export function periodTotals(series: readonly TDailyStats[]): TOwnerStats {
  const t = { appears: 0, ctr: 0, views: 0, likes: 0, inquiries: 0, leads: 0, shares: 0 };
  for (const d of series) {
    t.appears += d.appears;
    t.views += d.views;
    t.likes += d.likes;
    t.inquiries += d.inquiries;
    t.leads += d.leads;
    t.shares += d.shares;
  }
  t.ctr = t.appears > 0 ? t.views / t.appears : 0;
  return t;
}

/** '2025-03-07' → '7 mar' (es-MX short month, read as a calendar day: no time-zone shift). */
export function shortDayLabel(day: string): string {
  const [y, m, d] = day.split('-').map(Number);
  if (!y || !m || !d) return day;
  const label = new Date(Date.UTC(y, m - 1, d)).toLocaleDateString('es-MX', { day: 'numeric', month: 'short', timeZone: 'UTC' });
  return label.replace('.', '');
}

/** The chart rows: one per day, oldest first, with the day's label. */
export function chartRows(series: readonly TDailyStats[]): (TDailyStats & { label: string })[] {
  return series.map((d) => ({ ...d, label: shortDayLabel(d.day) }));
}

/** Whether anything happened in the period (else the page says so above the flat chart). */
export function hasActivity(series: readonly TDailyStats[]): boolean {
  return series.some((d) => d.appears + d.views + d.likes + d.inquiries + d.leads + d.shares > 0);
}
