import { randomBytes } from 'node:crypto';
import { REPORT_REASON_LABELS, SEARCH_MESSAGES, TICKET_MESSAGES, type TReportListingBody, type TReportResult } from '@nj/contracts';
import type { Database } from '@nj/db';
import { AppError } from '../errors/app-error.ts';
import { type RateLimiter, rateKey, requireNotLimited } from '../accounts/rate-limiter.ts';
import { propertiesRepository } from '../properties/properties-repository.ts';
import { propertyKey } from '../search/get-property.ts';
import type { Actor } from '../policies/actor.ts';
import { authorize } from '../policies/policy.ts';
import { reportPolicy } from '../policies/report.ts';
import { reportsRepository } from './reports-repository.ts';
import { newTicketId, ticketsRepository } from '../tickets/tickets-repository.ts';

/**
 * Reports one client may send: 5 an hour per IP address and 5 an hour per session's client (either limit stops
 * them), enough for an honest visitor and too few to flood the support team's queue.
 */
export const REPORT_RATE_LIMITS = {
  perIp: { limit: 5, windowMs: 60 * 60_000 },
  perClient: { limit: 5, windowMs: 60 * 60_000 },
} as const;

/**
 * Someone reports a listing to the support team (POST /api/v1/properties/{id}/report; issue 9 §4 'Reportar
 * anuncio'): stores `{ reason, details }` in listing_reports with status 'open', the reporter's client (the
 * session's, anonymous included, or null) and IP. Rate-limited first (REPORT_RATE_LIMITS), then reportPolicy
 * 'create' decides on the listing. A report with a client (signed in or anonymous) also opens an LP ticket
 * ('Verificación de propietario legítimo') about the listing, in the same transaction, authored by that client with
 * `report_ruid` set, so every report reaches the support panel's queue (issue 14 'Listing reports from the detail
 * page arrive as LP tickets'); a signed-in reporter follows it in /centro-de-ayuda, and an anonymous one does once
 * they sign up (the anonymous client becomes their account in place). A request with no session at all has no
 * client to author a ticket: it stays a report only.
 *
 * @param input `idOrSlugOrCode` as getProperty takes it (uid, slug or 'NJ-…'); `reason`/`details` validated by
 *   ZReportListingBody; `clientCuid` the session's client or null; `ip` the caller's address
 * @returns `{ ruid }` of the stored report
 * @throws AppError RATE_LIMITED (429, Spanish message with the wait); NOT_FOUND 'No encontramos esta propiedad' for
 *   an unknown listing; GONE 'Esta propiedad ya no está disponible' for a deactivated one
 */
export async function reportListing(
  deps: { database: Database; limiter: RateLimiter },
  input: TReportListingBody & { actor: Actor; idOrSlugOrCode: string; clientCuid: string | null; ip: string },
): Promise<TReportResult> {
  authorize(input.actor, reportPolicy, 'create');
  await requireNotLimited(deps.limiter, [
    { key: rateKey('report', input.ip), ...REPORT_RATE_LIMITS.perIp },
    ...(input.clientCuid ? [{ key: rateKey('report-client', input.clientCuid), ...REPORT_RATE_LIMITS.perClient }] : []),
  ]);
  const key = propertyKey(input.idOrSlugOrCode);
  const row = key ? await propertiesRepository.findOne(deps.database, key) : undefined;
  if (!row) throw new AppError('NOT_FOUND', SEARCH_MESSAGES.propertyNotFound);
  authorize(input.actor, reportPolicy, 'create', row);
  const ruid = `r_${randomBytes(8).toString('hex')}`;
  const reporter = input.clientCuid;
  await deps.database.db.transaction().execute(async (trx) => {
    await reportsRepository.insert(trx, {
      ruid, puid: row.puid, reason: input.reason, details: input.details, reporter_cuid: input.clientCuid, ip: input.ip,
    });
    if (reporter) {
      const reason = REPORT_REASON_LABELS[input.reason];
      await ticketsRepository.insert(trx, {
        tuid: newTicketId('t_'), author_cuid: reporter, title: TICKET_MESSAGES.reportTitle(row.title).slice(0, 200), category: 'LP',
        description: (input.details ? `${reason}: ${input.details}` : reason).slice(0, 5000), puid: row.puid, ruid: null, event_date: null,
        report_ruid: ruid,
      });
    }
  });
  return { ruid };
}
