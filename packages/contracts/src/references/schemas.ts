import { z } from '../common/zod-locale.ts';
import { REFERENCES_MESSAGES as M } from './messages.ts';

/** Relations of a reference (spec 02 §3): work, family or friend; default work. */
export const REFTYPES = ['work', 'family', 'friend'] as const;
export type TReftype = (typeof REFTYPES)[number];

/** 7 references are required: 6 friends or family and 1 work (spec 02 §5, §9). */
export const REFERENCES_REQUIRED = { total: 7, friendOrFamily: 6, work: 1 } as const;
/** A reference can be reminded once per this many ms (one text message a day per reference). */
export const REFERENCE_REMIND_INTERVAL_MS = 24 * 3600 * 1000;
/** At most this many confirmation messages (saves and reminders) per client in 24 hours. */
export const REFERENCE_MESSAGES_PER_DAY = 20;
/** A confirmation link works this long after it was sent, ms (30 days). */
export const REFERENCE_TOKEN_TTL_MS = 30 * 24 * 3600 * 1000;
/** Web path of the external confirmation (modal 8): `/referencia?token=…`. */
export const referenceConfirmPath = (token: string) => `/referencia?token=${encodeURIComponent(token)}`;

const oneString = (v: unknown) => (Array.isArray(v) && v.length === 1 ? v[0] : v);

/** A phone number as typed (national 10 digits, '+52…', legacy '+521…'); the server normalises it to E.164. */
export const ZReferencePhone = z.string({ error: M.phoneRequired })
  .trim()
  .min(1, { error: M.phoneRequired })
  .max(32, { error: M.phoneInvalid })
  .regex(/^[+\d\s().-]+$/, { error: M.phoneInvalid });

/** One row of the form (modal 10): name, phone_number, reftype (default 'work'). */
export const ZReferenceInput = z.object({
  name: z.string({ error: M.nameRequired }).trim().min(1, { error: M.nameRequired }).max(120, { error: M.nameTooLong }),
  phone_number: ZReferencePhone,
  reftype: z.enum(REFTYPES, { error: M.reftypeInvalid }).default('work'),
}, { error: M.createError });
export type TReferenceInput = z.input<typeof ZReferenceInput>;

/**
 * Body of `POST /api/v1/client/references` (spec 02 §7): one row `{ name, phone_number, reftype }`, or an array of
 * rows saved together (all or none; at most 7). Parsed to an array either way.
 */
export const ZCreateReferencesBody = z.preprocess(
  (v) => (Array.isArray(v) ? v : [v]),
  z.array(ZReferenceInput)
    .min(1, { error: M.noReferences })
    .max(REFERENCES_REQUIRED.total, { error: M.required }),
);
export type TCreateReferencesBody = TReferenceInput | TReferenceInput[];

/** Query of `DELETE /api/v1/client/references?phone_number` and of the reminder call. */
export const ZReferencePhoneQuery = z.object({
  // An unencoded '+' in a query string arrives as a space: ' 523312345678' is read back as '+523312345678'.
  phone_number: z.preprocess((v) => {
    const s = oneString(v);
    return typeof s === 'string' ? s.replace(/^ (?=\d)/, '+') : s;
  }, ZReferencePhone),
});

/** Query of `GET /api/v1/client/reference?token` and `POST /api/v1/client/reference/confirm?token`. */
export const ZReferenceTokenQuery = z.object({
  token: z.preprocess(oneString, z.string({ error: M.tokenInvalid }).min(20, { error: M.tokenInvalid }).max(128, { error: M.tokenInvalid })),
});

/** One saved reference as its owner sees it (spec 02 §3). Phone in E.164 ('+523312345678'); dates ISO 8601. */
export const ZReference = z.object({
  name: z.string(),
  phone_number: z.string(),
  reftype: z.enum(REFTYPES),
  is_confirmed: z.boolean(),
  confirmed_at: z.string().nullable(),
  created_at: z.string(),
  /** When the last confirmation message went out (on save or on a reminder), or null if none was sent. */
  last_sent_at: z.string().nullable(),
  /** When the next reminder is allowed (ISO 8601), or null when allowed now; null for a confirmed reference. */
  can_remind_at: z.string().nullable(),
});
export type TReference = z.infer<typeof ZReference>;

/**
 * The external confirmation (modal 8), loaded by token: the owner (uid, nickname, profile_photo_name), the
 * reference's own phone_number and name, and whether it is already confirmed.
 */
export const ZReferenceConfirmation = z.object({
  token: z.string(),
  uid: z.string(),
  nickname: z.string(),
  profile_photo_name: z.string().nullable(),
  phone_number: z.string(),
  name: z.string(),
  is_confirmed: z.boolean(),
});
export type TReferenceConfirmation = z.infer<typeof ZReferenceConfirmation>;

/** How far a list of references is from the 7 required (shared by the form and the server). */
export function referenceProgress(references: readonly { reftype: TReftype; is_confirmed?: boolean }[]) {
  const work = references.filter((r) => r.reftype === 'work').length;
  const friendOrFamily = references.length - work;
  const confirmed = references.filter((r) => r.is_confirmed).length;
  return {
    work,
    friendOrFamily,
    confirmed,
    missingWork: Math.max(0, REFERENCES_REQUIRED.work - work),
    missingFriendOrFamily: Math.max(0, REFERENCES_REQUIRED.friendOrFamily - friendOrFamily),
    isComplete: work >= REFERENCES_REQUIRED.work && friendOrFamily >= REFERENCES_REQUIRED.friendOrFamily,
  };
}
