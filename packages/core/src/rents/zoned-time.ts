/**
 * Wall-clock times in an IANA zone ↔ UTC instants, with the platform's time-zone data (Intl). Visits are agreed as a
 * day and hour in someone's zone (Mexico has four: America/Tijuana, America/Hermosillo, America/Mexico_City,
 * America/Cancun) and stored as the UTC instant plus the zone (issue 11 'Visits').
 */

/** True when `zone` is an IANA time zone the platform knows. */
export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return zone.includes('/') || zone === 'UTC';
  } catch {
    return false;
  }
}

/** The zone's offset from UTC at instant `ms`, in ms (e.g. -6 h for America/Mexico_City). */
export function zoneOffsetMs(zone: string, ms: number): number {
  const parts = Object.fromEntries(new Intl.DateTimeFormat('en-US', {
    timeZone: zone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit',
  }).formatToParts(new Date(ms)).map((p) => [p.type, p.value]));
  const asUtc = Date.UTC(Number(parts.year), Number(parts.month) - 1, Number(parts.day), Number(parts.hour), Number(parts.minute), Number(parts.second));
  return asUtc - Math.floor(ms / 1000) * 1000;
}

/**
 * The UTC instant of wall time `date` ('YYYY-MM-DD') `time` ('HH:MM') in `zone`, or null when malformed. A wall time
 * skipped by a daylight-saving change resolves to the instant one offset later.
 */
export function zonedToUtc(date: string, time: string, zone: string): Date | null {
  const d = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  const t = /^(\d{2}):(\d{2})$/.exec(time);
  if (!d || !t) return null;
  const [y, mo, da, h, mi] = [Number(d[1]), Number(d[2]), Number(d[3]), Number(t[1]), Number(t[2])];
  if (mo < 1 || mo > 12 || da < 1 || h > 23 || mi > 59) return null;
  const guess = Date.UTC(y, mo - 1, da, h, mi);
  if (new Date(guess).getUTCDate() !== da) return null;
  const first = guess - zoneOffsetMs(zone, guess);
  return new Date(guess - zoneOffsetMs(zone, first));
}

/** The calendar day ('YYYY-MM-DD') of instant `ms` in `zone`. */
export function dayInZone(ms: number, zone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(ms));
}

/** `day` ('YYYY-MM-DD') plus `n` calendar days. */
export function addDays(day: string, n: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + n)).toISOString().slice(0, 10);
}
