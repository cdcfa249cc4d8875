import { MY_PROPERTIES_MESSAGES as M } from '@nj/contracts/my-properties/messages';
import type { TOwnerStats } from '@nj/contracts/stats/schemas';

/** The owner metrics of a card, in the spec's order (spec 01 §2): appears, ctr, views, likes, inquiries, leads, shares. */
export const OWNER_METRIC_KEYS = ['appears', 'ctr', 'views', 'likes', 'inquiries', 'leads', 'shares'] as const;
export type OwnerMetricKey = (typeof OWNER_METRIC_KEYS)[number];

/**
 * The text of one metric: counts with es-MX grouping ('1,234'), ctr (a 0..1 ratio) as a percentage with at most one
 * decimal ('2.1%'). '-' when the activation permission is off or the metrics are missing (spec 01 §2).
 */
export function formatOwnerMetric(key: OwnerMetricKey, stats: TOwnerStats | null | undefined, canSee: boolean): string {
  if (!canSee || !stats) return M.metricHidden;
  const value = stats[key];
  if (typeof value !== 'number' || !Number.isFinite(value)) return M.metricHidden;
  if (key === 'ctr') {
    const pct = Math.max(0, value) * 100;
    return `${pct.toLocaleString('es-MX', { maximumFractionDigits: 1 })}%`;
  }
  return value.toLocaleString('es-MX');
}

/** The page numbers of the owner's list: how many pages `total` cards make at `pageSize` a page (at least 1). */
export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(Math.max(0, total) / Math.max(1, pageSize)));
}

/** Reads the list's filters from the address: page ≥ 1, search trimmed (≤ 100 chars), status active/inactive or all. */
export function readMyPropertiesFilters(params: URLSearchParams): {
  page: number; search: string; status: 'active' | 'inactive' | undefined;
} {
  const page = Number.parseInt(params.get('page') ?? '', 10);
  const status = params.get('status');
  return {
    page: Number.isInteger(page) && page >= 1 && page <= 10_000 ? page : 1,
    search: (params.get('search') ?? '').trim().slice(0, 100),
    status: status === 'active' || status === 'inactive' ? status : undefined,
  };
}
