import { z } from '../common/zod-locale.ts';
import { BANK_ACCOUNT_MESSAGES as M } from './messages.ts';

/** Most active bank accounts one client keeps. */
export const MAX_BANK_ACCOUNTS = 10;

const clabeText = z.string({ error: M.invalidBody }).max(40, { error: M.invalidBody });

/** Body of POST /api/v1/client/bank-accounts/info: a CLABE to check (spaces and hyphens allowed). */
export const ZClabeInfoBody = z.strictObject({ clabe: clabeText }, { error: M.invalidBody });

/** Answer of the CLABE check: valid or not, the bank by its first 3 digits (null when unknown), the Spanish message. */
export const ZClabeInfo = z.object({
  valid: z.boolean(),
  bank_key: z.string().nullable(),
  bank_name: z.string().nullable(),
  warning: z.string().nullable(),
  error: z.string().nullable(),
});
export type TClabeInfo = z.infer<typeof ZClabeInfo>;

/**
 * Body of POST /api/v1/client/bank-accounts (spec 03 §3 'Bank account'): a Mexican account by its CLABE, or a
 * foreign one by SWIFT/BIC and account number (or IBAN); the holder's name as the bank has it.
 */
export const ZAddBankAccountBody = z.strictObject({
  holder_name: z.string({ error: M.holderRequired }).trim().min(1, { error: M.holderRequired }).max(120, { error: M.holderTooLong }),
  clabe: clabeText.optional(),
  swift: z.string({ error: M.swiftInvalid }).max(20, { error: M.swiftInvalid }).optional(),
  account: z.string({ error: M.foreignAccountInvalid }).max(50, { error: M.foreignAccountInvalid }).optional(),
}, { error: M.invalidBody });
export type TAddBankAccountBody = z.infer<typeof ZAddBankAccountBody>;

/** One bank account as shown: `number` is whole only to its owner, otherwise masked ('•••• 1234'). */
export const ZBankAccount = z.object({
  id: z.string(),
  kind: z.enum(['clabe', 'foreign']),
  bank_key: z.string().nullable(),
  bank_name: z.string().nullable(),
  swift: z.string().nullable(),
  number: z.string(),
  last4: z.string(),
  holder_name: z.string(),
  created_at: z.string(),
});
export type TBankAccount = z.infer<typeof ZBankAccount>;

/** Params of the bank-account routes. */
export const ZBankAccountParams = z.strictObject({ id: z.string({ error: M.accountNotFound }).min(1, { error: M.accountNotFound }).max(64, { error: M.accountNotFound }) }, { error: M.accountNotFound });
/** Params of GET /api/v1/client/:cuid/bank-accounts. */
export const ZBankAccountsCuidParams = z.strictObject({ cuid: z.string({ error: M.onlyOwnAccounts }).min(1, { error: M.onlyOwnAccounts }).max(64, { error: M.onlyOwnAccounts }) }, { error: M.onlyOwnAccounts });

/** Body of POST /api/v1/rents/link-bank-account (spec 03 §3 Rent 'bank_account'). */
export const ZLinkBankAccountBody = z.strictObject({
  ruid: z.string({ error: M.rentNotFound }).min(1, { error: M.rentNotFound }).max(64, { error: M.rentNotFound }),
  bank_account: z.string({ error: M.accountNotFound }).min(1, { error: M.accountNotFound }).max(64, { error: M.accountNotFound }),
}, { error: M.invalidBody });

/** Answer of GET /api/v1/rents/:ruid/bank-account: the linked account (masked to anyone but its owner) or null. */
export const ZRentBankAccount = z.object({ account: ZBankAccount.nullable(), is_owner: z.boolean() });
