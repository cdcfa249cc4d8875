import { z } from '../common/zod-locale.ts';
import { INTEGRATION_MESSAGES as M } from './messages.ts';

/** The listing providers an agency can connect (spec 01 §1: 'integrations with two external listing providers'). */
export const INTEGRATION_PROVIDERS = ['easybroker', 'kw'] as const;
export type IntegrationProvider = (typeof INTEGRATION_PROVIDERS)[number];

/** Runs of a connection the list shows (newest first). */
export const INTEGRATION_RUNS_SHOWN = 10;
/** Listings a pull's answer names one by one (the counts cover all). */
export const INTEGRATION_PULL_ITEMS_SHOWN = 100;

const secret = (min: number, msg: string) => z.string({ error: msg }).trim().min(min, { error: msg }).max(200, { error: msg }).regex(/^\S+$/, { error: msg });

/**
 * POST /v1/integrations (spec 03 §7): an agency administrator connects EasyBroker with its API key (the
 * `X-Authorization` header of api.easybroker.com) or KW with its partner client credentials (OAuth 2.0 client
 * credentials, decision 033). Connecting again replaces the stored credentials.
 */
export const ZConnectIntegrationBody = z.discriminatedUnion('provider', [
  z.object({ provider: z.literal('easybroker'), api_key: secret(8, M.apiKeyInvalid) }),
  z.object({ provider: z.literal('kw'), client_id: secret(3, M.clientIdInvalid), client_secret: secret(8, M.clientSecretInvalid) }),
], { error: M.providerInvalid });
export type TConnectIntegrationBody = z.infer<typeof ZConnectIntegrationBody>;

/** One pull of a connection: a dry run, a pull by hand or the schedule's; counts of listings. Times ISO 8601. */
export const ZIntegrationRun = z.object({
  id: z.number().int(),
  trigger: z.enum(['manual', 'schedule']),
  dry_run: z.boolean(),
  is_complete: z.boolean(),
  started_at: z.string(),
  finished_at: z.string().nullable(),
  created: z.number().int(),
  updated: z.number().int(),
  deactivated: z.number().int(),
  failed: z.number().int(),
  /** Why the run stopped (Spanish), null when it ended normally. */
  error: z.string().nullable(),
});
export type TIntegrationRun = z.infer<typeof ZIntegrationRun>;

/** A connection as its agency's administrator sees it: never the credentials, only their last characters. */
export const ZIntegration = z.object({
  iuid: z.string(),
  provider: z.enum(INTEGRATION_PROVIDERS),
  credentials_hint: z.string(),
  is_enabled: z.boolean(),
  created_at: z.string(),
  last_complete_sync_at: z.string().nullable(),
  /** Active listings of the agency kept in sync by this connection. */
  listings: z.number().int(),
  /** The latest INTEGRATION_RUNS_SHOWN runs, newest first. */
  runs: z.array(ZIntegrationRun),
});
export type TIntegration = z.infer<typeof ZIntegration>;

/** GET /v1/integrations: the caller's agency's connections (empty when they administer no agency). */
export const ZIntegrationsList = z.object({ auid: z.string().nullable(), items: z.array(ZIntegration) });
export type TIntegrationsList = z.infer<typeof ZIntegrationsList>;

const dryrun = z.enum(['true', 'false', '1', '0', ''], { error: M.dryrunInvalid }).optional()
  .transform((v) => v === 'true' || v === '1' || v === '');

/**
 * GET /v1/integrations/easybroker/pull?dryrun&ebid (spec 03 §7). `dryrun` is a flag (present, `true` or `1`: simulate);
 * `ebid` pulls one listing by its EasyBroker public_id (e.g. EB-AB1234) instead of all.
 */
export const ZEasyBrokerPullQuery = z.object({
  dryrun,
  ebid: z.string({ error: M.idInvalid }).trim().regex(/^[A-Za-z0-9-]{1,40}$/, { error: M.idInvalid }).optional(),
});
/** GET /v1/integrations/kw/pull?dryrun&kwid (decision 033: the spec shows no call of the second provider). */
export const ZKwPullQuery = z.object({
  dryrun,
  kwid: z.string({ error: M.idInvalid }).trim().regex(/^[A-Za-z0-9_.:-]{1,60}$/, { error: M.idInvalid }).optional(),
});

/** What a pull did (or, with dryrun, would do) to one listing of the source. */
export const ZPullItem = z.object({
  source_id: z.string(),
  title: z.string(),
  action: z.enum(['create', 'update', 'unchanged', 'deactivate', 'fail']),
  /** For 'fail': the Spanish reason. */
  reason: z.string().optional(),
  /** Our listing, when it exists (after the pull, or already before a dry run). */
  puid: z.string().nullable(),
});
export type TPullItem = z.infer<typeof ZPullItem>;

/** A pull's answer: counts over every listing, the first INTEGRATION_PULL_ITEMS_SHOWN one by one, and its run. */
export const ZPullResult = z.object({
  dry_run: z.boolean(),
  created: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  deactivated: z.number().int(),
  failed: z.number().int(),
  items: z.array(ZPullItem),
  run: ZIntegrationRun,
});
export type TPullResult = z.infer<typeof ZPullResult>;

/** The listing's source flags (spec 01 §3 'integrations (easybroker, kw)'): true when that provider keeps it in sync. */
export const ZListingIntegrations = z.object({ easybroker: z.boolean(), kw: z.boolean() });
export type TListingIntegrations = z.infer<typeof ZListingIntegrations>;

/** POST /v1/property/{puid}/reconfirm (issue 16 'Freshness'). */
export const ZReconfirmParams = z.object({ puid: z.string({ error: M.reconfirmNotFound }).regex(/^[A-Za-z0-9_-]{1,64}$/, { error: M.reconfirmNotFound }) });
/** The listing after its owner reconfirmed it: active again when the freshness job had paused it. */
export const ZReconfirmResult = z.object({ puid: z.string(), is_active: z.boolean(), reconfirmed_at: z.string() });
export type TReconfirmResult = z.infer<typeof ZReconfirmResult>;
