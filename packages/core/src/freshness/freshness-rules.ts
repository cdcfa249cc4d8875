/**
 * Freshness of owners' listings (issue 16 'Freshness'; decision 033): a listing for rent not reconfirmed by its owner
 * in 30 days (60 for a listing only for sale) gets a first reminder, a second one 7 days later, and is paused 7 days
 * after that (so at 44 / 74 days) unless the owner says it is still available. The clock starts when the listing is
 * created or reconfirmed, and for listings that existed before migration 048 (the demo data included) when it ran.
 */
export const FRESHNESS = { rentDays: 30, saleDays: 60, secondReminderAfterDays: 7, pauseAfterDays: 14 } as const;

const DAY_MS = 86_400_000;

/** What is due for one listing at `now`: the next reminder, the pause, or nothing yet. */
export function freshnessStep(listing: { is_renta: boolean; reconfirmed_at: Date; freshness_reminders: number }, now: Date): 'remind1' | 'remind2' | 'pause' | null {
  const due = (listing.is_renta ? FRESHNESS.rentDays : FRESHNESS.saleDays) * DAY_MS;
  const age = now.getTime() - new Date(listing.reconfirmed_at).getTime();
  if (age < due) return null;
  if (listing.freshness_reminders === 0) return 'remind1';
  if (listing.freshness_reminders === 1) return age >= due + FRESHNESS.secondReminderAfterDays * DAY_MS ? 'remind2' : null;
  return age >= due + FRESHNESS.pauseAfterDays * DAY_MS ? 'pause' : null;
}
