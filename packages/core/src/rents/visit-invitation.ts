import { createEvent } from 'ics';
import { CHAT_NOTIFICATION_MESSAGES as N, PRODUCT_NAME } from '@nj/contracts';

/** One person in a visit's invitation. */
export type VisitAttendee = { name: string; email: string };

/**
 * The calendar invitation (.ics, RFC 5545, written by the `ics` library) of a confirmed visit (issue 11 'Visits'):
 * one VEVENT with the visit's UTC start and end (so every calendar shows it in its reader's own zone), the listing's
 * title and place, both parties as attendees, METHOD:REQUEST, a stable UID per appointment (a re-sent invitation
 * updates the same event) and a display alarm two hours before.
 * @param input `{ auid, st, et (instants), title (listing), location, url (the conversation), organizer, attendees, now? }`
 * @returns the .ics text
 * @throws Error when the library refuses the event (e.g. an invalid date)
 */
export function buildVisitInvitation(input: {
  auid: string; st: Date; et: Date; title: string; location: string | null; url: string; organizer: VisitAttendee;
  attendees: VisitAttendee[]; sequence?: number;
}): string {
  const { error, value } = createEvent({
    productId: `${PRODUCT_NAME}//visitas`,
    method: 'REQUEST',
    uid: `${input.auid}@visitas`,
    sequence: input.sequence ?? 0,
    start: input.st.getTime(), startInputType: 'utc', startOutputType: 'utc',
    end: input.et.getTime(), endInputType: 'utc', endOutputType: 'utc',
    title: N.visitEventTitle(input.title),
    description: `${N.visitEventDescription} ${input.url}`,
    ...(input.location ? { location: input.location } : {}),
    url: input.url,
    status: 'CONFIRMED',
    organizer: { name: input.organizer.name, email: input.organizer.email },
    attendees: input.attendees.map((a) => ({ name: a.name, email: a.email, rsvp: false, partstat: 'ACCEPTED', role: 'REQ-PARTICIPANT' })),
    alarms: [{ action: 'display', description: N.visitEventTitle(input.title), trigger: { hours: 2, before: true } }],
  });
  if (error || !value) throw new Error(`ics: ${error instanceof Error ? error.message : String(error)}`);
  return value;
}
