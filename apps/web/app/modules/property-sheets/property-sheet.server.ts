import type { AppServices } from '@nj/core/app-services';
import { getPropertySheet, type PropertySheet } from '@nj/core/property-sheets/get-property-sheet';
import { cachedPropertySheetPdf } from '@nj/core/property-sheets/property-sheet-pdf-cache';
import { sheetQrSvg } from '@nj/core/property-sheets/sheet-qr';
import { PROPERTY_SHEET_MESSAGES as M, PROPERTY_SHEET_NOT_FOUND } from '@nj/contracts/property-sheets/messages';
import { propertySheetPdfPath } from '@nj/contracts/property-sheets/sheet';
import { isNotFound, notFound, pageSettings } from '../server/services.server.ts';
import { sheetContent } from './sheet-content.ts';

/** The sheet or the app's 404 (a missing or inactive listing, an unknown sharer). */
async function readSheet(services: AppServices, puid: string, cuid: string): Promise<PropertySheet> {
  try {
    return await getPropertySheet({ database: services.database, config: services.config, puid, cuid });
  } catch (error) {
    if (isNotFound(error)) notFound(PROPERTY_SHEET_NOT_FOUND);
    throw error;
  }
}

/**
 * The data of /ficha/{puid}/{cuid} (issue 16): the sheet's content (sheetContent), the QR code to the listing as SVG
 * markup (in the sharer's colour when branded), the PDF's path and the origin. Throws the 404 response otherwise.
 */
export async function loadPropertySheet(services: AppServices, puid: string, cuid: string) {
  const sheet = await readSheet(services, puid, cuid);
  const { origin } = pageSettings(services);
  const content = sheetContent(sheet.property, sheet.sharer, origin);
  return {
    content,
    qrSvg: await sheetQrSvg(content.listingUrl),
    pdfPath: propertySheetPdfPath(sheet.property.uid, cuid.trim()),
    slug: sheet.property.slug,
    origin,
  };
}

/**
 * /ficha/pdf/{puid}/{cuid} (issue 16): the sheet as a PDF (`Content-Disposition: inline; filename=ficha-NJ-….pdf`),
 * cached per process by the sheet's version, public for 5 minutes; 404 with 'No encontramos esta ficha' (text) for what
 * has no sheet.
 */
export async function propertySheetPdfResponse(services: AppServices, puid: string, cuid: string): Promise<Response> {
  let sheet: PropertySheet;
  try {
    sheet = await getPropertySheet({ database: services.database, config: services.config, puid, cuid });
  } catch (error) {
    if (!isNotFound(error)) throw error;
    // A resource route answers its 404 itself: plain Spanish text, not indexed.
    return new Response(PROPERTY_SHEET_NOT_FOUND, { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8', 'X-Robots-Tag': 'noindex' } });
  }
  const content = sheetContent(sheet.property, sheet.sharer, pageSettings(services).origin);
  const pdf = await cachedPropertySheetPdf({ storage: services.storage }, sheet.version, content);
  return new Response(new Uint8Array(pdf), {
    status: 200,
    headers: {
      'Content-Type': 'application/pdf',
      'Content-Disposition': `inline; filename="${M.pdfFileName(content.code)}"`,
      'Cache-Control': 'public, max-age=300',
      'X-Robots-Tag': 'noindex',
      'Content-Length': String(pdf.byteLength),
    },
  });
}
