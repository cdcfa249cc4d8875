import { z } from 'zod';
import { COMMON_MESSAGES } from '../common/messages.ts';
import { CRM_MESSAGES as M } from './messages.ts';
import { CRM_LIMITS, CRM_STATUSES, CRM_TYPES } from './vocabulary.ts';

/** Request and answer shapes of the CRM and lead history (issue 16; spec 03 §3 CRM client, §7 CRM, Leads; decision 032). */
const id = (msg: string) => z.string({ error: msg }).trim().regex(/^[A-Za-z0-9_-]{1,64}$/, { error: msg });
const page = z.coerce.number({ error: COMMON_MESSAGES.invalidPage }).int({ error: COMMON_MESSAGES.invalidPage }).min(1, { error: COMMON_MESSAGES.invalidPage }).max(10_000, { error: COMMON_MESSAGES.invalidPage }).default(1);
const name = z.string({ error: M.nameInvalid }).trim().min(1, { error: M.nameInvalid }).max(120, { error: M.nameInvalid });
const email = z.string({ error: M.emailInvalid }).trim().toLowerCase().max(254, { error: M.emailInvalid }).pipe(z.email({ error: M.emailInvalid }));
const phone = z.string({ error: M.phoneInvalid }).trim().min(7, { error: M.phoneInvalid }).max(20, { error: M.phoneInvalid }).regex(/^\+?[0-9 ()-]+$/, { error: M.phoneInvalid });
const status = z.enum(CRM_STATUSES, { error: M.statusInvalid });
const type = z.enum(CRM_TYPES, { error: M.typeInvalid });
const compliant = z.boolean({ error: M.compliantInvalid });
/** An empty text means 'none' for optional contact fields. */
const orNull = <T extends z.ZodType>(s: T) => z.union([z.literal('').transform(() => null), s]).nullable();

export const ZCrmUidParams = z.object({ uid: id(M.uidInvalid) });
export const ZCrmPropParams = z.object({ uid: id(M.uidInvalid), puid: id(M.puidInvalid) });
/** …/clients/{uid}/docs/{duid}: a document of a CRM client (decision 032 'Documents of a CRM client'). */
export const ZCrmDocParams = z.object({ uid: id(M.uidInvalid), duid: id(M.docIdInvalid) });

/** GET /v1/crm/clients?page&s&cstatus&ctype&cassigned_to&compliant (cassigned_to: an agent's cuid, or 'none'). */
export const ZCrmClientsQuery = z.object({
  page,
  s: z.string({ error: M.searchInvalid }).trim().max(100, { error: M.searchInvalid }).default(''),
  cstatus: status.optional(),
  ctype: type.optional(),
  cassigned_to: id(M.cuidInvalid).optional(),
  compliant: z.enum(['true', 'false'], { error: M.compliantInvalid }).optional(),
});

/** POST /v1/crm/clients — a new client of the caller's CRM (assigned to the caller unless said otherwise). */
export const ZCrmClientBody = z.object({
  name,
  email: orNull(email).optional(),
  phone: orNull(phone).optional(),
  status: status.default('prospecto'),
  type: type.default('comprador'),
  compliant: compliant.default(false),
  assigned_to: id(M.cuidInvalid).nullable().optional(),
});
export type TCrmClientBody = z.input<typeof ZCrmClientBody>;

/** PUT /v1/crm/clients/{uid} — any of the client's fields; at least one. */
export const ZCrmClientPatch = z.object({
  name: name.optional(),
  email: orNull(email).optional(),
  phone: orNull(phone).optional(),
  status: status.optional(),
  type: type.optional(),
  compliant: compliant.optional(),
}).refine((p) => Object.values(p).some((v) => v !== undefined), { error: M.emptyUpdate });
export type TCrmClientPatch = z.infer<typeof ZCrmClientPatch>;

/** PUT /v1/crm/clients/{uid}/assigned_to — an approved agent of the agency (cuid), or null. */
export const ZCrmAssignBody = z.object({ assigned_to: id(M.cuidInvalid).nullable() });
/**
 * POST /v1/crm/clients/{uid}/props — link a listing. `puid` (name kept for compatibility) is what names the listing:
 * its uid, its number 'NJ-8FA5B1F7' (any case, with or without 'NJ-') or its page's address /propiedades/{slug|code};
 * the server resolves it (an unknown one is a 404).
 */
export const ZCrmPropBody = z.object({
  puid: z.string({ error: M.listingRefInvalid }).trim().min(1, { error: M.listingRefInvalid }).max(500, { error: M.listingRefInvalid }),
});
/** POST /v1/crm/clients/{uid}/partner — another client of the same CRM, or null to clear. */
export const ZCrmPartnerBody = z.object({ partner_uid: id(M.uidInvalid).nullable() });
/** POST /v1/crm/clients/{uid}/notes — a note of the timeline. */
export const ZCrmNoteBody = z.object({ body: z.string({ error: M.noteInvalid }).trim().min(1, { error: M.noteInvalid }).max(4000, { error: M.noteInvalid }) });
/** POST /v1/crm/clients/import — the CSV's text (header: nombre, correo, telefono, estado, tipo). */
export const ZCrmImportBody = z.object({ csv: z.string({ error: M.csvMissing }).min(1, { error: M.csvMissing }).max(CRM_LIMITS.csvMaxBytes, { error: M.csvTooLarge }) });

const ZPerson = z.object({ cuid: z.string(), nickname: z.string().nullable() });
export const ZCrmClient = z.object({
  uid: z.string(), name: z.string(), email: z.string().nullable(), phone: z.string().nullable(),
  status: z.enum(CRM_STATUSES), type: z.enum(CRM_TYPES), compliant: z.boolean(),
  assigned_to: ZPerson.nullable(), partner: z.object({ uid: z.string(), name: z.string() }).nullable(),
  /** True when the client is a product account (their conversations, visits and rents join the timeline). */
  linked: z.boolean(),
  props_count: z.number().int(), created_at: z.string(), updated_at: z.string(),
});
export type TCrmClient = z.infer<typeof ZCrmClient>;

/** Whose CRM the caller sees, and the agents a client may be assigned to (the administrator's choice). */
export const ZCrmScope = z.object({ auid: z.string().nullable(), agency_name: z.string().nullable(), is_admin: z.boolean(), agents: z.array(ZPerson) });
export type TCrmScope = z.infer<typeof ZCrmScope>;
export const ZCrmClientsPage = z.object({ clients: z.array(ZCrmClient), page: z.number().int(), has_more: z.boolean(), total: z.number().int(), scope: ZCrmScope });
export type TCrmClientsPage = z.infer<typeof ZCrmClientsPage>;

export const ZCrmProp = z.object({ puid: z.string(), title: z.string(), slug: z.string(), is_active: z.boolean(), created_at: z.string() });
export type TCrmProp = z.infer<typeof ZCrmProp>;
export const CRM_EVENT_KINDS = ['created', 'note', 'listing', 'lead', 'conversation', 'visit', 'rent'] as const;
export const ZCrmEvent = z.object({ kind: z.enum(CRM_EVENT_KINDS), at: z.string(), title: z.string(), text: z.string().nullable(), href: z.string().nullable() });
export type TCrmEvent = z.infer<typeof ZCrmEvent>;
/** `can_delete`: whether the caller may delete the client (crmPolicy 'delete'; decision 032 'Deleting a client'). */
export const ZCrmClientDetail = z.object({ client: ZCrmClient, props: z.array(ZCrmProp), timeline: z.array(ZCrmEvent), scope: ZCrmScope, can_delete: z.boolean() });
export type TCrmClientDetail = z.infer<typeof ZCrmClientDetail>;
export const ZCrmProps = z.object({ props: z.array(ZCrmProp) });
export const ZCrmImportResult = z.object({ imported: z.number().int(), errors: z.array(z.object({ line: z.number().int(), msg: z.string() })) });
export type TCrmImportResult = z.infer<typeof ZCrmImportResult>;
export const ZCrmDocsSpace = z.object({ used_bytes: z.number(), quota_bytes: z.number(), files: z.number().int(), auid: z.string().nullable() });
export type TCrmDocsSpace = z.infer<typeof ZCrmDocsSpace>;
/** One file of a CRM client: its display name, bytes, the type judged by content, when and by whom it was uploaded. */
export const ZCrmDocument = z.object({
  duid: z.string(), name: z.string(), size_bytes: z.number().int(), content_type: z.string(), created_at: z.string(),
  uploaded_by: z.object({ cuid: z.string(), nickname: z.string().nullable() }).nullable(),
});
export type TCrmDocument = z.infer<typeof ZCrmDocument>;
/** GET/DELETE …/clients/{uid}/docs: the client's documents, newest first, and the CRM's documents space after it. */
export const ZCrmDocuments = z.object({ docs: z.array(ZCrmDocument), space: ZCrmDocsSpace });
export type TCrmDocuments = z.infer<typeof ZCrmDocuments>;

/** GET /v1/leads/interactions?page&agency&puid. */
export const ZLeadInteractionsQuery = z.object({ page, agency: id(M.agencyInvalid).optional(), puid: id(M.puidInvalid).optional() });
export const LEAD_INTERACTION_KINDS = ['contact', 'message', 'visit', 'offer'] as const;
/** One lead: a contact-form message ('lead:<luid>') or a conversation ('rent:<ruid>') with its furthest step. */
export const ZLeadInteraction = z.object({
  ref: z.string(), kind: z.enum(LEAD_INTERACTION_KINDS), puid: z.string(), title: z.string(), slug: z.string(),
  name: z.string(), email: z.string().nullable(), phone: z.string().nullable(), message: z.string().nullable(), at: z.string(),
  /** Seconds from the first message to the first answer of the listing's side; null: not answered here. */
  first_response_seconds: z.number().int().nullable(),
  agent: ZPerson.nullable(), crm_uid: z.string().nullable(), href: z.string().nullable(),
});
export type TLeadInteraction = z.infer<typeof ZLeadInteraction>;
export const ZLeadInteractionsPage = z.object({ interactions: z.array(ZLeadInteraction), page: z.number().int(), has_more: z.boolean() });
export type TLeadInteractionsPage = z.infer<typeof ZLeadInteractionsPage>;
/** POST /v1/leads/interactions/convert — the lead's ref ('lead:<luid>' or 'rent:<ruid>'). */
export const ZLeadConvertBody = z.object({ ref: z.string({ error: M.leadRefInvalid }).trim().regex(/^(lead|rent):[A-Za-z0-9_-]{1,64}$/, { error: M.leadRefInvalid }) });
