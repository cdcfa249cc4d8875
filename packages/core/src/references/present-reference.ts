import { REFERENCE_REMIND_INTERVAL_MS, type TReference } from '@nj/contracts';
import type { TReferenceRow } from './references-repository.ts';

const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);

/**
 * A reference row as its owner sees it (spec 02 §3): dates ISO 8601; `can_remind_at` is when the next reminder is
 * allowed (last message + REFERENCE_REMIND_INTERVAL_MS), null when allowed now or when already confirmed.
 */
export function presentReference(row: TReferenceRow, now = Date.now()): TReference {
  const next = row.last_sent_at ? new Date(row.last_sent_at).getTime() + REFERENCE_REMIND_INTERVAL_MS : null;
  return {
    name: row.name,
    phone_number: row.phone_number,
    reftype: row.reftype,
    is_confirmed: row.is_confirmed,
    confirmed_at: iso(row.confirmed_at),
    created_at: new Date(row.created_at).toISOString(),
    last_sent_at: iso(row.last_sent_at),
    can_remind_at: !row.is_confirmed && next !== null && next > now ? new Date(next).toISOString() : null,
  };
}
