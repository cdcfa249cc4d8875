import { sql } from 'kysely';
import { PDFDocument, StandardFonts, rgb } from 'pdf-lib';
import type { Database } from '@nj/db';
import { PAYMENTS_MESSAGES as M } from '@nj/contracts';
import { AppError } from '../errors/app-error.ts';
import type { Actor } from '../policies/actor.ts';
import { transactionsRepository } from './transactions-repository.ts';

/** Formats centavos MXN as `$1,234.50 MXN` (integer arithmetic, no float rounding). */
export function formatCents(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  const pesos = Math.floor(abs / 100).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${sign}$${pesos}.${String(abs % 100).padStart(2, '0')} MXN`;
}

/** Text the standard PDF font (WinAnsi) can draw: drops characters outside Latin-1. */
const latin = (s: string) => s.replace(/[^\x20-\x7e\xa0-\xff]/g, '');

/**
 * GET /api/v1/client/payments/{tuid}/receipt: the receipt PDF (pdf-lib, one page) of a completed transaction:
 * folio (tuid), payer, concept, amount, e-money part, the rest and its method, payment date. Only the parties read
 * it: the payer and, for rent types (rent, safe_deposit) of a rent, the rent's owner.
 * @returns the PDF bytes and a file name
 * @throws AppError UNAUTHORIZED (not signed in), NOT_FOUND M.receiptNotFound (unknown or not a party),
 *   CONFLICT M.receiptNotCompleted (not completed yet)
 */
export async function buildPaymentReceipt(deps: { database: Database }, input: { actor: Actor; tuid: string }): Promise<{ pdf: Uint8Array; fileName: string }> {
  if (input.actor.kind !== 'registered') throw new AppError('UNAUTHORIZED');
  const tx = await transactionsRepository.findByTuid(deps.database, input.tuid);
  if (!tx) throw new AppError('NOT_FOUND', M.receiptNotFound);
  const rent = tx.ruid ? (await sql<{ owner_cuid: string }>`SELECT owner_cuid FROM rents WHERE ruid = ${tx.ruid}`.execute(deps.database.db)).rows[0] : undefined;
  const isOwner = !!rent && (tx.ttype === 'rent' || tx.ttype === 'safe_deposit') && rent.owner_cuid === input.actor.cuid;
  if (tx.cuid !== input.actor.cuid && !isOwner) throw new AppError('NOT_FOUND', M.receiptNotFound);
  if (tx.tstatus !== 'completed') throw new AppError('CONFLICT', M.receiptNotCompleted);
  const names = await sql<{ cuid: string; name: string | null; email: string | null }>`
    SELECT cuid, nickname AS name, email FROM clients WHERE cuid IN (${tx.cuid}, ${rent?.owner_cuid ?? tx.cuid})`.execute(deps.database.db);
  const nameOf = (cuid: string) => { const r = names.rows.find((n) => n.cuid === cuid); return r?.name ?? r?.email ?? cuid; };

  const doc = await PDFDocument.create();
  doc.setTitle(M.receiptTitle);
  const page = doc.addPage([595, 842]);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  let y = 780;
  page.drawText(latin(M.receiptTitle), { x: 56, y, size: 20, font: bold, color: rgb(0.1, 0.1, 0.1) });
  y -= 40;
  const F = M.receiptFields;
  const rows: Array<[string, string]> = [
    [F.folio, tx.tuid], [F.payer, nameOf(tx.cuid)], [F.concept, tx.description ?? M.typeLabels[tx.ttype]],
    ...(rent && (tx.ttype === 'rent' || tx.ttype === 'safe_deposit') ? [[F.owner, nameOf(rent.owner_cuid)] as [string, string]] : []),
    [F.amount, formatCents(tx.amountCents)], [F.emoney, formatCents(tx.emoneyUsedCents)],
    [F.provider, formatCents(tx.amountCents - tx.emoneyUsedCents)],
    [F.method, tx.paymentMethod ? (M.methodLabels as Record<string, string>)[tx.paymentMethod] ?? tx.paymentMethod : '-'],
    [F.date, (tx.paidAt ?? tx.createdAt).toISOString().slice(0, 16).replace('T', ' ') + ' UTC'],
  ];
  for (const [label, value] of rows) {
    page.drawText(latin(label), { x: 56, y, size: 11, font: bold });
    page.drawText(latin(value), { x: 230, y, size: 11, font });
    y -= 24;
  }
  page.drawText(latin(M.receiptFooter), { x: 56, y: y - 20, size: 9, font, color: rgb(0.35, 0.35, 0.35), maxWidth: 480 });
  return { pdf: await doc.save(), fileName: `comprobante-${tx.tuid.slice(0, 8)}.pdf` };
}
