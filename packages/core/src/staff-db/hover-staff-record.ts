import { PAYMENTS_MESSAGES, PROPERTY_TYPE_LABELS, STAFF_DB_COLUMNS, STAFF_DB_MESSAGES as M, type StaffDbHover, type StaffDbTable, type StaffDbValue } from '@nj/contracts';
import type { Database } from '@nj/db';
import type { RateLimiter } from '../accounts/rate-limiter.ts';
import { AppError } from '../errors/app-error.ts';
import { authorize, ownCuid } from '../policies/policy.ts';
import type { Actor } from '../policies/actor.ts';
import { staffPolicy } from '../policies/ticket.ts';
import { presentStaffRow } from './present-staff-row.ts';
import { staffDbRepository } from './staff-db-repository.ts';
import { requireStaffNotLimited } from './staff-rate-limits.ts';

/** An amount in its currency; a currency code Intl does not know (the column has no CHECK) reads as number + code. */
const money = (n: number, currency = 'MXN') => {
  try {
    return new Intl.NumberFormat('es-MX', { style: 'currency', currency: currency.toUpperCase(), maximumFractionDigits: 2 }).format(n);
  } catch {
    return `${new Intl.NumberFormat('es-MX', { maximumFractionDigits: 2 }).format(n)} ${currency.toUpperCase()}`;
  }
};
const labelOf = (table: StaffDbTable, key: string) => STAFF_DB_COLUMNS[table].find((c) => c.key === key)?.label ?? key;
const text = (v: StaffDbValue | undefined): string => (v === null || v === undefined || v === '' ? M.none : typeof v === 'boolean' ? (v ? M.yes : M.no) : Array.isArray(v) ? (v.join(', ') || M.none) : String(v));
const day = (v: StaffDbValue | undefined) => (typeof v === 'string' ? v.slice(0, 10) : M.none);

/**
 * A record's short summary for the view's hover cards (spec 03 §7 GET /v1/tickets/db/hover?uid&rtable; §6 'hover
 * info'): a title and a few labelled lines in Spanish. Clients: e-mail, phone, sign-up day, agent, verifications,
 * privileges, listings owned. Properties: code, type, colonia and municipality, prices, active, owner, folio.
 * Transactions: type, status, amount (MXN), due day, client, rent, concept.
 * @throws AppError UNAUTHORIZED / FORBIDDEN (support users only); NOT_FOUND 'No encontramos ese registro'; RATE_LIMITED
 */
export async function hoverStaffRecord(
  deps: { database: Database; limiter: RateLimiter },
  input: { actor: Actor; rtable: StaffDbTable; uid: string },
): Promise<StaffDbHover> {
  authorize(input.actor, staffPolicy, 'hover');
  await requireStaffNotLimited(deps.limiter, 'read', ownCuid(input.actor));
  const raw = await staffDbRepository.findOne(deps.database, input.rtable, input.uid);
  if (!raw) throw new AppError('NOT_FOUND', M.recordNotFound);
  const r = presentStaffRow(input.rtable, raw);
  const line = (key: string, value: string) => ({ label: labelOf(input.rtable, key), value });
  if (input.rtable === 'clients') {
    const verified = [r.is_email_verified && labelOf('clients', 'email'), r.is_phone_verified && labelOf('clients', 'phone'), r.is_identity_verified && 'INE']
      .filter(Boolean).join(', ');
    return {
      rtable: 'clients', uid: input.uid, title: text(r.nickname ?? r.email ?? input.uid),
      lines: [
        line('email', text(r.email)), line('phone', text(r.phone)), line('created_at', day(r.created_at)), line('is_agent', text(r.is_agent)),
        { label: 'Verificado', value: verified || M.none }, line('privileges', text(r.privileges)),
        { label: 'Propiedades', value: String(await staffDbRepository.listingCount(deps.database, input.uid)) },
      ],
    };
  }
  if (input.rtable === 'properties') {
    const owner = await staffDbRepository.clientName(deps.database, typeof r.owner_cuid === 'string' ? r.owner_cuid : null);
    const place = [r.neighborhood, r.municipality].filter((v) => typeof v === 'string' && v).join(', ');
    const lines = [line('nj_uid', `NJ-${String(r.nj_uid).toUpperCase()}`), line('property_type', PROPERTY_TYPE_LABELS[r.property_type as keyof typeof PROPERTY_TYPE_LABELS] ?? text(r.property_type)), line('neighborhood', place || M.none)];
    if (r.is_renta && typeof r.rent_price === 'number') lines.push(line('rent_price', money(r.rent_price, String(r.rent_currency ?? 'mxn'))));
    if (r.is_venta && typeof r.sale_price === 'number') lines.push(line('sale_price', money(r.sale_price, String(r.sale_currency ?? 'mxn'))));
    lines.push(line('is_active', text(r.is_active)), line('owner_cuid', owner ?? text(r.owner_cuid)), line('folio_gob_mx', text(r.folio_gob_mx)));
    return { rtable: 'properties', uid: input.uid, title: text(r.title), lines };
  }
  const type = PAYMENTS_MESSAGES.typeLabels[r.ttype as keyof typeof PAYMENTS_MESSAGES.typeLabels] ?? text(r.ttype);
  const status = PAYMENTS_MESSAGES.statusLabels[r.tstatus as keyof typeof PAYMENTS_MESSAGES.statusLabels] ?? text(r.tstatus);
  const client = await staffDbRepository.clientName(deps.database, typeof r.cuid === 'string' ? r.cuid : null);
  return {
    rtable: 'transactions', uid: input.uid, title: `${type} · ${status}`,
    lines: [
      line('amount_cents', money(Number(r.amount_cents ?? 0) / 100)), line('tstatus', status), line('duedate', text(r.duedate)),
      line('cuid', client ?? text(r.cuid)), line('ruid', text(r.ruid)), line('description', text(r.description)),
    ],
  };
}
