import { randomUUID } from 'node:crypto';
import { BANK_ACCOUNT_MESSAGES as M, MAX_BANK_ACCOUNTS, PERSON_MESSAGES as P, type TAddBankAccountBody, type TBankAccount, type TClabeInfo } from '@nj/contracts';
import type { Database } from '@nj/db';
import { AppError } from '../errors/app-error.ts';
import { validateClabe } from '../person-data/validate-clabe.ts';
import type { Actor } from '../policies/actor.ts';
import { ownCuid } from '../policies/policy.ts';
import { openSealed, sealText } from '../security/seal-text.ts';
import { payoutTables, type PayoutDb } from '../payouts/payouts-tables.ts';
import { releaseAwaitingPayouts } from '../payouts/schedule-payout.ts';
import { normalizeForeignAccount, normalizeSwift } from './validate-swift.ts';

/** What the bank-account verbs use: the database and the key that seals account numbers at rest. */
export type BankAccountDeps = { database: Database; dataKey: Buffer };

type AccountRow = {
  bauid: string; cuid: string; kind: 'clabe' | 'foreign'; bank_key: string | null; bank_name: string | null; swift: string | null;
  number_sealed: string; last4: string; holder_name: string; created_at: Date;
};

/** '•••• 1234': how an account number shows to anyone but its owner. */
export function maskAccountNumber(last4: string): string {
  return `•••• ${last4}`;
}

/** The public shape of an account row; `whole`: the viewer is its owner (the sealed number is opened). */
function toBankAccount(row: AccountRow, whole: boolean, dataKey: Buffer): TBankAccount {
  return {
    id: row.bauid, kind: row.kind, bank_key: row.bank_key, bank_name: row.bank_name, swift: row.swift,
    number: whole ? openSealed(dataKey, row.number_sealed) : maskAccountNumber(row.last4), last4: row.last4,
    holder_name: row.holder_name, created_at: new Date(row.created_at).toISOString(),
  };
}

const COLUMNS = ['bauid', 'cuid', 'kind', 'bank_key', 'bank_name', 'swift', 'number_sealed', 'last4', 'holder_name', 'created_at'] as const;

/**
 * Checks a CLABE for POST /api/v1/client/bank-accounts/info (spec 03 §7): its check digit (weights 3,7,1 mod 10) and
 * the bank named by its first three digits (Banxico's SPEI participants, person-data/clabe-banks.ts). An unknown bank
 * code is valid with a warning. Never throws.
 * @returns `{ valid, bank_key, bank_name, warning, error }` with Spanish texts
 */
export function clabeInfo(clabe: string): TClabeInfo {
  const check = validateClabe(clabe);
  const error = check.issues.find((i) => i.severity === 'error');
  if (error || !check.parsed) return { valid: false, bank_key: null, bank_name: null, warning: null, error: error?.msg ?? P.clabeCheckDigit };
  const warning = check.issues.find((i) => i.severity === 'warning');
  return { valid: true, bank_key: check.parsed.bankCode, bank_name: check.parsed.bankName, warning: warning?.msg ?? null, error: null };
}

/**
 * Lists the active bank accounts of client `cuid` (GET /api/v1/client/{cuid}/bank-accounts, spec 03 §7), newest first.
 * Only the owner reads them (whole numbers); the rent's other party sees the linked one masked (getRentBankAccount).
 * @throws AppError FORBIDDEN M.onlyOwnAccounts for another client's accounts
 */
export async function listBankAccounts(deps: BankAccountDeps, actor: Actor, cuid: string): Promise<TBankAccount[]> {
  if (ownCuid(actor) !== cuid) throw new AppError('FORBIDDEN', M.onlyOwnAccounts);
  const rows = await payoutTables(deps.database).selectFrom('bank_accounts').select(COLUMNS)
    .where('cuid', '=', cuid).where('isdel', '=', false).orderBy('created_at', 'desc').orderBy('bauid', 'desc').execute();
  return rows.map((r) => toBankAccount(r, true, deps.dataKey));
}

/**
 * Adds a bank account of the signed-in client (POST /api/v1/client/bank-accounts, spec 03 §3 'Bank account'): a CLABE
 * (checked: 18 digits and its check digit; the bank named from its first 3 digits) or a foreign SWIFT/BIC and account
 * number. The number is sealed (AES-256-GCM, DATA_ENCRYPTION_KEY) with its last 4 digits kept for display. Payouts
 * waiting for an account are released in the same transaction (decision 025).
 * @returns the new account (whole number: the caller is its owner)
 * @throws AppError BAD_REQUEST with the Spanish reason (CLABE, SWIFT, account, neither given); CONFLICT M.duplicateAccount
 *   when the same number is active already; CONFLICT M.tooManyAccounts past MAX_BANK_ACCOUNTS
 */
export async function addBankAccount(deps: BankAccountDeps, actor: Actor, body: TAddBankAccountBody): Promise<TBankAccount> {
  const cuid = ownCuid(actor);
  let fields: { kind: 'clabe' | 'foreign'; number: string; bank_key: string | null; bank_name: string | null; swift: string | null };
  if (body.clabe !== undefined && body.clabe.trim() !== '') {
    const check = validateClabe(body.clabe);
    const error = check.issues.find((i) => i.severity === 'error');
    if (error || !check.parsed) throw new AppError('BAD_REQUEST', error?.msg ?? P.clabeCheckDigit);
    fields = { kind: 'clabe', number: check.value, bank_key: check.parsed.bankCode, bank_name: check.parsed.bankName, swift: null };
  } else if (body.swift !== undefined || body.account !== undefined) {
    const swift = normalizeSwift(body.swift ?? '');
    if (!swift) throw new AppError('BAD_REQUEST', M.swiftInvalid);
    const number = normalizeForeignAccount(body.account ?? '');
    if (!number) throw new AppError('BAD_REQUEST', M.foreignAccountInvalid);
    fields = { kind: 'foreign', number, bank_key: null, bank_name: null, swift };
  } else {
    throw new AppError('BAD_REQUEST', M.clabeOrSwift);
  }
  const last4 = fields.number.slice(-4);
  return deps.database.db.transaction().execute(async (trx) => {
    const k = payoutTables(trx);
    const active = await k.selectFrom('bank_accounts').select(['number_sealed', 'last4']).where('cuid', '=', cuid).where('isdel', '=', false).forUpdate().execute();
    if (active.some((a) => a.last4 === last4 && openSealed(deps.dataKey, a.number_sealed) === fields.number)) throw new AppError('CONFLICT', M.duplicateAccount);
    if (active.length >= MAX_BANK_ACCOUNTS) throw new AppError('CONFLICT', M.tooManyAccounts);
    const bauid = randomUUID();
    const row = await k.insertInto('bank_accounts').values({
      bauid, cuid, kind: fields.kind, bank_key: fields.bank_key, bank_name: fields.bank_name, swift: fields.swift,
      number_sealed: sealText(deps.dataKey, fields.number), last4, holder_name: body.holder_name.trim(), deleted_at: null,
    }).returning(COLUMNS).executeTakeFirstOrThrow();
    await releaseAwaitingPayouts(trx, cuid);
    return toBankAccount(row, true, deps.dataKey);
  });
}

/**
 * Soft-deletes one of the signed-in client's accounts (`isdel`, spec 03 §3; DELETE /api/v1/client/bank-accounts/{id}).
 * A rent linked to it loses the link (its next owner payouts wait for a new one); payouts already sent keep it.
 * @throws AppError NOT_FOUND M.accountNotFound when it is not theirs, unknown or deleted already
 */
export async function deleteBankAccount(deps: BankAccountDeps, actor: Actor, bauid: string): Promise<void> {
  const cuid = ownCuid(actor);
  await deps.database.db.transaction().execute(async (trx) => {
    const k = payoutTables(trx);
    const done = await k.updateTable('bank_accounts').set({ isdel: true, deleted_at: new Date() })
      .where('bauid', '=', bauid).where('cuid', '=', cuid).where('isdel', '=', false).executeTakeFirst();
    if (Number(done.numUpdatedRows) === 0) throw new AppError('NOT_FOUND', M.accountNotFound);
    await k.updateTable('rents').set({ bank_account: null }).where('bank_account', '=', bauid).execute();
  });
}

/**
 * Links one of the owner's accounts to a rent for its payouts (POST /api/v1/rents/link-bank-account; spec 03 §3 Rent
 * 'bank_account'). Owner payouts of the rent waiting for an account are released in the same transaction.
 * @throws AppError NOT_FOUND M.rentNotFound (unknown rent, or not a party), FORBIDDEN M.onlyOwnerLinks (the tenant),
 *   NOT_FOUND M.accountNotFound (not the owner's active account)
 */
export async function linkRentBankAccount(deps: BankAccountDeps, actor: Actor, input: { ruid: string; bauid: string }): Promise<TBankAccount> {
  const cuid = ownCuid(actor);
  return deps.database.db.transaction().execute(async (trx) => {
    const k = payoutTables(trx);
    const rent = await k.selectFrom('rents').select(['owner_cuid', 'renter_cuid']).where('ruid', '=', input.ruid).forUpdate().executeTakeFirst();
    if (!rent || (rent.owner_cuid !== cuid && rent.renter_cuid !== cuid)) throw new AppError('NOT_FOUND', M.rentNotFound);
    if (rent.owner_cuid !== cuid) throw new AppError('FORBIDDEN', M.onlyOwnerLinks);
    const account = await k.selectFrom('bank_accounts').select(COLUMNS).where('bauid', '=', input.bauid).where('cuid', '=', cuid)
      .where('isdel', '=', false).executeTakeFirst();
    if (!account) throw new AppError('NOT_FOUND', M.accountNotFound);
    await k.updateTable('rents').set({ bank_account: input.bauid }).where('ruid', '=', input.ruid).execute();
    await releaseAwaitingPayouts(trx, cuid);
    return toBankAccount(account, true, deps.dataKey);
  });
}

/**
 * The account linked to a rent (GET /api/v1/rents/{ruid}/bank-account): whole number to the owner, masked
 * ('•••• 1234') to the tenant, who sees where their rent goes.
 * @throws AppError NOT_FOUND M.rentNotFound when the actor is not a party of the rent
 */
export async function getRentBankAccount(deps: BankAccountDeps, actor: Actor, ruid: string): Promise<{ account: TBankAccount | null; is_owner: boolean }> {
  const cuid = ownCuid(actor);
  const k = payoutTables(deps.database);
  const rent = await k.selectFrom('rents').select(['owner_cuid', 'renter_cuid', 'bank_account']).where('ruid', '=', ruid).executeTakeFirst();
  if (!rent || (rent.owner_cuid !== cuid && rent.renter_cuid !== cuid)) throw new AppError('NOT_FOUND', M.rentNotFound);
  const isOwner = rent.owner_cuid === cuid;
  if (!rent.bank_account) return { account: null, is_owner: isOwner };
  const row = await k.selectFrom('bank_accounts').select(COLUMNS).where('bauid', '=', rent.bank_account).where('isdel', '=', false).executeTakeFirst();
  return { account: row ? toBankAccount(row, isOwner, deps.dataKey) : null, is_owner: isOwner };
}

export type { PayoutDb };
