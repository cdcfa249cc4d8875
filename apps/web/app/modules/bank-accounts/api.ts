import type { TBankAccount, TClabeInfo } from '@nj/contracts/bank-accounts/schemas';
import { api } from '../api/client.ts';

/** React Query key of the signed-in client's bank accounts. */
export const BANK_ACCOUNTS_QUERY_KEY = ['bank-accounts'] as const;

/** GET /api/v1/client/{cuid}/bank-accounts: the client's own accounts, newest first (whole numbers). */
export function getBankAccounts(cuid: string, signal?: AbortSignal): Promise<TBankAccount[]> {
  return api<TBankAccount[]>('GET', `/v1/client/${encodeURIComponent(cuid)}/bank-accounts`, { signal });
}
/** POST /api/v1/client/bank-accounts/info: whether a CLABE is valid and its bank. */
export function checkClabe(clabe: string, signal?: AbortSignal): Promise<TClabeInfo> {
  return api<TClabeInfo>('POST', '/v1/client/bank-accounts/info', { body: { clabe }, signal });
}
/** POST /api/v1/client/bank-accounts: adds a CLABE account or a foreign one (swift + account). */
export function addBankAccount(body: { holder_name: string; clabe?: string; swift?: string; account?: string }): Promise<TBankAccount> {
  return api<TBankAccount>('POST', '/v1/client/bank-accounts', { body });
}
/** DELETE /api/v1/client/bank-accounts/{id}. */
export function deleteBankAccount(id: string): Promise<null> {
  return api<null>('DELETE', `/v1/client/bank-accounts/${encodeURIComponent(id)}`);
}
/** GET /api/v1/rents/{ruid}/bank-account: the account linked to the rent (masked to the tenant). */
export function getRentBankAccount(ruid: string, signal?: AbortSignal): Promise<{ account: TBankAccount | null; is_owner: boolean }> {
  return api('GET', `/v1/rents/${encodeURIComponent(ruid)}/bank-account`, { signal });
}
/** POST /api/v1/rents/link-bank-account: the owner links one of their accounts to the rent. */
export function linkRentBankAccount(ruid: string, bankAccount: string): Promise<TBankAccount> {
  return api<TBankAccount>('POST', '/v1/rents/link-bank-account', { body: { ruid, bank_account: bankAccount } });
}
/** How an account reads in a list: 'Banamex · 0020 1007 7777 7777 71' or 'DEUTDEFF · •••• 3000'. */
export function accountLabel(a: TBankAccount): string {
  const bank = a.bank_name ?? a.swift ?? a.bank_key ?? '';
  return `${bank ? `${bank} · ` : ''}${a.number}`;
}
