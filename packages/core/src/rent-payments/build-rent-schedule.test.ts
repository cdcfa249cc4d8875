import { describe, expect, it } from 'vitest';
import { addMonthsClamped, buildRentSchedule, prorateCents } from './build-rent-schedule.ts';

const base = { price: 10_000, maintenanceFee: 500, depositMonths: 2, startDay: '2026-11-27' };

describe('buildRentSchedule', () => {
  it('a year from the 1st: deposit and first month due on the signing day, then 11 rents on the 1st', () => {
    const s = buildRentSchedule({ ...base, firstDay: '2026-12-01', lastDay: '2027-11-30' });
    expect(s[0]).toMatchObject({ ttype: 'safe_deposit', amountCents: 2 * 1_050_000, dueDay: '2026-11-27' });
    expect(s[1]).toMatchObject({ ttype: 'rent', amountCents: 1_050_000, dueDay: '2026-11-27', period: 0, from: '2026-12-01', to: '2026-12-31' });
    const rents = s.filter((p) => p.ttype === 'rent');
    expect(rents).toHaveLength(12);
    expect(rents.slice(1).map((p) => p.dueDay)).toEqual([
      '2027-01-01', '2027-02-01', '2027-03-01', '2027-04-01', '2027-05-01', '2027-06-01', '2027-07-01', '2027-08-01', '2027-09-01', '2027-10-01', '2027-11-01',
    ]);
    expect(rents.every((p) => !p.prorated && p.amountCents === 1_050_000)).toBe(true);
    expect(rents.at(-1)!.to).toBe('2027-11-30');
  });

  it('no deposit when the offer asks for 0 months', () => {
    const s = buildRentSchedule({ ...base, depositMonths: 0, firstDay: '2026-12-01', lastDay: '2026-12-31' });
    expect(s.map((p) => p.ttype)).toEqual(['rent']);
  });

  it('a lease from the 31st pays on the last day of shorter months (non-leap February: 28)', () => {
    const s = buildRentSchedule({ ...base, firstDay: '2027-01-31', lastDay: '2027-07-30' }).filter((p) => p.ttype === 'rent');
    expect(s.map((p) => p.from)).toEqual(['2027-01-31', '2027-02-28', '2027-03-31', '2027-04-30', '2027-05-31', '2027-06-30']);
    expect(s.map((p) => p.to)).toEqual(['2027-02-27', '2027-03-30', '2027-04-29', '2027-05-30', '2027-06-29', '2027-07-30']);
    expect(s.every((p) => !p.prorated)).toBe(true);
  });

  it('leap years: February 29', () => {
    expect(addMonthsClamped('2028-01-31', 1)).toBe('2028-02-29');
    expect(addMonthsClamped('2028-01-29', 1)).toBe('2028-02-29');
    expect(addMonthsClamped('2027-01-29', 1)).toBe('2027-02-28');
    expect(addMonthsClamped('2028-02-29', 12)).toBe('2029-02-28');
    expect(addMonthsClamped('2026-12-30', 2)).toBe('2027-02-28');
    expect(addMonthsClamped('2026-11-30', 1)).toBe('2026-12-30');
  });

  it('a 30th of the month lease keeps the 30th after February', () => {
    const s = buildRentSchedule({ ...base, firstDay: '2027-12-30', lastDay: '2028-04-29' }).filter((p) => p.ttype === 'rent');
    expect(s.map((p) => p.from)).toEqual(['2027-12-30', '2028-01-30', '2028-02-29', '2028-03-30']);
  });

  it('a short last period is prorated by days of that period, rounded to the centavo', () => {
    const s = buildRentSchedule({ ...base, price: 9_999, maintenanceFee: 0, firstDay: '2027-01-01', lastDay: '2027-02-10' }).filter((p) => p.ttype === 'rent');
    expect(s).toHaveLength(2);
    expect(s[1]).toMatchObject({ from: '2027-02-01', to: '2027-02-10', prorated: true, dueDay: '2027-02-01' });
    // 999,900 × 10 / 28 = 357,107.14… → 357,107
    expect(s[1]!.amountCents).toBe(357_107);
  });

  it('one extra day after whole months is one day of a 31-day month', () => {
    const s = buildRentSchedule({ ...base, firstDay: '2026-12-01', lastDay: '2027-01-01' }).filter((p) => p.ttype === 'rent');
    expect(s.map((p) => [p.from, p.to, p.prorated])).toEqual([['2026-12-01', '2026-12-31', false], ['2027-01-01', '2027-01-01', true]]);
    expect(s[1]!.amountCents).toBe(prorateCents(1_050_000, 1, 31));
    expect(s[1]!.amountCents).toBe(33_871); // 1,050,000 / 31 = 33,870.97
  });

  it('rounds halves up and never uses floats', () => {
    expect(prorateCents(3, 1, 2)).toBe(2); // 1.5 → 2
    expect(prorateCents(5, 1, 4)).toBe(1); // 1.25 → 1
    expect(prorateCents(100_000_000, 29, 29)).toBe(100_000_000);
  });

  it('the total of the rents equals the months plus the prorated part', () => {
    const s = buildRentSchedule({ ...base, firstDay: '2026-12-15', lastDay: '2028-12-20' }).filter((p) => p.ttype === 'rent');
    expect(s.filter((p) => !p.prorated)).toHaveLength(24);
    expect(s.at(-1)).toMatchObject({ from: '2028-12-15', to: '2028-12-20', prorated: true, amountCents: prorateCents(1_050_000, 6, 31) });
  });

  it('refuses impossible terms', () => {
    expect(() => buildRentSchedule({ ...base, firstDay: '2027-02-30', lastDay: '2027-05-01' })).toThrow();
    expect(() => buildRentSchedule({ ...base, firstDay: '2027-05-01', lastDay: '2027-04-01' })).toThrow();
    expect(() => buildRentSchedule({ ...base, price: 0, maintenanceFee: 0, firstDay: '2027-01-01', lastDay: '2027-04-01' })).toThrow();
    expect(() => buildRentSchedule({ ...base, price: 10.5, firstDay: '2027-01-01', lastDay: '2027-04-01' })).toThrow();
  });
});
