import { z } from '../common/zod-locale.ts';
import { DETAIL_MESSAGES as D, REPORT_REASONS } from './messages.ts';

/**
 * An advertiser as anyone may see them on a listing's detail page (issue 9 §4 "advertiser box"; spec 02 §3 client
 * and spec 01 §3 directory entry: nickname, photo, bio). Only these fields leave the server — advertiserPolicy
 * (packages/core/src/policies/advertiser.ts) names them; e-mail and phone never do. `member_since` is ISO 8601.
 */
export const ZPublicAdvertiser = z.object({
  nickname: z.string().nullable(),
  /** Profile photo and its thumbnail under /media/, or null. */
  photo: z.object({ url: z.string(), thumbUrl: z.string() }).nullable(),
  bio: z.string().nullable(),
  is_agent: z.boolean(),
  is_email_verified: z.boolean(),
  is_phone_verified: z.boolean(),
  is_identity_verified: z.boolean(),
  member_since: z.string(),
  /** Issue 16: the response-time badge ('Responde en menos de 1 hora'…), null/absent without enough conversations. */
  response_time: z.string().nullable().optional(),
});
export type TPublicAdvertiser = z.infer<typeof ZPublicAdvertiser>;

/**
 * Body of `POST /api/v1/properties/{id}/report` (issue 9 §4 'Reportar anuncio'; the spec names no report call):
 * a reason from REPORT_REASONS and optional details (at most 1000 characters, trimmed; empty → null).
 */
export const ZReportListingBody = z.object({
  reason: z.enum(REPORT_REASONS, { error: D.reportReasonRequired }),
  details: z.string({ error: D.reportDetailsTooLong }).trim().max(1000, D.reportDetailsTooLong).optional().nullable()
    .transform((s) => (s ? s : null)),
});
export type TReportListingBody = z.infer<typeof ZReportListingBody>;
export type TReportListingInput = z.input<typeof ZReportListingBody>;

/** Answer of the report call: the stored report's id. */
export const ZReportResult = z.object({ ruid: z.string() });
export type TReportResult = z.infer<typeof ZReportResult>;
