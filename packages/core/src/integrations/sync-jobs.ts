import type { JobHandlers } from '../jobs/job-worker.ts';
import { enqueue } from '../jobs/enqueue.ts';
import { isAppError } from '../errors/app-error.ts';
import { integrationsRepository } from './integrations-repository.ts';
import { syncConnection, type SyncDeps } from './sync-connection.ts';

/** Cron job that enqueues one sync per enabled connection (every hour at :40, America/Mexico_City). */
export const INTEGRATIONS_SCHEDULE_JOB = 'integrations.schedule';
/** Job that runs one connection's complete sync (payload `{ iuid }`). */
export const INTEGRATION_SYNC_JOB = 'integrations.sync';

/**
 * The scheduled sync (issue 16 'A scheduled sync per connection (job queue), with a history of runs'): the hourly
 * schedule enqueues `integrations.sync` per enabled connection, deduplicated per connection and hour (a slow run is
 * never doubled); each runs syncConnection with trigger 'schedule', which records the run and its counts. A refusal
 * of the credentials or a provider that is down is recorded on the run and not retried (the next hour tries again).
 */
export function integrationSyncJobs(deps: SyncDeps): JobHandlers {
  return {
    [INTEGRATIONS_SCHEDULE_JOB]: {
      handler: async () => {
        const hour = new Date().toISOString().slice(0, 13);
        for (const c of await integrationsRepository.listEnabled(deps.database.db)) {
          await enqueue(deps.database.db, INTEGRATION_SYNC_JOB, { iuid: c.iuid }, { key: `${c.iuid}:${hour}`, maxAttempts: 2 });
        }
      },
    },
    [INTEGRATION_SYNC_JOB]: {
      maxAttempts: 2,
      handler: async (payload) => {
        const iuid = (payload as { iuid?: unknown } | null)?.iuid;
        if (typeof iuid !== 'string') return;
        const connection = await integrationsRepository.findByIuid(deps.database.db, iuid);
        if (!connection || !connection.is_enabled) return;
        try {
          const r = await syncConnection(deps, connection, { dryRun: false, trigger: 'schedule' });
          console.log(`integración ${connection.provider} ${iuid}: ${r.created} nuevas, ${r.updated} actualizadas, ${r.deactivated} desactivadas, ${r.failed} con error`);
        } catch (error) {
          if (isAppError(error)) return;
          throw error;
        }
      },
    },
  };
}
