import { PDFDocument, StandardFonts, rgb } from 'pdf-lib';
import type { CreditBureauReport } from '../credit-bureau/credit-bureau-provider.ts';

/** Text pdf-lib's standard fonts can draw (WinAnsi): anything else becomes '?'. */
const winAnsi = (text: string) => text.normalize('NFC').replace(/[^\x20-\x7e\u00a0-\u00ff]/g, '?');
const day = (date: Date) => new Intl.DateTimeFormat('es-MX', { dateStyle: 'long', timeStyle: 'short', timeZone: 'America/Mexico_City' }).format(date);

/**
 * The PDF of a credit report (spec 03 §3 "Credit report record" m_sic_pdf): one page with the bureau and its folio,
 * when it was asked and until when it may be reused, the person (name, RFC, birthdate), the FICO® Score or its
 * absence, the reason codes and the bureau's notices. Círculo de Crédito's API answers JSON only, so we render the
 * summary ourselves; the bureau's full answer stays sealed in the record. Takes the report and the person's data;
 * returns the PDF bytes (to be sealed before storing). Never throws for any text (unsupported characters become '?').
 */
export async function renderCreditReportPdf(report: CreditBureauReport, person: { name: string; rfc: string; birthdate: string }): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(winAnsi(`Reporte de crédito ${report.folio}`));
  pdf.setCreationDate(report.queriedAt);
  const page = pdf.addPage([612, 792]);
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  let y = 740;
  const line = (label: string, value: string) => {
    page.drawText(winAnsi(label), { x: 56, y, size: 10, font: bold, color: rgb(0.2, 0.2, 0.2) });
    page.drawText(winAnsi(value).slice(0, 90), { x: 210, y, size: 10, font: regular });
    y -= 18;
  };
  page.drawText(winAnsi('Reporte de crédito — resumen'), { x: 56, y, size: 18, font: bold });
  y -= 34;
  line('Sociedad de información', report.provider === 'circulo' ? 'Círculo de Crédito' : 'Sandbox (pruebas)');
  line('Producto', 'Reporte de Crédito Consolidado con FICO® Score');
  line('Folio de consulta', report.folio);
  line('Consultado', day(report.queriedAt));
  line('Vigente para reusar hasta', day(report.expiresAt));
  y -= 10;
  line('Persona', person.name);
  line('RFC', person.rfc);
  line('Fecha de nacimiento', person.birthdate);
  y -= 10;
  line('FICO® Score', report.score === null ? 'Sin puntaje (sin historial crediticio)' : String(report.score));
  line('Razones', report.reasons.length ? report.reasons.join(', ') : '—');
  for (const [i, notice] of report.notices.slice(0, 12).entries()) line(i === 0 ? 'Avisos' : '', notice);
  return Buffer.from(await pdf.save({ useObjectStreams: false }));
}
