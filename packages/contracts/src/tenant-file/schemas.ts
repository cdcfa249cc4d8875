import { z } from '../common/zod-locale.ts';

/** Days an application's verified file stays reusable (issue 12 'A reusable tenant file': within 30 days). */
export const TENANT_FILE_REUSE_DAYS = 30;

/**
 * GET/POST /api/v1/rents/{ruid}/tenant-file — what of the renter's verified file can be reused in rent `ruid`
 * (dates ISO 8601; income MXN per month). `source` is the renter's latest application sent within
 * TENANT_FILE_REUSE_DAYS (person data, proofs, income come from it); `investigation` their latest completed credit
 * investigation of that window whose report has not expired; identity and references belong to the account.
 */
export const ZTenantFile = z.object({
  reusable: z.boolean(),
  valid_until: z.string().nullable(),
  source: z.object({ ruid: z.string(), title: z.string(), sent_at: z.string() }).nullable(),
  identity: z.object({ verified: z.boolean() }),
  person: z.boolean(),
  documents: z.array(z.enum(['poa', 'poi', 'poi_second'])),
  income: z.number().nullable(),
  references: z.object({ confirmed: z.number(), total: z.number() }),
  investigation: z.object({ created_at: z.string(), valid_until: z.string(), score: z.number().nullable() }).nullable(),
  /** True when this rent already has the renter's own data (typed or reused): the browser then stops offering the file. */
  target_has_data: z.boolean(),
  /** After POST: what was copied into the rent. */
  applied: z.array(z.enum(['person', 'documents', 'income', 'investigation'])).optional(),
});
export type TTenantFile = z.infer<typeof ZTenantFile>;
