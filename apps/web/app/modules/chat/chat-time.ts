import { CHAT_UI_MESSAGES as M } from '@nj/contracts/rents/messages';

/** The browser's IANA time zone ('America/Mexico_City', 'America/Tijuana', …); Mexico City when unknown. */
export function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'America/Mexico_City';
  } catch {
    return 'America/Mexico_City';
  }
}

/** 'YYYY-MM-DD' of instant `ms` in `zone`. */
export function dayKey(ms: number, zone: string): string {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(ms);
  const get = (t: string) => parts.find((p) => p.type === t)?.value ?? '';
  return `${get('year')}-${get('month')}-${get('day')}`;
}

/** 'YYYY-MM-DD' `n` days after `day` (calendar arithmetic, no zone). */
export function addDays(day: string, n: number): string {
  const d = new Date(`${day}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

/** The label of a day divider: 'Hoy', 'Ayer' or 'martes 24 de noviembre' (with the year when not this year). */
export function dayLabel(day: string, now: number, zone: string): string {
  const today = dayKey(now, zone);
  if (day === today) return M.today;
  if (day === addDays(today, -1)) return M.yesterday;
  const sameYear = day.slice(0, 4) === today.slice(0, 4);
  return new Intl.DateTimeFormat('es-MX', { weekday: 'long', day: 'numeric', month: 'long', ...(sameYear ? {} : { year: 'numeric' }), timeZone: 'UTC' })
    .format(new Date(`${day}T12:00:00Z`));
}

/** '14:05' of an ISO instant in `zone` (24-hour clock, as Mexican portals show chat times). */
export function clockLabel(iso: string, zone: string): string {
  return new Intl.DateTimeFormat('es-MX', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: zone }).format(new Date(iso));
}

/**
 * A visit's date and time for a person in `zone`: 'sábado 28 de noviembre, 10:00 (hora de Tijuana)' — the zone's
 * short name is added so two people in different zones (Mexico has four) know which clock the time is on.
 */
export function visitLabel(iso: string, zone: string): string {
  const d = new Date(iso);
  const date = new Intl.DateTimeFormat('es-MX', { weekday: 'long', day: 'numeric', month: 'long', timeZone: zone }).format(d);
  const time = clockLabel(iso, zone);
  const name = new Intl.DateTimeFormat('es-MX', { timeZone: zone, timeZoneName: 'short' }).formatToParts(d).find((p) => p.type === 'timeZoneName')?.value;
  return `${date}, ${time}${name ? ` (${name})` : ''}`;
}

/**
 * The days an owner may propose (spec 02 §5 propose window, as core proposeTimes checks it): from tomorrow to 7 days
 * after today in `zone`, each `{ value: 'YYYY-MM-DD', label: 'viernes 27 de noviembre' }`.
 */
export function proposalDays(now: number, zone: string): { value: string; label: string }[] {
  const today = dayKey(now, zone);
  return Array.from({ length: 7 }, (_, i) => {
    const value = addDays(today, i + 1);
    return { value, label: new Intl.DateTimeFormat('es-MX', { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'UTC' }).format(new Date(`${value}T12:00:00Z`)) };
  });
}

/** Visit start times offered when proposing: every half hour from 08:00 to 20:00. */
export const PROPOSAL_TIMES: readonly string[] = Array.from({ length: 25 }, (_, i) => {
  const minutes = 8 * 60 + i * 30;
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
});

/** 'hace 5 min'-style relative label of the list, or the date for older activity. */
export function activityLabel(iso: string, now: number, zone: string): string {
  const day = dayKey(Date.parse(iso), zone);
  if (day === dayKey(now, zone)) return clockLabel(iso, zone);
  if (day === addDays(dayKey(now, zone), -1)) return M.yesterday;
  return new Intl.DateTimeFormat('es-MX', { day: 'numeric', month: 'short', timeZone: zone }).format(new Date(iso));
}
