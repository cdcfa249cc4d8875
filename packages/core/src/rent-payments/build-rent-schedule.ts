/**
 * The payment schedule of a lease (issue 13 'Payments'; spec 03 §3 Rent price, maintenance_fee, warranty_deposit,
 * first_day, last_day and Transaction types `safe_deposit`, `rent`; decision 024). Pure: no clock, no database.
 *
 * Rules:
 * - Monthly payment = (price + maintenance_fee) whole MXN → centavos.
 * - The first payment is due on `startDay` (the day the contract is signed, Mexico City): the deposit
 *   (`safe_deposit` = warranty_deposit months × monthly payment; none when 0 months) and the first period's `rent`.
 * - Period k (k = 0, 1, …) starts on first_day plus k calendar months, on first_day's day of the month clamped to the
 *   month's last day (31 → 30, 28 or 29 in a leap year); each later period's rent is due on its start day. Months
 *   are always counted from first_day, so a lease starting the 31st pays on Jan 31, Feb 28/29, Mar 31, Apr 30, …
 * - The lease covers first_day..last_day inclusive. A last period cut short by last_day is prorated by days:
 *   monthly × covered days / days of that period, rounded to the nearest centavo (halves up); a period of 0 days
 *   is not charged.
 */

/** One payment of the schedule: amount in integer centavos MXN; `dueDay` and the period as 'YYYY-MM-DD' (Mexico City). */
export type ScheduledPayment = {
  ttype: 'safe_deposit' | 'rent';
  amountCents: number;
  dueDay: string;
  /** 0 for the deposit and the first month (paid together), then 1, 2, … */
  period: number;
  /** Period covered ('YYYY-MM-DD', inclusive); for the deposit, the whole lease. */
  from: string;
  to: string;
  /** True when the period is shorter than a month (last period cut by last_day). */
  prorated: boolean;
};

/** The accepted offer's terms the schedule needs: whole MXN a month, deposit months, lease days 'YYYY-MM-DD'. */
export type ScheduleTerms = {
  price: number; maintenanceFee: number; depositMonths: number; firstDay: string; lastDay: string;
  /** Day the first payment is due ('YYYY-MM-DD', Mexico City): normally the signing day. */
  startDay: string;
};

const DAY_MS = 86_400_000;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** 'YYYY-MM-DD' → days since 1970-01-01. @throws Error when not a real calendar day */
export function toDayNumber(day: string): number {
  const m = DATE.exec(day);
  if (!m) throw new Error(`not a date: ${day}`);
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const t = Date.UTC(y, mo - 1, d);
  const back = new Date(t);
  if (back.getUTCFullYear() !== y || back.getUTCMonth() !== mo - 1 || back.getUTCDate() !== d) throw new Error(`not a date: ${day}`);
  return t / DAY_MS;
}

/** Days since 1970-01-01 → 'YYYY-MM-DD'. */
export function fromDayNumber(n: number): string {
  return new Date(n * DAY_MS).toISOString().slice(0, 10);
}

/** `day` plus `months` calendar months on the same day of the month, clamped to the target month's last day. */
export function addMonthsClamped(day: string, months: number): string {
  const d = new Date(toDayNumber(day) * DAY_MS);
  const year = d.getUTCFullYear();
  const month = d.getUTCMonth() + months;
  const last = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return fromDayNumber(Date.UTC(year, month, Math.min(d.getUTCDate(), last)) / DAY_MS);
}

/** monthlyCents × covered / periodDays rounded to the nearest centavo, halves up (integer arithmetic, no floats). */
export function prorateCents(monthlyCents: number, covered: number, periodDays: number): number {
  return Math.floor((2 * monthlyCents * covered + periodDays) / (2 * periodDays));
}

/**
 * Builds the lease's schedule (rules in this file's header).
 * @returns the payments in due order: [deposit?, first rent, rent 2, …]
 * @throws Error when a day is not a real date, last_day is before first_day, or amounts are not whole non-negative
 *   MXN with a positive monthly payment (the offer's rules make these impossible; a programming error)
 */
export function buildRentSchedule(terms: ScheduleTerms): ScheduledPayment[] {
  const { price, maintenanceFee, depositMonths } = terms;
  for (const v of [price, maintenanceFee, depositMonths]) {
    if (!Number.isSafeInteger(v) || v < 0) throw new Error(`schedule amounts must be whole non-negative numbers, got ${v}`);
  }
  const monthlyCents = (price + maintenanceFee) * 100;
  if (monthlyCents <= 0) throw new Error('schedule needs a positive monthly payment');
  const first = toDayNumber(terms.firstDay);
  const last = toDayNumber(terms.lastDay);
  toDayNumber(terms.startDay);
  if (last < first) throw new Error('last_day is before first_day');

  const payments: ScheduledPayment[] = [];
  if (depositMonths > 0) {
    payments.push({
      ttype: 'safe_deposit', amountCents: depositMonths * monthlyCents, dueDay: terms.startDay, period: 0,
      from: terms.firstDay, to: terms.lastDay, prorated: false,
    });
  }
  for (let k = 0; ; k++) {
    const from = toDayNumber(addMonthsClamped(terms.firstDay, k));
    if (from > last) break;
    const next = toDayNumber(addMonthsClamped(terms.firstDay, k + 1));
    const to = Math.min(next - 1, last);
    const covered = to - from + 1;
    const full = to === next - 1;
    const amountCents = full ? monthlyCents : prorateCents(monthlyCents, covered, next - from);
    if (amountCents <= 0) continue;
    payments.push({
      ttype: 'rent', amountCents, dueDay: k === 0 ? terms.startDay : fromDayNumber(from),
      period: k, from: fromDayNumber(from), to: fromDayNumber(to), prorated: !full,
    });
  }
  return payments;
}
