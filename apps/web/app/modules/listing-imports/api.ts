import type {
  TListingImport, TListingImportDryRun, TListingImportMappingBody, TListingImportUndo, TListingImportWithPlan,
} from '@nj/contracts/listings-import/page-schemas';
import { api } from '../api/client.ts';

/** React Query key of the client's imports. */
export const LISTING_IMPORTS_QUERY_KEY = ['listing-imports'] as const;

/** POST /api/v1/listing-imports (multipart, field `file`): uploads a CSV/XLSX and answers the import and its plan. */
export function uploadListingImport(file: File): Promise<TListingImportWithPlan> {
  const body = new FormData();
  body.append('file', file, file.name);
  return api<TListingImportWithPlan>('POST', '/v1/listing-imports', { body });
}

/** PUT /api/v1/listing-imports/{id}/mapping: the user's column choices; answers the new plan. */
export const putListingImportMapping = (id: string, body: TListingImportMappingBody) =>
  api<TListingImportWithPlan>('PUT', `/v1/listing-imports/${encodeURIComponent(id)}/mapping`, { body });

/** POST /api/v1/listing-imports/{id}/dry-run: counts and grouped report, nothing written. */
export const dryRunListingImport = (id: string) =>
  api<TListingImportDryRun>('POST', `/v1/listing-imports/${encodeURIComponent(id)}/dry-run`);

/** POST /api/v1/listing-imports/{id}/run: starts the background import. */
export const runListingImport = (id: string) => api<TListingImport>('POST', `/v1/listing-imports/${encodeURIComponent(id)}/run`);

/** GET /api/v1/listing-imports/{id}: progress, counts and report. */
export const getListingImport = (id: string, signal?: AbortSignal) =>
  api<TListingImport>('GET', `/v1/listing-imports/${encodeURIComponent(id)}`, { signal });

/** GET /api/v1/listing-imports: the client's imports, newest first. */
export const listListingImports = (signal?: AbortSignal) => api<TListingImport[]>('GET', '/v1/listing-imports', { signal });

/** POST /api/v1/listing-imports/{id}/undo: deactivates the import's listings. */
export const undoListingImport = (id: string) => api<TListingImportUndo>('POST', `/v1/listing-imports/${encodeURIComponent(id)}/undo`);
