import { z } from '../common/zod-locale.ts';
import {
  DOCUMENT_KINDS, DOCUMENT_PERSON_ROLES, IDENTITY_DOCUMENT_TYPES, INCOME_BOUNDS,
} from './constants.ts';
import { DOCUMENT_MESSAGES as M } from './messages.ts';

const slug = z.string().trim().regex(/^[A-Za-z0-9_-]{8,64}$/, { error: M.documentNotFound });

/** ?dtype — ine_front or ine_back (spec 03 §7 POST /v1/client/document?dtype, GET /v1/client/document/dtype?dtype). */
export const ZDocumentTypeQuery = z.object({ dtype: z.enum(IDENTITY_DOCUMENT_TYPES, { error: M.documentTypeInvalid }) });
/** {documentId} of PUT/POST /v1/client/document/{documentId}. */
export const ZDocumentIdParams = z.object({ documentId: slug });
/** {slug} of GET /api/v1/documents/{slug}; `ruid` names the rent an owner reads an applicant's INE for. */
export const ZDocumentSlugParams = z.object({ slug });
export const ZDocumentDownloadQuery = z.object({ ruid: z.string().trim().min(1).max(64).optional() });
/** {ruid}/{kind} of POST /api/v1/rents/{ruid}/documents/{kind}: a proof of income. */
export const ZIncomeProofParams = z.object({
  ruid: z.string().trim().min(1).max(64),
  kind: z.enum(['poi', 'poi_second'], { error: M.documentKindInvalid }),
});
/** {cuid} of POST /v1/client/{cuid}/poa. */
export const ZCuidParams = z.object({ cuid: z.string().trim().min(1).max(64) });

/** A client's identity document as they read it back (spec 03 §3: documentId, dtype). */
export const ZClientDocument = z.object({
  documentId: z.string(),
  dtype: z.enum(IDENTITY_DOCUMENT_TYPES),
  content_type: z.string(),
  size: z.number().int(),
  filename: z.string(),
  created: z.string(),
});
export type TClientDocument = z.infer<typeof ZClientDocument>;

/** A stored file's public facts (never its storage key). */
export const ZDocumentFile = z.object({ slug: z.string(), content_type: z.string(), size: z.number().int(), filename: z.string(), created: z.string() });
/** A person's proof of address (spec 03 §3 'Person data' poa: slug, addr, neighborhood, city, municipality, state, cp). */
export const ZProofOfAddress = z.object({
  slug: z.string(), addr: z.string(), neighborhood: z.string(), city: z.string(), municipality: z.string(), state: z.string(), cp: z.string(),
  content_type: z.string(), size: z.number().int(), filename: z.string(), created: z.string(),
});
export type TProofOfAddress = z.infer<typeof ZProofOfAddress>;

/** The income data of a rent (spec 03 §3 Rent: total_income in whole MXN, work_company_*). */
export const ZRentIncome = z.object({
  total_income: z.number().int().nullable(),
  work_company_name: z.string().nullable(),
  work_company_phone_number: z.string().nullable(),
  work_company_webpage: z.string().nullable(),
});
export type TRentIncome = z.infer<typeof ZRentIncome>;

/** GET /api/v1/rents/{ruid}/documents — the renter's documents and income data of a rent, as the renter reads them. */
export const ZRentDocuments = z.object({
  poa: ZProofOfAddress.nullable(),
  poi: ZDocumentFile.nullable(),
  poi_second: ZDocumentFile.nullable(),
  income: ZRentIncome,
  ine_front: ZClientDocument.nullable(),
  ine_back: ZClientDocument.nullable(),
});
export type TRentDocuments = z.infer<typeof ZRentDocuments>;

/**
 * PUT /api/v1/rents/{ruid}/income — any of the income fields (at least one): total_income as whole pesos (digits,
 * separators allowed in a string), the employer's name, Mexican phone and web page. An empty string clears a field.
 */
export const ZUpdateIncomeBody = z.strictObject({
  total_income: z.union([z.number(), z.string().max(40)]).optional(),
  work_company_name: z.string().max(INCOME_BOUNDS.maxCompanyName + 40).optional(),
  work_company_phone_number: z.string().max(40).optional(),
  work_company_webpage: z.string().max(INCOME_BOUNDS.maxWebpage + 40).optional(),
}, { error: M.unknownField });
export type UpdateIncomeBody = z.infer<typeof ZUpdateIncomeBody>;

/** One document the owner's review lists (kind, whose, slug; the link carries ruid for identity documents). */
export const ZReviewDocument = z.object({
  kind: z.enum(DOCUMENT_KINDS),
  person: z.enum(DOCUMENT_PERSON_ROLES),
  slug: z.string(),
  content_type: z.string(),
  url: z.string(),
});
export type TReviewDocument = z.infer<typeof ZReviewDocument>;


/** POST /api/v1/documents/link — spec 03 §7 'download a file (body slug; returns a link)'; ruid for an owner's INE. */
export const ZDocumentLinkBody = z.strictObject({ slug, ruid: z.string().trim().min(1).max(64).optional() }, { error: M.unknownField });
/** The link that opens a document for the caller and what it gives (a watermarked copy for an owner). */
export const ZDocumentLink = z.object({ url: z.string(), content_type: z.string(), filename: z.string(), watermarked: z.boolean() });
