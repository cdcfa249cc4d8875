import type {
  TLeadContactInput, TLeadResult, TListingStats, TMyPropertiesResult, TPushResult, TShareResult,
} from '@nj/contracts/stats/schemas';
import type { SHARE_CHANNELS } from '@nj/contracts/stats/constants';
import { api } from '../api/client.ts';
import type { ViewBatch } from './view-counter.ts';

export type ShareChannel = (typeof SHARE_CHANNELS)[number];

/** GET /api/v1/properties/my?page&search&status (spec 01 §7): one page (20) of the owner's cards with metrics. */
export const getMyProperties = (
  query: { page: number; search?: string; status?: 'active' | 'inactive' },
  signal?: AbortSignal,
) => api<TMyPropertiesResult>('GET', '/v1/properties/my', { query, signal });

/** GET /api/v1/property/{puid}/stats?days= : the daily series (oldest first) and lifetime totals; owner only. */
export const getListingStats = (puid: string, days: number, signal?: AbortSignal) =>
  api<TListingStats>('GET', `/v1/property/${encodeURIComponent(puid)}/stats`, { query: { days }, signal });

/** PUT /api/v1/property/{puid}/is_active (spec 03 §7): the owner turns the listing on or off. */
export const putIsActive = (puid: string, isActive: boolean) =>
  api<unknown>('PUT', `/v1/property/${encodeURIComponent(puid)}/is_active`, { body: { is_active: isActive } });

/** POST /api/v1/properties/{puid}/share: counts one share of the listing through `channel`. */
export const postShare = (puid: string, channel: ShareChannel) =>
  api<TShareResult>('POST', `/v1/properties/${encodeURIComponent(puid)}/share`, { body: { channel } });

/** POST /api/v1/leads/contact (spec 03 §7): a visitor's message to the owner; counted as an inquiry and a lead. */
export const postLeadContact = (body: TLeadContactInput) => api<TLeadResult>('POST', '/v1/leads/contact', { body });

/** POST /api/v2/properties/appear (spec 01 §7): listings just shown in a list or on the map. */
export const postAppear = (body: { push_id: string; puids: string[]; cuid?: string }) =>
  api<TPushResult>('POST', '/v2/properties/appear', { body });

/**
 * The views push (spec 01 §7 "Views push": body data, ads_data, cuid; path ours: POST /api/v1/properties/views).
 * `keepalive` lets the request outlive the page when sent while it is being hidden. Throws ApiError (status 0 for
 * network failures) like `api()`.
 */
export async function postViews(batch: ViewBatch, cuid: string | undefined, keepalive = false): Promise<void> {
  const body: Record<string, unknown> = { push_id: batch.push_id, data: batch.data, cuid };
  if (Object.keys(batch.ads_data).length) body.ads_data = batch.ads_data;
  await api<unknown>('POST', '/v1/properties/views', { body, keepalive });
}
