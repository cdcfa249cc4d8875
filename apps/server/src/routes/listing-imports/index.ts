import type { RouteRegistration } from '../define-route.ts';
import uploadListingImport from './upload-listing-import.ts';
import listingImportCalls from './listing-import-calls.ts';

/** The import page's API (issue 10): the upload, then mapping, dry run, run, progress, list and undo. */
export const listingImportRoutes: RouteRegistration[] = [uploadListingImport, listingImportCalls];
