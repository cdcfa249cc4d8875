import type { TOwnerStats } from '@nj/contracts';

/**
 * The owner metrics of a card from totals (spec 01 §2): ctr = views / appears as a ratio 0..1 rounded to 4
 * decimals (0 when the listing never appeared; may exceed 1 when views come from direct links).
 */
export function toOwnerStats(t: { appears: number; views: number; likes: number; inquiries: number; leads: number; shares: number } | undefined): TOwnerStats {
  const z = t ?? { appears: 0, views: 0, likes: 0, inquiries: 0, leads: 0, shares: 0 };
  const ctr = z.appears > 0 ? Math.round((z.views / z.appears) * 10_000) / 10_000 : 0;
  return { appears: z.appears, ctr, views: z.views, likes: z.likes, inquiries: z.inquiries, leads: z.leads, shares: z.shares };
}
