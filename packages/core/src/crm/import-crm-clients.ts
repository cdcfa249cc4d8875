import type { Database } from '@nj/db';
import { openTable } from '@nj/db/import/read-table';
import { CRM_LIMITS, CRM_MESSAGES as M, CRM_STATUS_LABELS, CRM_TYPE_LABELS, ZCrmClientBody, type TCrmImportResult } from '@nj/contracts';
import { AppError } from '../errors/app-error.ts';
import type { Actor } from '../policies/actor.ts';
import { crmRepository, type NewCrmClient } from './crm-repository.ts';
import { resolveCrmScope } from './crm-scope.ts';
import { newCrmUid } from './crm-ids.ts';

/** Lower case, no accents, single spaces: how headers and vocabulary words are compared. */
const fold = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().trim().replace(/[\s_-]+/g, ' ');

/** Header words accepted for each field (Spanish first, the English of common exports after). */
const HEADERS: Record<'name' | 'email' | 'phone' | 'status' | 'type', string[]> = {
  name: ['nombre', 'nombre completo', 'cliente', 'name', 'full name'],
  email: ['correo', 'correo electronico', 'email', 'e mail', 'mail'],
  phone: ['telefono', 'celular', 'movil', 'whatsapp', 'phone', 'mobile'],
  status: ['estado', 'estatus', 'status'],
  type: ['tipo', 'tipo de cliente', 'type'],
};

/** A vocabulary word from its value or its label, folded ('En negociación' → 'en_negociacion'); '' stays undefined. */
function word<T extends string>(cell: string | undefined, labels: Record<T, string>): string | undefined {
  if (!cell?.trim()) return undefined;
  const f = fold(cell);
  const hit = (Object.keys(labels) as T[]).find((k) => fold(k) === f || fold(labels[k]) === f);
  return hit ?? cell.trim();
}

/**
 * POST /v1/crm/clients/import `{ csv }` (issue 16 'import of clients from CSV'): reads the CSV with the listings
 * importer's reader (`openTable`: ',', ';' or tab, quotes, BOM, UTF-8 or Windows-1252), maps the header (nombre
 * required; correo, telefono, estado, tipo optional; accents and case ignored; states and types by value or label),
 * validates every row like POST /v1/crm/clients and inserts the good ones in one transaction, assigned to the
 * importer. Rows with errors are reported in Spanish by line ('Fila 3: El correo electrónico no es válido') and
 * skipped. At most 512 KB and 2,000 rows.
 * @returns `{ imported, errors: [{ line, msg }] }`
 * @throws AppError UNAUTHORIZED; FORBIDDEN 'El CRM es para asesores…'; BAD_REQUEST for a file that is no table
 *   (the importer's Spanish texts), over the limits, or without a name column
 */
export async function importCrmClients(database: Database, input: { actor: Actor; csv: string }): Promise<TCrmImportResult> {
  const scope = await resolveCrmScope(database, input.actor);
  const bytes = new TextEncoder().encode(input.csv);
  if (bytes.length > CRM_LIMITS.csvMaxBytes) throw new AppError('BAD_REQUEST', M.csvTooLarge);
  const table = await openTable({ bytes, name: 'clientes.csv' }, { maxBytes: CRM_LIMITS.csvMaxBytes, maxRows: CRM_LIMITS.csvMaxRows, maxColumns: 100, maxCellBytes: 4096 });
  const header = table.header.map(fold);
  const col = Object.fromEntries(Object.entries(HEADERS).map(([k, words]) => [k, header.findIndex((h) => words.includes(h))])) as Record<keyof typeof HEADERS, number>;
  if (col.name < 0) throw new AppError('BAD_REQUEST', M.csvNoName);
  const cell = (cells: string[], i: number) => (i < 0 ? undefined : cells[i]);
  const good: NewCrmClient[] = [];
  const errors: TCrmImportResult['errors'] = [];
  for await (const row of table.rows()) {
    const parsed = ZCrmClientBody.safeParse({
      name: cell(row.cells, col.name) ?? '',
      email: cell(row.cells, col.email)?.trim() || undefined,
      phone: cell(row.cells, col.phone)?.trim() || undefined,
      status: word(cell(row.cells, col.status), CRM_STATUS_LABELS),
      type: word(cell(row.cells, col.type), CRM_TYPE_LABELS),
    });
    if (!parsed.success) {
      errors.push({ line: row.line, msg: M.rowError(row.line, parsed.error.issues[0]?.message ?? M.nameInvalid) });
      continue;
    }
    const f = parsed.data;
    good.push({
      uid: newCrmUid(), auid: scope.auid, owner_cuid: scope.cuid, name: f.name, email: f.email ?? null, phone: f.phone ?? null,
      status: f.status, type: f.type, compliant: f.compliant, assigned_to: scope.cuid, linked_cuid: null, source_ref: null,
    });
  }
  await database.db.transaction().execute(async (trx) => {
    for (const row of good) await crmRepository.insert(trx, row);
  });
  return { imported: good.length, errors };
}
