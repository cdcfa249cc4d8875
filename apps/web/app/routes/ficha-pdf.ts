import type { Route } from './+types/ficha-pdf';
import { getServices } from '../modules/server/services.server.ts';
import { propertySheetPdfResponse } from '../modules/property-sheets/property-sheet.server.ts';

/**
 * /ficha/pdf/{puid}/{cuid} (resource route; spec 01 §2, issue 16): the property sheet as a PDF, shown inline
 * (`Content-Disposition: inline; filename=ficha-NJ-….pdf`); the app's 404 for what has no sheet.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  return propertySheetPdfResponse(getServices(context), params.puid, params.cuid);
}
