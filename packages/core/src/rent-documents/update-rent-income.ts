import { DOCUMENT_MESSAGES as M, INCOME_BOUNDS, type TRentIncome, type UpdateIncomeBody } from '@nj/contracts';
import type { Database } from '@nj/db';
import { AppError } from '../errors/app-error.ts';
import type { Actor } from '../policies/actor.ts';
import { normalizePhone } from '../verification/normalize-phone.ts';
import { loadRentForPerson } from './rent-person-access.ts';

type IncomeColumn = keyof TRentIncome;

/** Whole pesos from what a person typed: digits with separators (1,500 / 1 500 / $1,500.00); '' → null. */
export function parseWholePesos(value: number | string): number | null {
  if (typeof value === 'number') {
    if (!Number.isInteger(value) || value < 0 || value > INCOME_BOUNDS.maxTotalIncome) throw new Error('bad');
    return value;
  }
  const typed = value.trim().replace(/^\$\s*/, '').replace(/(\.0{1,2})$/, '');
  if (typed === '') return null;
  if (!/^\d{1,3}([, ]?\d{3})*$|^\d+$/.test(typed)) throw new Error('bad');
  const pesos = Number(typed.replace(/[, ]/g, ''));
  if (!Number.isSafeInteger(pesos) || pesos > INCOME_BOUNDS.maxTotalIncome) throw new Error('bad');
  return pesos;
}

/** A company web page as an absolute http(s) URL ('empresa.com.mx' gains https://); '' → null. */
export function parseWebpage(value: string): string | null {
  const typed = value.trim();
  if (typed === '') return null;
  const url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(typed) ? typed : `https://${typed}`);
  if ((url.protocol !== 'https:' && url.protocol !== 'http:') || !/^[a-z0-9-]+(\.[a-z0-9-]+)+$/i.test(url.hostname) || url.username || url.password) throw new Error('bad');
  const href = url.href;
  if (href.length > INCOME_BOUNDS.maxWebpage) throw new Error('bad');
  return href;
}

/**
 * Saves any of the income data of rent `ruid` (issue 12 'The proposal'; spec 03 §3 Rent total_income,
 * work_company_name, work_company_phone_number, work_company_webpage): the renter only, only in
 * client_offer_in_process (as update-person-field). total_income: whole MXN (digits, separators allowed, up to 100
 * million); the company name: 1–120 characters; the phone: a valid Mexican number (libphonenumber-js; stored
 * E.164); the web page: an http(s) URL (https:// added when missing). An empty string clears a field. Every field
 * is checked before anything is written: one wrong field changes nothing.
 * @returns the rent's income data, refreshed
 * @throws AppError BAD_REQUEST with `fields` naming each wrong field, or 'No hay datos de ingresos que guardar';
 *   UNAUTHORIZED; NOT_FOUND for a stranger; FORBIDDEN for the owner; CONFLICT outside client_offer_in_process
 */
export async function updateRentIncome(database: Database, input: { actor: Actor; ruid: string; body: UpdateIncomeBody }): Promise<TRentIncome> {
  const rent = await loadRentForPerson(database, input.actor, input.ruid, 'renter');
  const { body } = input;
  const values: Partial<Record<IncomeColumn, string | number | null>> = {};
  const fields: Record<string, string> = {};
  const check = (column: IncomeColumn, msg: string, parse: () => string | number | null) => {
    try {
      values[column] = parse();
    } catch {
      fields[column] = msg;
    }
  };
  if (body.total_income !== undefined) check('total_income', M.totalIncomeInvalid, () => parseWholePesos(body.total_income!));
  if (body.work_company_name !== undefined) {
    check('work_company_name', M.companyNameInvalid, () => {
      const name = body.work_company_name!.trim().replace(/\s+/g, ' ');
      if (name.length > INCOME_BOUNDS.maxCompanyName || /[\u0000-\u001f\u007f<>]/.test(name)) throw new Error('bad');
      return name || null;
    });
  }
  if (body.work_company_phone_number !== undefined) {
    check('work_company_phone_number', M.companyPhoneInvalid, () => {
      if (body.work_company_phone_number!.trim() === '') return null;
      const phone = normalizePhone(body.work_company_phone_number!, '+52');
      if (phone.phoneCountryCode !== '+52') throw new Error('bad');
      return phone.e164;
    });
  }
  if (body.work_company_webpage !== undefined) check('work_company_webpage', M.companyWebpageInvalid, () => parseWebpage(body.work_company_webpage!));
  const wrong = Object.keys(fields);
  if (wrong.length > 0) throw new AppError('BAD_REQUEST', fields[wrong[0]!]!, fields);
  if (Object.keys(values).length === 0) throw new AppError('BAD_REQUEST', M.incomeNothingToSave);
  await database.db.updateTable('rents').set({ ...values, updated_at: new Date() } as never).where('ruid', '=', rent.ruid).execute();
  return readRentIncome(database, rent.ruid);
}

/** The income data of rent `ruid` as stored (no authorization: callers check it). */
export async function readRentIncome(database: Database, ruid: string): Promise<TRentIncome> {
  const row = await database.db.selectFrom('rents')
    .select(['total_income', 'work_company_name', 'work_company_phone_number', 'work_company_webpage'])
    .where('ruid', '=', ruid).executeTakeFirst();
  return {
    total_income: row?.total_income ?? null, work_company_name: row?.work_company_name ?? null,
    work_company_phone_number: row?.work_company_phone_number ?? null, work_company_webpage: row?.work_company_webpage ?? null,
  };
}
