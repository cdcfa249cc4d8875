import {
  DEFAULT_EXCHANGE_RATES, STAFF_DB_MESSAGES as M, STAFF_DB_TABLES, STAFF_EDIT_REASON_MAX, STAFF_EDIT_REASON_MIN, listingBoundIssues,
  staffDbColumn, type AreaUnit, type Currency, type ExchangeRates, type PriceBasis, type PropertyType, type StaffAuditEntry,
  type StaffDbTable, type StaffDbValue,
} from '@nj/contracts';
import type { Database } from '@nj/db';
import type { RateLimiter } from '../accounts/rate-limiter.ts';
import { AppError, isAppError } from '../errors/app-error.ts';
import { authorize, ownCuid } from '../policies/policy.ts';
import type { Actor } from '../policies/actor.ts';
import { staffPolicy } from '../policies/ticket.ts';
import { dueInstant } from '../rent-payments/start-rent-payments.ts';
import { convertStaffValue, type StaffValue } from './convert-staff-value.ts';
import { presentAuditEntry, presentStaffValue } from './present-staff-row.ts';
import { staffDbRepository, type StaffDbRawRow } from './staff-db-repository.ts';
import { requireStaffNotLimited } from './staff-rate-limits.ts';
import { writeStaffAudit } from './write-staff-audit.ts';

/** What an edit answers: the column's value before and after (as the view shows them) and the audit row. */
export type StaffEditResult = {
  rtable: StaffDbTable; rkey: string; rcolumn: string; old_value: StaffDbValue; new_value: StaffDbValue; audit: StaffAuditEntry;
};

/** The PostgreSQL error class of `e` ('22' data exception, '23' integrity constraint…), when it has one. */
function sqlStateClass(e: unknown): string | null {
  const code = (e as { code?: unknown } | null)?.code;
  return typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) ? code.slice(0, 2) : null;
}

/**
 * The rules of the product for the column beyond its type (decision 026), on the locked row:
 * - properties.rent_price / sale_price: the listing must be in rent / for sale, and the price within the publish
 *   form's plausibility bounds (listingBoundIssues: MXN ranges per type, converted with the exchange rates, a
 *   price per m²/ha × area, maintenance below the rent); monthly_maintenance_fee below the monthly rent;
 * - transactions.duedate: only while the transaction is pending. The status is not editable here: a payment's
 *   status moves with its checkout and e-money (the payments verbs), never by a bare update.
 * @throws AppError BAD_REQUEST with the rule's Spanish message
 */
async function checkRecordRules(
  trx: Parameters<typeof staffDbRepository.findOne>[0], table: StaffDbTable, column: string, value: StaffValue, row: StaffDbRawRow, rates: ExchangeRates,
): Promise<void> {
  if (table === 'properties' && ['rent_price', 'sale_price', 'monthly_maintenance_fee'].includes(column)) {
    const p = await staffDbRepository.listingPricing(trx, String(row.puid));
    if (!p) throw new AppError('NOT_FOUND', M.recordNotFound);
    if (column === 'rent_price' && !p.is_renta) throw new AppError('BAD_REQUEST', M.rentPriceWithoutRent, { newval: M.rentPriceWithoutRent });
    if (column === 'sale_price' && !p.is_venta) throw new AppError('BAD_REQUEST', M.salePriceWithoutSale, { newval: M.salePriceWithoutSale });
    const next = { ...p, [column]: value } as typeof p;
    const pricing = (on: boolean, price: number | null, currency: string, basis: string) =>
      on && price !== null ? { price: Number(price), currency_type: currency as Currency, based_on: basis as PriceBasis } : null;
    const issues = listingBoundIssues({
      property_type: p.property_type as PropertyType,
      rents: pricing(p.is_renta, next.rent_price, p.rent_currency, p.rent_based_on),
      sales: pricing(p.is_venta, next.sale_price, p.sale_currency, p.sale_based_on),
      construction_area: p.construction_area === null ? null : Number(p.construction_area),
      land: p.land_area === null ? null : { area: Number(p.land_area), unit: p.land_unit as AreaUnit },
      monthly_maintenance_fee: next.monthly_maintenance_fee === null ? null : Number(next.monthly_maintenance_fee),
      construction_year: null,
    }, rates);
    const path = column === 'rent_price' ? 'rents.price' : column === 'sale_price' ? 'sales.price' : 'monthly_maintenance_fee';
    const issue = issues.find((i) => i.path === path);
    if (issue) throw new AppError('BAD_REQUEST', issue.message, { newval: issue.message });
  }
  if (table === 'transactions' && column === 'duedate' && row.tstatus !== 'pending') {
    throw new AppError('BAD_REQUEST', M.transactionNotPending, { newval: M.transactionNotPending });
  }
}

/**
 * A support user's edit of one value in the database view (issue 14; spec 03 §3 'Staff edit request' { action
 * 'write', rtable, rkey, newval, comment }, §5, §8; decision 026). `rcolumn` must be on the allow-list
 * (STAFF_DB_COLUMNS … editable); `newval` is converted by the column's kind (int / float / bool / date / enum /
 * text, convertStaffValue) and checked with the product's rules (checkRecordRules); `comment` must be longer than 16
 * characters; `tuid`, when given, must name a ticket. The update and its audit row (who, when, table, key, column,
 * old value, new value, reason, ticket) are written in one transaction: if either fails, nothing changes.
 * @returns the value before and after (as the view shows them) and the audit row
 * @throws AppError UNAUTHORIZED / FORBIDDEN (staffPolicy 'edit'); BAD_REQUEST 'El mensaje es demasiado corto',
 *   'El id del ticket es inválido', 'Esa columna no se puede editar…', the column's conversion or rule message,
 *   'El valor nuevo es igual al actual', 'Error al editar apartado' (the database refused the value);
 *   NOT_FOUND 'No encontramos ese registro'; RATE_LIMITED (60 edits per 10 minutes per staff member)
 */
export async function editStaffRecord(
  deps: { database: Database; limiter: RateLimiter; exchangeRates?: ExchangeRates },
  input: { actor: Actor; rtable: string; rkey: string; rcolumn: string; newval: unknown; comment: string; tuid?: string | null },
): Promise<StaffEditResult> {
  authorize(input.actor, staffPolicy, 'edit');
  const staffCuid = ownCuid(input.actor);
  const reason = input.comment.trim();
  if (reason.length <= STAFF_EDIT_REASON_MIN) throw new AppError('BAD_REQUEST', M.reasonTooShort, { comment: M.reasonTooShort });
  if (reason.length > STAFF_EDIT_REASON_MAX) throw new AppError('BAD_REQUEST', M.reasonTooLong, { comment: M.reasonTooLong });
  if (!(STAFF_DB_TABLES as readonly string[]).includes(input.rtable)) throw new AppError('BAD_REQUEST', M.tableInvalid, { rtable: M.tableInvalid });
  const table = input.rtable as StaffDbTable;
  const column = staffDbColumn(table, input.rcolumn);
  if (!column?.editable) throw new AppError('BAD_REQUEST', M.columnNotEditable, { rcolumn: M.columnNotEditable });
  const value = convertStaffValue(column, input.newval);
  const rkey = input.rkey.trim();
  if (!rkey || rkey.length > 100) throw new AppError('BAD_REQUEST', M.keyInvalid, { rkey: M.keyInvalid });
  const tuid = input.tuid?.trim() || null;
  await requireStaffNotLimited(deps.limiter, 'edit', staffCuid);
  try {
    return await deps.database.db.transaction().execute(async (trx) => {
      if (tuid !== null && (tuid.length > 100 || !(await staffDbRepository.ticketExists(trx, tuid)))) {
        throw new AppError('BAD_REQUEST', M.invalidTuid, { tuid: M.invalidTuid });
      }
      const row = await staffDbRepository.findOne(trx, table, rkey, true);
      if (!row) throw new AppError('NOT_FOUND', M.recordNotFound);
      await checkRecordRules(trx, table, column.key, value, row, deps.exchangeRates ?? DEFAULT_EXCHANGE_RATES);
      const oldValue = presentStaffValue(column.kind, row[column.key]);
      const newValue = presentStaffValue(column.kind, value);
      if (JSON.stringify(oldValue) === JSON.stringify(newValue)) throw new AppError('BAD_REQUEST', M.sameValue, { newval: M.sameValue });
      const stored = column.kind === 'date' && typeof value === 'string' ? dueInstant(value) : value;
      const changed = await staffDbRepository.setColumn(trx, table, rkey, column.key, stored);
      if (changed !== 1) throw new AppError('NOT_FOUND', M.recordNotFound);
      const id = await writeStaffAudit(trx, {
        actorCuid: staffCuid, action: 'write', rtable: table, rkey, rcolumn: column.key, oldValue, newValue, reason, tuid,
      });
      const audit = presentAuditEntry(await staffDbRepository.auditRow(trx, id));
      return { rtable: table, rkey, rcolumn: column.key, old_value: oldValue, new_value: newValue, audit };
    });
  } catch (error) {
    if (isAppError(error)) throw error;
    // The database refused the value or the audit row (a check, a constraint, a bad value): nothing was written.
    const cls = sqlStateClass(error);
    if (cls === '22' || cls === '23') throw new AppError('BAD_REQUEST', M.editError);
    throw error;
  }
}
