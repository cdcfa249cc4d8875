import type { TClientDocument, TProofOfAddress, TRentDocuments, TRentIncome } from '@nj/contracts/documents/schemas';
import type { IdentityDocumentType } from '@nj/contracts/documents/constants';
import { api } from '../api/client.ts';

export type { TClientDocument, TProofOfAddress, TRentDocuments, TRentIncome };
/** The income fields as the form sends them ('' clears one). */
export type IncomeInput = { total_income?: string; work_company_name?: string; work_company_phone_number?: string; work_company_webpage?: string };
/** The proof of address fields (spec 03 §5: all required, cp of 5 digits). */
export type AddressInput = { addr: string; neighborhood: string; city: string; municipality: string; state: string; cp: string };

/** React Query key of the renter's documents in a rent. */
export const documentsKey = (ruid: string) => ['rent-documents', ruid] as const;

const withFile = (field: string, file: File, fields: Record<string, string> = {}) => {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  form.append(field, file);
  return form;
};

/** GET /api/v1/rents/{ruid}/documents — the renter's proofs, income data and INE sides. */
export const getRentDocuments = (ruid: string, signal?: AbortSignal) => api<TRentDocuments>('GET', `/v1/rents/${encodeURIComponent(ruid)}/documents`, { signal });
/** POST /api/v1/client/document?dtype (new side) or PUT /api/v1/client/document/{documentId} (replace). */
export const putIneSide = (dtype: IdentityDocumentType, file: File, documentId?: string) => (documentId
  ? api<TClientDocument>('PUT', `/v1/client/document/${encodeURIComponent(documentId)}`, { body: withFile('document', file) })
  : api<TClientDocument>('POST', '/v1/client/document', { query: { dtype }, body: withFile('document', file) }));
/** POST /api/v1/client/{cuid}/poa — the address fields, ruid and the proof file. */
export const postProofOfAddress = (cuid: string, ruid: string, address: AddressInput, file: File) =>
  api<TProofOfAddress>('POST', `/v1/client/${encodeURIComponent(cuid)}/poa`, { body: withFile('file', file, { ...address, ruid }) });
/** POST /api/v1/rents/{ruid}/documents/{poi|poi_second} — a proof of income. */
export const postIncomeProof = (ruid: string, kind: 'poi' | 'poi_second', file: File) =>
  api<unknown>('POST', `/v1/rents/${encodeURIComponent(ruid)}/documents/${kind}`, { body: withFile('file', file) });
/** PUT /api/v1/rents/{ruid}/income — income fields (400 with data.fields naming each wrong one). */
export const putIncome = (ruid: string, body: IncomeInput) => api<TRentIncome>('PUT', `/v1/rents/${encodeURIComponent(ruid)}/income`, { body });
/** The link that opens a document (the session cookie is the credential; the owner's copies are watermarked). */
export const documentUrl = (slug: string) => `/api/v1/documents/${encodeURIComponent(slug)}`;
