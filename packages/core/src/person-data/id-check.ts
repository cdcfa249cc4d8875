/**
 * What a check of one identifier found. `severity: 'error'` refuses the value; `'warning'` is shown but lets it be
 * saved (a rule the authority itself does not always follow, such as the RFC check digit, or an unknown CLABE bank).
 * `msg` is the Spanish text for the field (contracts `rents/person-messages.ts`).
 */
export interface IdIssue {
  code: string;
  msg: string;
  severity: 'error' | 'warning';
}

/** The result of checking one identifier: `value` normalized (upper case, no spaces), `ok` when no issue is an error. */
export interface IdCheck<Parsed> {
  ok: boolean;
  value: string;
  issues: IdIssue[];
  /** What the identifier says, when its structure is valid. */
  parsed?: Parsed;
}

/** An issue that refuses the value: `code` (snake case, stable for tests and callers) and the Spanish `msg`. */
export const error = (code: string, msg: string): IdIssue => ({ code, msg, severity: 'error' });
/** An issue shown to the person without refusing the value. */
export const warning = (code: string, msg: string): IdIssue => ({ code, msg, severity: 'warning' });

/** The IdCheck of `value` with these issues (`ok` when none is an error) and, when given, what it says. */
export function result<P>(value: string, issues: IdIssue[], parsed?: P): IdCheck<P> {
  return { ok: !issues.some((issue) => issue.severity === 'error'), value, issues, ...(parsed ? { parsed } : {}) };
}

/** Whether year-month-day is a day of the Gregorian calendar (1990-02-29 is not). */
export function isCalendarDate(year: number, month: number, day: number): boolean {
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** 'YYYY-MM-DD' as numbers when it is a calendar date, else null. */
export function parseIsoDate(text: string | null | undefined): { year: number; month: number; day: number } | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec((text ?? '').trim());
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  return isCalendarDate(year, month, day) ? { year, month, day } : null;
}

/** year, month, day as 'YYYY-MM-DD'. */
export function isoDate(year: number, month: number, day: number): string {
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}
