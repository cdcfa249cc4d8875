import { PDFDocument, StandardFonts, type PDFFont } from 'pdf-lib';
import { LEASE_TEMPLATE as T } from '@nj/contracts';

/** The guarantor a lease names, by type (rent_invitations.atype; spec 03 §3 avaltype). */
export type LeaseGuarantor =
  | { type: 'aval'; name: string; guaranteeAddress: string | null }
  | { type: 'obligado'; name: string }
  | { type: 'nowo'; insurer: string; reference: string };

/** Everything the lease says, already gathered (amounts in centavos MXN; days 'YYYY-MM-DD'). */
export type LeaseData = {
  ruid: string;
  ownerName: string;
  renterName: string;
  secondRenterName: string | null;
  guarantor: LeaseGuarantor | null;
  address: string;
  folio: string | null;
  priceCents: number;
  maintenanceCents: number;
  depositMonths: number;
  firstDay: string;
  lastDay: string;
  plan: 'basic' | 'neo';
  neoFeeCents: number;
  /** The move-in inventory when it exists (rooms with their notes), else null: the annex points to `inventoryUrl`. */
  inventory: { room: string; notes: string[] }[] | null;
  inventoryUrl: string;
};

const MONTHS = ['enero', 'febrero', 'marzo', 'abril', 'mayo', 'junio', 'julio', 'agosto', 'septiembre', 'octubre', 'noviembre', 'diciembre'];

/** Centavos → '$15,000.00 MXN'. */
export function formatMxn(cents: number): string {
  return `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })} MXN`;
}

/** 'YYYY-MM-DD' → '1 de marzo de 2027'. */
export function formatLeaseDay(day: string): string {
  const [y, m, d] = day.split('-').map(Number);
  return `${d} de ${MONTHS[(m ?? 1) - 1]} de ${y}`;
}

/** One block of the lease: a heading (bold) or a paragraph. */
export type LeaseBlock = { kind: 'title' | 'heading' | 'text'; text: string };

/**
 * The lease's text from `data` (our template, LEASE_TEMPLATE): parties by guarantor type, the property, rent,
 * maintenance, deposit in months and pesos, term, plan (neo with its legal fee), the clauses (the seventh by guarantor
 * type), the inventory annex and the signature lines.
 */
export function composeLease(data: LeaseData): LeaseBlock[] {
  const b: LeaseBlock[] = [{ kind: 'title', text: T.title }, { kind: 'heading', text: T.partiesHeading }, { kind: 'text', text: T.owner(data.ownerName) }, { kind: 'text', text: T.renter(data.renterName) }];
  if (data.secondRenterName) b.push({ kind: 'text', text: T.secondRenter(data.secondRenterName) });
  const g = data.guarantor;
  if (g?.type === 'aval') b.push({ kind: 'text', text: T.aval(g.name) });
  if (g?.type === 'obligado') b.push({ kind: 'text', text: T.obligado(g.name) });
  if (g?.type === 'nowo') b.push({ kind: 'text', text: T.nowo(g.insurer, g.reference) });
  b.push({ kind: 'heading', text: T.propertyHeading }, { kind: 'text', text: T.property(data.address) });
  if (data.folio) b.push({ kind: 'text', text: T.folio(data.folio) });
  b.push({ kind: 'heading', text: T.termsHeading }, { kind: 'text', text: T.rent(formatMxn(data.priceCents)) });
  b.push({ kind: 'text', text: data.maintenanceCents > 0 ? T.maintenance(formatMxn(data.maintenanceCents)) : T.noMaintenance });
  b.push({ kind: 'text', text: data.depositMonths > 0 ? T.deposit(data.depositMonths, formatMxn(data.priceCents * data.depositMonths)) : T.noDeposit });
  b.push({ kind: 'text', text: T.term(formatLeaseDay(data.firstDay), formatLeaseDay(data.lastDay)) });
  b.push({ kind: 'text', text: data.plan === 'neo' ? T.planNeo(formatMxn(data.neoFeeCents)) : T.planBasic });
  b.push({ kind: 'heading', text: T.clausesHeading }, ...T.clauses.map((text) => ({ kind: 'text' as const, text })));
  const seventh = g?.type === 'aval' ? T.avalClause + (g.guaranteeAddress ?? T.unknown) + '.'
    : g?.type === 'obligado' ? T.obligadoClause : g?.type === 'nowo' ? T.nowoClause : T.noGuarantorClause;
  b.push({ kind: 'text', text: seventh }, { kind: 'text', text: T.jurisdiction });
  b.push({ kind: 'heading', text: T.signaturesHeading });
  b.push({ kind: 'text', text: T.signatureLine('Arrendador', data.ownerName) }, { kind: 'text', text: T.signatureLine('Arrendatario', data.renterName) });
  if (data.secondRenterName) b.push({ kind: 'text', text: T.signatureLine('Segundo arrendatario', data.secondRenterName) });
  if (g?.type === 'aval') b.push({ kind: 'text', text: T.signatureLine('Fiador', g.name) });
  if (g?.type === 'obligado') b.push({ kind: 'text', text: T.signatureLine('Obligado solidario', g.name) });
  b.push({ kind: 'heading', text: T.annexHeading });
  if (data.inventory && data.inventory.length > 0) {
    for (const room of data.inventory) {
      b.push({ kind: 'text', text: T.annexRoom(room.room) });
      for (const note of room.notes) b.push({ kind: 'text', text: `  - ${note}` });
    }
  } else {
    b.push({ kind: 'text', text: T.annexPending(data.inventoryUrl) });
  }
  return b;
}

/** Text the standard Helvetica font (WinAnsi) can draw: typographic quotes and dashes as ASCII, others as '?'. */
function drawable(text: string): string {
  return text.normalize('NFC').replace(/[‘’]/g, "'").replace(/[“”]/g, '"').replace(/[–—]/g, '-')
    .replace(/[^\u0020-\u007e\u00a1-\u00ff]/g, '?');
}

/** Splits `text` into lines no wider than `width` points at `size`. */
function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    const next = line ? `${line} ${word}` : word;
    if (font.widthOfTextAtSize(next, size) <= width || !line) line = next;
    else { lines.push(line); line = word; }
  }
  if (line) lines.push(line);
  return lines;
}

/**
 * The lease PDF (Letter, 72 pt margins, Helvetica) of `data` (composeLease), with a footer per page naming the rent
 * and the page. Deterministic for the same data and `createdAt` (its metadata dates), so the SHA-256 identifies it.
 * @returns the PDF's bytes
 */
export async function renderLeasePdf(data: LeaseData, createdAt: Date): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(T.title);
  pdf.setSubject(`Renta ${data.ruid}`);
  pdf.setCreator('nj');
  pdf.setProducer('nj');
  pdf.setCreationDate(createdAt);
  pdf.setModificationDate(createdAt);
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const [W, H, M] = [612, 792, 72];
  let page = pdf.addPage([W, H]);
  let y = H - M;
  const need = (h: number) => {
    if (y - h < M) { page = pdf.addPage([W, H]); y = H - M; }
  };
  for (const block of composeLease(data)) {
    const f = block.kind === 'text' ? font : bold;
    const size = block.kind === 'title' ? 13 : block.kind === 'heading' ? 11 : 10;
    if (block.kind !== 'text') y -= 8;
    for (const line of wrap(drawable(block.text), f, size, W - 2 * M)) {
      need(size + 4);
      page.drawText(line, { x: M, y, size, font: f });
      y -= size + 4;
    }
    y -= 4;
  }
  const pages = pdf.getPages();
  pages.forEach((p, i) => p.drawText(`Renta ${data.ruid} · página ${i + 1} de ${pages.length}`, { x: M, y: 36, size: 8, font }));
  return Buffer.from(await pdf.save());
}
