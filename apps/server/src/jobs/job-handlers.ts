import type { Database } from '@nj/db';
import type { MediaStorage, MessagingConfig, TextMessageProvider } from '@nj/core';
import type { ServerConfig } from '@nj/core/config/server-config';
import type { JobHandlers } from '@nj/core/jobs/job-worker';
import type { JobSchedule } from '@nj/core/jobs/schedules';
import { jobsRepository } from '@nj/core/jobs/jobs-repository';
import { EMAIL_JOB, emailJob } from '@nj/core/messaging/send-email';
import { TEXT_JOB, textJob } from '@nj/core/messaging/send-text-message';
import { NOTIFICATION_TEXT_JOB, notificationTextJob } from '@nj/core/messaging/send-notification-text';
import { CHAT_NOTIFY_JOB, chatNotifyJob } from '@nj/core/rents/notify-new-message';
import { VISIT_CONFIRMED_JOB, VISIT_REMINDER_JOB, visitConfirmedJob, visitReminderJob } from '@nj/core/rents/notify-visit';
import { STALE_DRAFT_DAYS, SWEEP_STALE_DRAFTS_JOB, sweepStaleDrafts } from '@nj/core/listings/sweep-stale-drafts';
import { PRUNE_STATS_JOB, pruneStatsBookkeeping } from '@nj/core/stats/prune-stats-bookkeeping';
import { PENDING_MEDIA_SWEEP, sweepPendingMedia } from '@nj/core/media/pending-media';
import { sweepOrphanMedia } from '@nj/core/media/sweep-orphan-media';
import { PROCESS_PHOTO_JOB, processStoredPhoto } from '@nj/core/listings/process-stored-photo';
import { LISTING_IMPORT_JOB } from '@nj/core/listing-imports/start-listing-import';
import { runListingImport } from '@nj/core/listing-imports/run-listing-import';
import { STALE_IMPORT_DAYS, SWEEP_STALE_IMPORTS_JOB, sweepStaleListingImports } from '@nj/core/listing-imports/sweep-stale-listing-imports';
import { EXPIRE_DOCUMENTS_JOB, expireDocuments } from '@nj/core/rent-documents/expire-documents';
import { ERASE_OPEN_REQUESTS_JOB, ERASE_PERSONAL_DATA_JOB, eraseOpenRequests, erasePersonalData } from '@nj/core/data-erasure/erase-personal-data';
import { escrowJobs } from '@nj/core/rent-payments/escrow-jobs';
import { payoutJobs } from '@nj/core/payouts/send-payout';
import type { PayoutProvider } from '@nj/core/payouts/payout-provider';
import { createSandboxPayoutProvider } from '@nj/core/payouts/sandbox-payout-provider';
import { parseDataKey } from '@nj/core/security/seal-text';
import { RENT_PAYMENT_REMINDER_JOB, rentReminderJob } from '@nj/core/rent-payments/rent-payment-reminders';
import { RESPONSE_TIMES_JOB, computeResponseTimes } from '@nj/core/crm/compute-response-times';
import { INTEGRATIONS_SCHEDULE_JOB, integrationSyncJobs } from '@nj/core/integrations/sync-jobs';
import { FRESHNESS_JOB, runFreshness } from '@nj/core/freshness/run-freshness';
import type { ListingSources } from '@nj/core/integrations/create-listing-sources';
import { INTEGRATION_PHOTOS_JOB, integrationPhotosJob } from '@nj/core/integrations/sync-listing-photos';
import { createPhotoFetcher } from '@nj/core/integrations/fetch-listing-photo';
import { DEDUP_CHANGED_JOB, DEDUP_FULL_JOB, regroupChangedListings } from '@nj/core/dedup/regroup-changed-listings';
import { regroupAllListings } from '@nj/core/dedup/regroup-all-listings';
import { MARKET_FIGURES_JOB, computeMarketFigures } from '@nj/core/market/compute-market-figures';
import { SAVED_SEARCH_DIGEST_JOB, SAVED_SEARCH_MATCH_JOB, savedSearchJobs } from '@nj/core/saved-searches/alert-jobs';

/** The exchange rates' defaults (server-config USD_MXN_RATE, EUR_MXN_RATE) for handler tables built without them. */
const DEDUP_FALLBACK_RATES = { usd: 18.5, eur: 20 };

/** Job name of the queue's own upkeep: finished jobs older than JOBS_KEPT_DAYS are deleted. */
export const PRUNE_JOBS_JOB = 'jobs.prune';
const JOBS_KEPT_DAYS = 14;

/** Job names of the media sweeps (issue 7 §7): the journal of interrupted uploads, and files nothing references. */
export const SWEEP_PENDING_MEDIA_JOB = 'media.sweep-pending';
export const SWEEP_ORPHAN_MEDIA_JOB = 'media.sweep-orphans';

/**
 * What the handlers use (a subset of AppServices): the database, e-mail settings, media storage, the WhatsApp/SMS
 * provider, and the public URL and secret of the chat's notification links.
 */
export type JobDeps = {
  database: Database; messaging: MessagingConfig; storage: MediaStorage; textProvider: TextMessageProvider;
  config: Pick<ServerConfig, 'publicUrl' | 'sessionSecret'> & Partial<Pick<ServerConfig, 'dataKey' | 'exchangeRates'>>;
  /** SPEI payouts (decision 025); absent in tests that do not need them: the sandbox. */
  payouts?: PayoutProvider;
  /** Listing providers of the integrations' scheduled sync (issue 16); absent in tests that do not need them: none. */
  listingSources?: ListingSources;
};

/**
 * Every background job this product runs, by name (issue 8 §4; docs/ARCHITECTURE.md "Background jobs" says how to
 * add one): e-mail and sandbox SMS/WhatsApp delivery, the chat's offline notifications and the visits' confirmation
 * e-mails and reminders (issue 11) with their WhatsApp messages, the variants of large photo uploads, the photos of synced listings, the sweep of drafts unchanged for 30 days, the sweeps of files
 * left by interrupted uploads and of files nothing references, the view counter's daily upkeep, the retention of
 * personal documents (decision 016), erasures of personal data on request (decision 019), and the queue's own
 * prune. Takes the process's services; returns the handler table the
 * worker (start-job-worker.ts) and `npm run worker` run.
 */
export function jobHandlers(deps: JobDeps): JobHandlers {
  const log = (line: string) => console.log(line);
  const notifyDeps = { database: deps.database, messaging: deps.messaging, publicUrl: deps.config.publicUrl };
  return {
    [EMAIL_JOB]: emailJob(deps.messaging),
    [TEXT_JOB]: textJob(deps.messaging),
    [NOTIFICATION_TEXT_JOB]: notificationTextJob(deps.textProvider),
    [CHAT_NOTIFY_JOB]: chatNotifyJob({ ...notifyDeps, secret: deps.config.sessionSecret }),
    [VISIT_CONFIRMED_JOB]: visitConfirmedJob(notifyDeps),
    [VISIT_REMINDER_JOB]: visitReminderJob(notifyDeps),
    [RENT_PAYMENT_REMINDER_JOB]: rentReminderJob(notifyDeps),
    // Issue 16 'Freshness' (decision 033): reminders to reconfirm owners' listings, then the pause.
    [FRESHNESS_JOB]: {
      handler: async () => {
        const r = await runFreshness(notifyDeps);
        if (r.reminded || r.paused) log(`Vigencia de propiedades: ${r.reminded} recordatorios, ${r.paused} pausadas`);
      },
    },
    // Issue 17 (decision 037): saved searches' alerts — matching changed listings every minute, digests each morning.
    ...savedSearchJobs({ ...notifyDeps, secret: deps.config.sessionSecret, rates: deps.config.exchangeRates ?? DEDUP_FALLBACK_RATES }),
    ...escrowJobs(deps.database),
    ...integrationSyncJobs({ database: deps.database, dataKey: deps.config.dataKey ?? (parseDataKey(undefined, false) as Buffer), sources: deps.listingSources ?? { easybroker: null, kw: null } }),
    // Decision 033 'Photos': a synced listing's photos downloaded after its sync, through the owners' photo pipeline.
    [INTEGRATION_PHOTOS_JOB]: integrationPhotosJob({ database: deps.database, storage: deps.storage, fetchPhoto: deps.listingSources?.photos ?? createPhotoFetcher({ allowLoopback: false }) }),
    ...payoutJobs({ database: deps.database, dataKey: deps.config.dataKey ?? (parseDataKey(undefined, false) as Buffer), provider: deps.payouts ?? createSandboxPayoutProvider() }),
    [PROCESS_PHOTO_JOB]: { handler: (payload, ctx) => processStoredPhoto(deps, payload, ctx), retryBaseMs: 5_000 },
    [LISTING_IMPORT_JOB]: { handler: (payload, ctx) => runListingImport(deps, payload, ctx), maxAttempts: 3, retryBaseMs: 5_000 },
    [SWEEP_STALE_DRAFTS_JOB]: {
      handler: async () => {
        const r = await sweepStaleDrafts(deps, { olderThanDays: STALE_DRAFT_DAYS });
        if (r.drafts) log(`Borradores sin publicar en ${STALE_DRAFT_DAYS} días eliminados: ${r.drafts} (${r.files} archivos)`);
      },
    },
    [SWEEP_PENDING_MEDIA_JOB]: {
      handler: async () => {
        const swept = await sweepPendingMedia(deps, { olderThanSeconds: PENDING_MEDIA_SWEEP.graceSeconds });
        if (swept) log(`media: ${swept} archivos de subidas interrumpidas eliminados`);
      },
    },
    [SWEEP_ORPHAN_MEDIA_JOB]: {
      handler: async () => {
        const { deleted } = await sweepOrphanMedia(deps, { olderThanSeconds: PENDING_MEDIA_SWEEP.orphanGraceSeconds });
        if (deleted) log(`media: ${deleted} archivos sin referencia eliminados`);
      },
    },
    [SWEEP_STALE_IMPORTS_JOB]: {
      handler: async () => {
        const n = await sweepStaleListingImports(deps, { olderThanDays: STALE_IMPORT_DAYS });
        if (n) log(`Importaciones sin iniciar en ${STALE_IMPORT_DAYS} días eliminadas: ${n}`);
      },
    },
    [EXPIRE_DOCUMENTS_JOB]: {
      handler: async () => {
        const r = await expireDocuments(deps);
        if (r.documents) log(`Documentos personales vencidos eliminados: ${r.documents} (${r.files} archivos)`);
      },
    },
    [ERASE_PERSONAL_DATA_JOB]: {
      handler: async (payload) => {
        const cuid = (payload as { cuid?: unknown } | null)?.cuid;
        if (typeof cuid !== 'string') return;
        const r = await erasePersonalData(deps, cuid);
        log(`Datos personales eliminados a petición: ${r.documents} documentos, ${r.persons} personas, ${r.investigations} investigaciones; ${r.retained} rentas conservadas`);
      },
    },
    [ERASE_OPEN_REQUESTS_JOB]: {
      handler: async () => {
        const n = await eraseOpenRequests(deps);
        if (n) log(`Solicitudes de eliminación de datos revisadas de nuevo: ${n}`);
      },
    },
    [PRUNE_STATS_JOB]: { handler: async () => void (await pruneStatsBookkeeping(deps.database, { olderThanHours: 24 })) },
    [PRUNE_JOBS_JOB]: { handler: async () => void (await jobsRepository.prune(deps.database.db, JOBS_KEPT_DAYS * 86_400_000)) },
    // Issue 16 (decision 032): each answerer's median first response over the last 30 days (the response-time badge).
    [RESPONSE_TIMES_JOB]: { handler: async () => void (await computeResponseTimes(deps.database)) },
    // Issue 17 (decision 036): this month's market snapshot of every colonia and municipality.
    [MARKET_FIGURES_JOB]: { handler: async () => void (await computeMarketFigures(deps.database, deps.config.exchangeRates ?? DEDUP_FALLBACK_RATES)) },
    // Issue 16 (decision 034): duplicate groups, the changed listings' neighbourhoods every minute, everything nightly.
    [DEDUP_CHANGED_JOB]: {
      handler: async () => {
        const r = await regroupChangedListings(deps.database, deps.config.exchangeRates ?? DEDUP_FALLBACK_RATES);
        if (r.kind === 'full') log(`Duplicados agrupados: ${r.groups} grupos entre ${r.listings} propiedades (${r.written} cambios)`);
      },
    },
    [DEDUP_FULL_JOB]: {
      handler: async () => {
        const r = await regroupAllListings(deps.database, deps.config.exchangeRates ?? DEDUP_FALLBACK_RATES);
        log(`Duplicados agrupados: ${r.groups} grupos entre ${r.listings} propiedades (${r.written} cambios, ${Math.round(r.ms)} ms)`);
      },
    },
  };
}

/**
 * Cron schedules (America/Mexico_City): the journal of interrupted uploads every 10 minutes, unreferenced files every
 * 6 hours, nightly sweeps and prunes at quiet hours, a few minutes apart.
 */
export const JOB_SCHEDULES: JobSchedule[] = [
  { name: SWEEP_PENDING_MEDIA_JOB, cron: '*/10 * * * *' },
  { name: SWEEP_ORPHAN_MEDIA_JOB, cron: '20 */6 * * *' },
  { name: SWEEP_STALE_DRAFTS_JOB, cron: '15 3 * * *' },
  { name: PRUNE_STATS_JOB, cron: '30 3 * * *' },
  { name: SWEEP_STALE_IMPORTS_JOB, cron: '50 3 * * *' },
  { name: PRUNE_JOBS_JOB, cron: '45 3 * * *' },
  { name: EXPIRE_DOCUMENTS_JOB, cron: '5 4 * * *' },
  { name: ERASE_OPEN_REQUESTS_JOB, cron: '25 4 * * *' },
  { name: INTEGRATIONS_SCHEDULE_JOB, cron: '40 * * * *' },
  { name: FRESHNESS_JOB, cron: '10 10 * * *' },
  { name: DEDUP_CHANGED_JOB, cron: '* * * * *' },
  { name: DEDUP_FULL_JOB, cron: '40 4 * * *' },
  { name: RESPONSE_TIMES_JOB, cron: '7 * * * *' },
  { name: MARKET_FIGURES_JOB, cron: '55 4 * * *' },
  { name: SAVED_SEARCH_MATCH_JOB, cron: '* * * * *' },
  { name: SAVED_SEARCH_DIGEST_JOB, cron: '0 8 * * *' },
];
