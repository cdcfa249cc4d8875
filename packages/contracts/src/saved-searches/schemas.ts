import { z } from '../common/zod-locale.ts';
import { SAVED_SEARCH_MESSAGES as M } from './messages.ts';

/** Alert frequencies of a saved search ('off' = no alerts; what an unsubscribe link sets). */
export const SAVED_SEARCH_FREQUENCIES = ['instant', 'daily', 'weekly', 'off'] as const;
export type TSavedSearchFrequency = (typeof SAVED_SEARCH_FREQUENCIES)[number];
/** Limits: searches per client, characters of a name and of the saved query string, listings per alert. */
export const SAVED_SEARCH_LIMITS = { maxPerClient: 50, maxName: 80, maxQuery: 6000, listingsPerAlert: 10 } as const;

const ZName = z.string({ error: M.invalidName }).trim().min(1, M.invalidName).max(SAVED_SEARCH_LIMITS.maxName, M.invalidName);
const ZFrequency = z.enum(SAVED_SEARCH_FREQUENCIES, { error: M.invalidFrequency });

/**
 * POST /api/v1/saved-searches body: a name, the /propiedades query string the search was saved from (the filter
 * state as filterStateToQuery writes it, with bounds and the drawn `area` or `cerca`), the alert frequency
 * (default 'daily') and whether alerts also go by WhatsApp (default true; only to a verified phone).
 */
export const ZSavedSearchCreate = z.object({
  name: ZName,
  query: z.string({ error: M.invalidQuery }).max(SAVED_SEARCH_LIMITS.maxQuery, M.invalidQuery),
  frequency: ZFrequency.default('daily'),
  whatsapp: z.boolean().default(true),
});
export type TSavedSearchCreate = z.infer<typeof ZSavedSearchCreate>;

/** PATCH /api/v1/saved-searches/:id body: any of name, frequency, whatsapp; `visited: true` resets the new count. */
export const ZSavedSearchUpdate = z.object({
  name: ZName.optional(),
  frequency: ZFrequency.optional(),
  whatsapp: z.boolean().optional(),
  visited: z.literal(true).optional(),
});
export type TSavedSearchUpdate = z.infer<typeof ZSavedSearchUpdate>;

/** Path parameter: a saved search's id (a positive integer as text). */
export const ZSavedSearchId = z.object({ id: z.string().regex(/^[1-9][0-9]{0,17}$/, M.notFound) });

/** One saved search as its owner sees it; `new_count`: listings matched since `last_visit_at`. */
export const ZSavedSearch = z.object({
  id: z.string(),
  name: z.string(),
  query: z.string(),
  frequency: ZFrequency,
  whatsapp: z.boolean(),
  new_count: z.number().int(),
  last_visit_at: z.string(),
  created_at: z.string(),
});
export type TSavedSearch = z.infer<typeof ZSavedSearch>;
export const ZSavedSearchList = z.object({ searches: z.array(ZSavedSearch) });

/** POST /api/v1/saved-searches/unsubscribe body (the alert e-mail's signed token; no session needed). */
export const ZSavedSearchUnsubscribe = z.object({ token: z.string({ error: M.invalidToken }).max(300, M.invalidToken) });
export const ZSavedSearchUnsubscribed = z.object({ name: z.string() });
