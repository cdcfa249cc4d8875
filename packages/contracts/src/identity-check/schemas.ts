import { z } from '../common/zod-locale.ts';
import { IDENTITY_CHECK_MESSAGES as M } from './messages.ts';

const cardField = z.string({ error: M.invalidData }).trim().max(40, { error: M.invalidData }).optional();

/**
 * Body of POST /api/v1/client/identity (spec 03 §7 "Identity, credit and documents"; the spec does not list the
 * fields): the INE's numbers as printed — cic + citizen_id (models E–H), cic + ocr (model D) or voter_key +
 * emission_number + ocr (model C) — and optionally the names and birthdate (YYYY-MM-DD). Shapes are checked in core
 * (validateIneCheckRequest) with Spanish messages.
 */
export const ZStartIdentityBody = z.strictObject({
  cic: cardField, citizen_id: cardField, ocr: cardField, voter_key: cardField, emission_number: cardField,
  first_name: z.string().trim().max(120, { error: M.invalidData }).optional(),
  last_name: z.string().trim().max(120, { error: M.invalidData }).optional(),
  birthdate: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: M.invalidData }).optional(),
}, { error: M.invalidData }); // a field the check does not take is refused, in Spanish
export type TStartIdentityBody = z.infer<typeof ZStartIdentityBody>;

/** One identity attempt as shown (spec 03 §3 "Identity validation": process_id, document_type, status, cat). */
export const ZIdentityProcess = z.object({
  process_id: z.string(), document_type: z.string(), status: z.enum(['success', 'failure', 'pending']),
  provider: z.string(), failure_reason: z.string().nullable(), created_at: z.string(),
});
/** The client's attempts, newest first, and the spec 03 §4 status derived from them. */
export const ZIdentityProcesses = z.object({
  status: z.enum(['success', 'in-process', 'contact-us', 'try-again', 'none']),
  processes: z.array(ZIdentityProcess),
});
export type TIdentityProcesses = z.infer<typeof ZIdentityProcesses>;

/** Query of GET /api/v1/client/identity/processes: `cuid` lets support read another client's attempts. */
export const ZIdentityProcessesQuery = z.object({ cuid: z.string().trim().min(1).max(64).optional() });
