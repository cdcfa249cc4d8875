/**
 * Bounds and vocabularies of personal documents (issue 12 'Identity', 'The proposal'; spec 03 §3 'Identity
 * validation' documents ine_front/ine_back, Rent poa/poi/poi_second). Zod-free, so the browser can import it.
 */

/** Largest document file accepted, bytes (10 MiB): a phone photo or a scanned bank statement fits. */
export const DOCUMENT_MAX_BYTES = 10 * 1024 * 1024;

/** An identity document of a client (spec 03 §3 'Identity validation'). */
export const IDENTITY_DOCUMENT_TYPES = ['ine_front', 'ine_back'] as const;
export type IdentityDocumentType = (typeof IDENTITY_DOCUMENT_TYPES)[number];

/** A document of one person of a rent (spec 03 §3 Rent: poa proof of address, poi/poi_second proofs of income). */
export const PERSON_DOCUMENT_KINDS = ['poa', 'poi', 'poi_second'] as const;
export type PersonDocumentKind = (typeof PERSON_DOCUMENT_KINDS)[number];

/** The guarantee property's proof an aval uploads (issue 12 'The guarantor': deed or predial; decision 018). */
export const GUARANTEE_DOCUMENT_KINDS = ['guarantee_deed'] as const;
export type GuaranteeDocumentKind = (typeof GUARANTEE_DOCUMENT_KINDS)[number];

/** Every kind of stored personal document. */
export const DOCUMENT_KINDS = [...IDENTITY_DOCUMENT_TYPES, ...PERSON_DOCUMENT_KINDS, ...GUARANTEE_DOCUMENT_KINDS] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];

/** The people of a rent a document may belong to (spec 03 §7 'update one person field': person). */
export const DOCUMENT_PERSON_ROLES = ['renter', 'second_renter', 'aval'] as const;
export type DocumentPersonRole = (typeof DOCUMENT_PERSON_ROLES)[number];

/** Content types a document may have, judged by its content (never its name). */
export const DOCUMENT_CONTENT_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/heic', 'application/pdf'] as const;
export type DocumentContentType = (typeof DOCUMENT_CONTENT_TYPES)[number];

/** What the file pickers accept (a hint to the browser; the server decides by content). */
export const DOCUMENT_ACCEPT = 'image/jpeg,image/png,image/webp,image/heic,image/heif,application/pdf,.heic,.heif';

/** Bounds of the income data of a rent (issue 12 'The proposal'): total monthly income in whole pesos (MXN). */
export const INCOME_BOUNDS = { maxTotalIncome: 100_000_000, maxCompanyName: 120, maxWebpage: 300 } as const;

/** Spanish names of each document kind, for lists and labels. */
export const DOCUMENT_KIND_LABELS: Record<DocumentKind, string> = {
  ine_front: 'INE (frente)',
  ine_back: 'INE (reverso)',
  poa: 'Comprobante de domicilio',
  poi: 'Comprobante de ingresos',
  poi_second: 'Segundo comprobante de ingresos',
  guarantee_deed: 'Escritura o boleta predial del inmueble en garantía',
};

/** Spanish names of the people of a rent, for document lists. */
export const DOCUMENT_PERSON_LABELS: Record<DocumentPersonRole, string> = {
  renter: 'Inquilino',
  second_renter: 'Segundo inquilino',
  aval: 'Aval',
};
