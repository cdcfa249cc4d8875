import { describe, expect, it } from 'vitest';
import { activityLabel, addDays, clockLabel, dayKey, dayLabel, proposalDays, PROPOSAL_TIMES, visitLabel } from './chat-time.ts';

// 2026-11-27 05:30 UTC: still the 26th in Mexico City (UTC−6) and Tijuana (UTC−8), already the 27th in UTC.
const LATE_NIGHT = Date.parse('2026-11-27T05:30:00Z');

describe('chat times in each person\'s own zone (issue 11: shown in each person\'s time zone, tested across zones and at midnight)', () => {
  it('puts an instant on the day of the zone it is read in', () => {
    expect(dayKey(LATE_NIGHT, 'America/Mexico_City')).toBe('2026-11-26');
    expect(dayKey(LATE_NIGHT, 'America/Cancun')).toBe('2026-11-27');
    expect(dayKey(LATE_NIGHT, 'UTC')).toBe('2026-11-27');
  });

  it('labels today, yesterday and older days, across a month and a year', () => {
    expect(dayLabel('2026-11-26', LATE_NIGHT, 'America/Mexico_City')).toBe('Hoy');
    expect(dayLabel('2026-11-25', LATE_NIGHT, 'America/Mexico_City')).toBe('Ayer');
    expect(dayLabel('2026-11-26', LATE_NIGHT, 'America/Cancun')).toBe('Ayer');
    expect(dayLabel('2026-11-20', LATE_NIGHT, 'America/Mexico_City')).toBe('viernes, 20 de noviembre');
    expect(dayLabel('2025-12-31', LATE_NIGHT, 'America/Mexico_City')).toContain('2025');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
  });

  it('shows one visit at each party\'s own clock, with the zone named', () => {
    const st = '2026-11-28T16:00:00.000Z';
    expect(clockLabel(st, 'America/Mexico_City')).toBe('10:00');
    expect(clockLabel(st, 'America/Tijuana')).toBe('08:00');
    expect(clockLabel(st, 'America/Cancun')).toBe('11:00');
    expect(visitLabel(st, 'America/Mexico_City')).toMatch(/^sábado, 28 de noviembre, 10:00 \(.+\)$/);
    expect(visitLabel(st, 'America/Tijuana')).toContain('08:00');
    // Near midnight the date itself differs between zones.
    expect(visitLabel('2026-11-28T06:30:00.000Z', 'America/Mexico_City')).toContain('28 de noviembre, 00:30');
    expect(visitLabel('2026-11-28T06:30:00.000Z', 'America/Tijuana')).toContain('27 de noviembre, 22:30');
  });

  it('offers the seven days after today in the owner\'s zone, and half hours from 08:00 to 20:00', () => {
    const cdmx = proposalDays(LATE_NIGHT, 'America/Mexico_City').map((d) => d.value);
    expect(cdmx).toEqual(['2026-11-27', '2026-11-28', '2026-11-29', '2026-11-30', '2026-12-01', '2026-12-02', '2026-12-03']);
    expect(proposalDays(LATE_NIGHT, 'America/Cancun')[0]!.value).toBe('2026-11-28');
    expect(PROPOSAL_TIMES[0]).toBe('08:00');
    expect(PROPOSAL_TIMES.at(-1)).toBe('20:00');
    expect(PROPOSAL_TIMES).toContain('13:30');
  });

  it('labels list activity by clock today, Ayer yesterday, date before', () => {
    expect(activityLabel('2026-11-27T01:00:00Z', LATE_NIGHT, 'America/Mexico_City')).toBe('19:00');
    expect(activityLabel('2026-11-26T01:00:00Z', LATE_NIGHT, 'America/Mexico_City')).toBe('Ayer');
    expect(activityLabel('2026-11-10T18:00:00Z', LATE_NIGHT, 'America/Mexico_City')).toMatch(/^10 nov/);
  });
});
