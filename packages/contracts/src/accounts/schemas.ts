import { z } from '../common/zod-locale.ts';
import { ACCOUNT_MESSAGES as M } from './messages.ts';
import { PRIVILEGES } from '../policies/privileges.ts';

/** Password bounds (characters). */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 200;
/** Sign-up PIN: 6 characters of an unambiguous upper-case alphabet, valid 15 minutes, 5 wrong tries. */
export const SIGNUP_PIN_LENGTH = 6;
/** Resend of a PIN or e-mail allowed after this many seconds (spec 02 §9). */
export const RESEND_AFTER_SECONDS = 30;

const email = z
  .string({ error: M.emailRequired })
  .trim()
  .min(1, M.emailRequired)
  .max(254, M.emailInvalid)
  .email({ error: M.emailInvalid });
const password = z
  .string({ error: M.passwordRequired })
  .min(1, M.passwordRequired)
  .min(PASSWORD_MIN_LENGTH, M.passwordTooShort)
  .max(PASSWORD_MAX_LENGTH, M.passwordTooLong);
const nickname = z
  .string({ error: M.nicknameRequired })
  .trim()
  .min(1, M.nicknameRequired)
  .max(60, M.nicknameTooLong);

/** The client as the API shows it (spec 02 §3 Client). `uid` and `id` are the cuid. */
export const ZClient = z.object({
  uid: z.string(),
  id: z.string(),
  cuid: z.string(),
  is_anonymous: z.boolean(),
  ucode: z.string().nullable(),
  email: z.string().nullable(),
  nickname: z.string().nullable(),
  bio: z.string().nullable(),
  profile_photo_name: z.string().nullable(),
  phone_number: z.string().nullable(),
  phone_country_code: z.string().nullable(),
  is_email_verified: z.boolean(),
  is_phone_verified: z.boolean(),
  is_identity_verified: z.boolean(),
  /** Platform e-money balance in MXN (the rewards ledger fills it; 0 until then). */
  emoney: z.number(),
});
export type TClient = z.infer<typeof ZClient>;

/**
 * Client settings (spec 02 §3): privileges (support, ija, association_admin), the agent flag, and whether the client
 * administers an agency (the navigation then links the agency panel and the agent dashboard, spec 01 §2).
 */
export const ZClientSettings = z.object({ privileges: z.array(z.enum(PRIVILEGES)), is_agent: z.boolean(), is_agency_admin: z.boolean() });
export type TClientSettings = z.infer<typeof ZClientSettings>;

/** `{ client, settings }` of a session; both null when there is no session. */
export const ZClientSession = z.object({ client: ZClient.nullable(), settings: ZClientSettings.nullable() });
export type TClientSession = z.infer<typeof ZClientSession>;

/** POST /api/v1/login answer (spec 02 §3 "Login result"). */
export const ZLoginResult = z.object({
  is_new: z.boolean(),
  client: ZClient.nullable(),
  settings: ZClientSettings.nullable(),
});
export type TLoginResult = z.infer<typeof ZLoginResult>;

/** POST /api/v1/login body (spec 02 §7): e-mail, password, existing_id (the anonymous cuid, optional). */
export const ZLoginBody = z.object({
  email,
  password: z.string({ error: M.passwordRequired }).min(1, M.passwordRequired).max(PASSWORD_MAX_LENGTH, M.passwordTooLong),
  existing_id: z.string().max(100).nullish(),
});

/** POST /api/v1/signup body: client (the anonymous cuid), e-mail, nickname, password, optional PIN (uppercased). */
export const ZSignupBody = z.object({
  client: z.string().max(100).nullish(),
  email,
  nickname,
  password,
  pin: z
    .string()
    .trim()
    .max(20, M.pinWrong)
    .transform((v) => v.toUpperCase())
    .nullish()
    .transform((v) => (v ? v : undefined)),
});
export type TSignupBody = z.infer<typeof ZSignupBody>;

/** Answer of the sign-up call before the PIN: which address the PIN went to. */
export const ZSignupPinSent = z.object({ pin_required: z.literal(true), email: z.string(), resend_after: z.number() });

/** POST /api/v1/signup/resend-pin body. */
export const ZResendPinBody = z.object({ email });

/** GET /api/v1/auth/forgot-password query. */
export const ZForgotPasswordQuery = z.object({ email });

/** POST /api/v1/auth/update-password body: the token of the e-mailed link and the new password. */
export const ZUpdatePasswordBody = z.object({
  token: z.string({ error: M.resetLinkInvalid }).min(10, M.resetLinkInvalid).max(200, M.resetLinkInvalid),
  password,
});

/** Keys of the client that POST/PUT /api/v1/client may change. */
export const CLIENT_UPDATABLE_KEYS = ['nickname', 'bio', 'password'] as const;

/** POST/PUT /api/v1/client body: one key and its value (spec 02 §7); 'password' needs old_password (§5). */
export const ZClientUpdateBody = z.object({
  key: z.string({ error: M.keyNotAllowed }).min(1, M.keyNotAllowed).max(60, M.keyNotAllowed),
  value: z.string({ error: M.valueRequired }).max(5000, M.bioTooLong),
  old_password: z.string().max(PASSWORD_MAX_LENGTH).nullish(),
  /** Optional id of the client meant; must be the session's own. */
  cuid: z.string().max(100).nullish(),
  uid: z.string().max(100).nullish(),
});
export type TClientUpdateBody = z.infer<typeof ZClientUpdateBody>;

/** One kept message of GET /api/dev/outbox. */
export const ZOutboxMessage = z.object({
  id: z.number(),
  channel: z.enum(['email', 'sms', 'whatsapp']),
  to: z.string(),
  subject: z.string().nullable(),
  text: z.string(),
  html: z.string().nullable(),
  links: z.array(z.string()),
  codes: z.array(z.string()),
  /** Files of an e-mail (e.g. a confirmed visit's visita.ics), content as text. */
  attachments: z.array(z.object({ filename: z.string(), contentType: z.string(), content: z.string() })).optional(),
  created_at: z.string(),
});
export type TOutboxMessage = z.infer<typeof ZOutboxMessage>;
export const ZOutboxQuery = z.object({
  to: z.string().max(254).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
