import { NEO_LEGAL_FEE_MXN, OFFER_LIMITS, OFFER_MESSAGES as M, RENT_TYPES, type TOfferKey } from '@nj/contracts';

/** The proposal's terms as stored (amounts MXN a month; dates 'YYYY-MM-DD'). */
export type OfferTerms = {
  price: number | null; maintenance_fee: number; warranty_deposit: number;
  plan: 'basic' | 'neo' | null; rent_type: 'solo' | 'joint'; first_day: string | null; last_day: string | null;
};

/** A checked value for one key, or the Spanish message saying what is wrong with it. */
export type CheckedValue = { ok: true; value: number | string } | { ok: false; msg: string };

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** 'YYYY-MM-DD' of a real calendar day → days since 1970-01-01 (UTC); null otherwise. */
export function dayNumber(text: string): number | null {
  const m = DATE.exec(text);
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const t = Date.UTC(y, mo - 1, d);
  const back = new Date(t);
  if (back.getUTCFullYear() !== y || back.getUTCMonth() !== mo - 1 || back.getUTCDate() !== d) return null;
  return t / 86_400_000;
}

/** `day` (days since 1970-01-01) plus `months` calendar months, clamped to the month's last day. */
function addMonths(day: number, months: number): number {
  const d = new Date(day * 86_400_000);
  const target = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + months, 1));
  const last = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  return Date.UTC(target.getUTCFullYear(), target.getUTCMonth(), Math.min(d.getUTCDate(), last)) / 86_400_000;
}

/** Money as the form sends it: a number, or digits with thousands separators ('17,900'); empty → 0 (spec 03 §5). */
function money(value: unknown): number | null {
  if (typeof value === 'number') return Number.isInteger(value) && value >= 0 ? value : null;
  if (typeof value !== 'string') return value === null ? 0 : null;
  const digits = value.replace(/[\s,$]/g, '');
  if (digits === '') return 0;
  return /^\d{1,9}$/.test(digits) ? Number(digits) : null;
}

/**
 * Checks one proposal field against the others (issue 12 'The proposal'; spec 03 §5 money inputs: digits only,
 * empty is 0). `today` is the day number of today in Mexico City. Rules: price 500–1,000,000 MXN a month;
 * maintenance 0 up to less than the rent; deposit 0–6 whole months; rent type solo or joint; first day from today to
 * a year ahead; last day at least a calendar month after the first day and at most 5 years after it.
 * @returns the value to store, or the message for the field
 */
export function checkOfferValue(key: TOfferKey, raw: unknown, terms: OfferTerms, today: number): CheckedValue {
  switch (key) {
    case 'price': {
      const v = money(raw);
      return v !== null && v >= OFFER_LIMITS.minRent && v <= OFFER_LIMITS.maxRent ? { ok: true, value: v } : { ok: false, msg: M.priceInvalid };
    }
    case 'maintenance_fee': {
      const v = money(raw);
      return v !== null && (terms.price === null || v < terms.price) ? { ok: true, value: v } : { ok: false, msg: M.maintenanceInvalid };
    }
    case 'warranty_deposit': {
      const v = money(raw);
      return v !== null && v <= OFFER_LIMITS.maxDepositMonths ? { ok: true, value: v } : { ok: false, msg: M.depositInvalid };
    }
    case 'rent_type':
      return typeof raw === 'string' && (RENT_TYPES as readonly string[]).includes(raw) ? { ok: true, value: raw } : { ok: false, msg: M.rentTypeInvalid };
    case 'first_day': {
      const day = typeof raw === 'string' ? dayNumber(raw) : null;
      if (day === null) return { ok: false, msg: M.dateInvalid };
      if (day < today || day > addMonths(today, 12)) return { ok: false, msg: M.firstDayPast };
      return { ok: true, value: raw as string };
    }
    case 'last_day': {
      const day = typeof raw === 'string' ? dayNumber(raw) : null;
      if (day === null) return { ok: false, msg: M.dateInvalid };
      const first = terms.first_day === null ? today : dayNumber(terms.first_day)!;
      if (day < addMonths(first, 1)) return { ok: false, msg: M.lastDayBeforeFirst };
      if (day > addMonths(first, 12 * OFFER_LIMITS.maxYears)) return { ok: false, msg: M.lastDayTooFar };
      return { ok: true, value: raw as string };
    }
  }
}

/**
 * The fields still missing before a proposal can be sent (key → Spanish message), in the order of the form; empty
 * when it can be sent. A last day that no longer fits a changed first day counts as missing.
 */
export function missingOfferFields(terms: OfferTerms, today: number): Record<string, string> {
  const missing: Record<string, string> = {};
  if (terms.price === null) missing.price = M.missingFields.price;
  if (terms.first_day === null || !checkOfferValue('first_day', terms.first_day, terms, today).ok) missing.first_day = M.missingFields.first_day;
  if (terms.last_day === null || !checkOfferValue('last_day', terms.last_day, terms, today).ok) missing.last_day = M.missingFields.last_day;
  if (terms.plan === null) missing.plan = M.missingFields.plan;
  return missing;
}

/** The deposit in MXN: months × (rent + maintenance); null without a rent. */
export function depositAmount(terms: OfferTerms): number | null {
  return terms.price === null ? null : terms.warranty_deposit * (terms.price + terms.maintenance_fee);
}

/** The neo plan's one-time legal-justice fee in MXN (0 for basic or no plan). */
export function neoFee(terms: OfferTerms): number {
  return terms.plan === 'neo' ? NEO_LEGAL_FEE_MXN : 0;
}

/** Today's day number in Mexico City (the proposal's dates are local calendar days). */
export function todayInMexico(now: Date = new Date()): number {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Mexico_City', year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
  return dayNumber(parts)!;
}
