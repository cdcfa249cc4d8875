import type { TInvestigationView } from '@nj/contracts/credit-investigation/schemas';
import { api } from '../api/client.ts';

export type { TInvestigationView };

/** React Query key of a rent's credit investigation. */
export const investigationKey = (ruid: string) => ['credit-investigation', ruid] as const;

/** GET /api/v1/rents/creditinvestigation?ruid — the rent's investigation, null before any run. */
export const getInvestigation = (ruid: string, signal?: AbortSignal) =>
  api<TInvestigationView | null>('GET', '/v1/rents/creditinvestigation', { query: { ruid }, signal });

/**
 * POST /api/v1/rents/creditinvestigation — the form's text fields and files (proof_of_address, proof_of_income,
 * partner_proof_of_income) as multipart; 400 with data.fields naming each wrong field, 503 when the bureau is down.
 */
export const postInvestigation = (fields: Record<string, string>, files: Partial<Record<'proof_of_address' | 'proof_of_income' | 'partner_proof_of_income', File>>) => {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  for (const [k, file] of Object.entries(files)) if (file) form.append(k, file);
  return api<TInvestigationView>('POST', '/v1/rents/creditinvestigation', { body: form });
};
