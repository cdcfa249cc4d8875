import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { CONTRACT_MESSAGES as M } from '@nj/contracts';
import type { Database } from '@nj/db';
import { AppError } from '../errors/app-error.ts';
import type { ESignatureProvider, ESignSubmission } from './e-signature-provider.ts';

/** The path of the sandbox's signing page in our web app (only served with ESIGN_PROVIDER=sandbox). */
export const SANDBOX_SIGN_PATH = '/firma';

type SignerRow = { slug: string; submission_id: string; role: string; name: string; email: string; typed_name: string | null; opened_at: Date | string | null; completed_at: Date | string | null; ip: string | null };

const asDate = (v: Date | string | null) => (v === null ? null : new Date(v));

async function readSubmission(database: Database, id: string, publicUrl: string): Promise<ESignSubmission> {
  const { rows } = await sql<SignerRow>`SELECT * FROM esign_sandbox_submitters WHERE submission_id = ${id} ORDER BY role`.execute(database.db);
  if (rows.length === 0) throw new AppError('UNAVAILABLE', M.providerUnavailable);
  const done = rows.every((r) => r.completed_at !== null);
  return {
    id, status: done ? 'completed' : 'pending',
    submitters: rows.map((r) => ({
      id: r.slug, role: r.role, email: r.email, signingUrl: `${publicUrl}${SANDBOX_SIGN_PATH}/${r.slug}`,
      status: r.completed_at ? 'completed' : r.opened_at ? 'opened' : 'pending', completedAt: asDate(r.completed_at),
    })),
    signedDocumentUrl: done ? `sandbox:signed:${id}` : null,
    auditLogUrl: `sandbox:audit:${id}`,
  };
}

/** Lines of a page of plain text (Helvetica, WinAnsi: the Spanish letters are in it). */
async function appendTextPages(pdf: PDFDocument, title: string, lines: string[]): Promise<void> {
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  let page = pdf.addPage([612, 792]);
  page.drawText(title, { x: 56, y: 736, size: 13, font: bold });
  let y = 708;
  for (const line of lines) {
    if (y < 56) { page = pdf.addPage([612, 792]); y = 736; }
    page.drawText(line, { x: 56, y, size: 10, font });
    y -= 16;
  }
}

/**
 * The sandbox e-signature provider (ESIGN_PROVIDER=sandbox, the default outside production): behaves like DocuSeal
 * — a submission with one slug per submitter, each signing on their own page (`/firma/{slug}` of our web app, by
 * typing their full name and accepting), the submission completed when all signed, then a signed PDF (the document
 * plus a signatures page) and an audit trail (a PDF of every opening and signature with time and IP). Its records
 * are the tables esign_sandbox_* (migration 036).
 */
export function createSandboxESignature(deps: { database: Database; publicUrl: string }): ESignatureProvider {
  return {
    name: 'sandbox',
    async createSubmission(input) {
      const id = `sbx_${randomBytes(8).toString('hex')}`;
      await deps.database.db.transaction().execute(async (trx) => {
        await sql`INSERT INTO esign_sandbox_submissions (id, name, document) VALUES (${id}, ${input.name}, ${input.pdf})`.execute(trx);
        for (const s of input.submitters) {
          const slug = randomBytes(12).toString('base64url');
          await sql`INSERT INTO esign_sandbox_submitters (slug, submission_id, role, name, email) VALUES (${slug}, ${id}, ${s.role}, ${s.name}, ${s.email})`.execute(trx);
        }
      });
      return readSubmission(deps.database, id, deps.publicUrl);
    },
    getSubmission: (id) => readSubmission(deps.database, id, deps.publicUrl),
    async download(url) {
      const m = /^sandbox:(signed|audit):(sbx_[0-9a-f]{16})$/.exec(url);
      if (!m) throw new AppError('UNAVAILABLE', M.providerUnavailable);
      const id = m[2]!;
      const { rows: [doc] } = await sql<{ name: string; document: Uint8Array; created_at: Date | string }>`SELECT name, document, created_at FROM esign_sandbox_submissions WHERE id = ${id}`.execute(deps.database.db);
      if (!doc) throw new AppError('UNAVAILABLE', M.providerUnavailable);
      const { rows: signers } = await sql<SignerRow>`SELECT * FROM esign_sandbox_submitters WHERE submission_id = ${id} ORDER BY completed_at NULLS LAST, role`.execute(deps.database.db);
      const when = (v: Date | string | null) => (v === null ? '—' : new Date(v).toISOString());
      if (m[1] === 'signed') {
        const pdf = await PDFDocument.load(doc.document);
        await appendTextPages(pdf, 'Firmas electrónicas (sandbox)', signers.map((s) => `${M.roleLabels[s.role] ?? s.role}: ${s.typed_name ?? '—'} · ${when(s.completed_at)}`));
        return Buffer.from(await pdf.save());
      }
      const pdf = await PDFDocument.create();
      const lines = [`Documento: ${doc.name}`, `Creado: ${when(doc.created_at)}`];
      for (const s of signers) {
        lines.push(`${M.roleLabels[s.role] ?? s.role} <${s.email}>: abrió ${when(s.opened_at)}; firmó ${when(s.completed_at)} como "${s.typed_name ?? '—'}" desde ${s.ip ?? '—'}`);
      }
      await appendTextPages(pdf, 'Registro de auditoría (sandbox)', lines);
      return Buffer.from(await pdf.save());
    },
  };
}

/**
 * The sandbox signing page's data for `slug` (marks it opened).
 * @throws AppError NOT_FOUND M.signerNotFound for an unknown slug
 */
export async function getSandboxSigner(database: Database, slug: string): Promise<{ slug: string; name: string; roleLabel: string; signed: boolean; document_title: string; submissionId: string }> {
  const { rows: [row] } = await sql<SignerRow & { doc_name: string }>`
    SELECT s.*, d.name AS doc_name FROM esign_sandbox_submitters s JOIN esign_sandbox_submissions d ON d.id = s.submission_id WHERE s.slug = ${slug}`.execute(database.db);
  if (!row) throw new AppError('NOT_FOUND', M.signerNotFound);
  await sql`UPDATE esign_sandbox_submitters SET opened_at = coalesce(opened_at, now()) WHERE slug = ${slug}`.execute(database.db);
  return { slug, name: row.name, roleLabel: M.roleLabels[row.role] ?? row.role, signed: row.completed_at !== null, document_title: row.doc_name, submissionId: row.submission_id };
}

/** The sandbox submission's document (what the signing page shows). @throws AppError NOT_FOUND for an unknown slug */
export async function getSandboxDocument(database: Database, slug: string): Promise<Buffer> {
  const { rows: [row] } = await sql<{ document: Uint8Array }>`
    SELECT d.document FROM esign_sandbox_submitters s JOIN esign_sandbox_submissions d ON d.id = s.submission_id WHERE s.slug = ${slug}`.execute(database.db);
  if (!row) throw new AppError('NOT_FOUND', M.signerNotFound);
  return Buffer.from(row.document);
}

/** Words of a name compared without case, accents or extra spaces. */
const normalName = (v: string) => v.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();

/**
 * Signs the sandbox submitter `slug` as DocuSeal's signing form would: the typed full name must equal the
 * submitter's name (case and accents aside) and the acceptance box be ticked. Signing twice is a no-op.
 * @returns the submission id
 * @throws AppError NOT_FOUND M.signerNotFound; BAD_REQUEST M.signMustAccept / M.signNameMismatch
 */
export async function signInSandbox(database: Database, input: { slug: string; fullName: string; accept: boolean; ip: string | null }): Promise<string> {
  const { rows: [row] } = await sql<SignerRow>`SELECT * FROM esign_sandbox_submitters WHERE slug = ${input.slug}`.execute(database.db);
  if (!row) throw new AppError('NOT_FOUND', M.signerNotFound);
  if (!input.accept) throw new AppError('BAD_REQUEST', M.signMustAccept);
  if (normalName(input.fullName) !== normalName(row.name)) throw new AppError('BAD_REQUEST', M.signNameMismatch);
  await sql`UPDATE esign_sandbox_submitters SET typed_name = ${input.fullName.trim()}, opened_at = coalesce(opened_at, now()), completed_at = coalesce(completed_at, now()), ip = coalesce(ip, ${input.ip})
            WHERE slug = ${input.slug}`.execute(database.db);
  return row.submission_id;
}
