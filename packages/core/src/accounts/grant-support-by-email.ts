import type { Database } from '@nj/db';
import { changePrivilege } from './change-privilege.ts';

/** Who records the grants of SUPPORT_EMAILS in privilege_grants.granted_by. */
export const SUPPORT_EMAILS_GRANTOR = 'SUPPORT_EMAILS';

/**
 * Whether `email` is named by the SUPPORT_EMAILS entries (lowercased: an exact address, or '@domain' for every
 * address of that domain). Pure.
 */
export function isSupportEmail(entries: readonly string[], email: string | null | undefined): boolean {
  const e = (email ?? '').trim().toLowerCase();
  if (!e.includes('@')) return false;
  return entries.some((entry) => (entry.startsWith('@') ? e.endsWith(entry) && e.length > entry.length : e === entry));
}

/**
 * The SUPPORT_EMAILS bootstrap (issue 14): when registered client `cuid` has a verified e-mail named by `entries`,
 * grants them 'support' through changePrivilege (by 'SUPPORT_EMAILS', recorded in privilege_grants; nothing when
 * already held). Called when a client signs in (login, sign-up, social login) and when they verify their e-mail, so
 * an operator can name the first support user without the privileges command. Once `npm run privileges -- revoke`
 * has revoked a client's support, the setting never grants it to them again (only the command can).
 * @returns true when the privilege was granted now
 */
export async function grantSupportByEmail(database: Database, entries: readonly string[], cuid: string): Promise<boolean> {
  if (entries.length === 0) return false;
  const client = await database.db.selectFrom('clients').select(['email', 'is_email_verified', 'is_anonymous'])
    .where('cuid', '=', cuid).executeTakeFirst();
  if (!client || client.is_anonymous || !client.is_email_verified || !isSupportEmail(entries, client.email)) return false;
  // A revoke recorded for this client (by the privileges command) stands: the setting never grants it back.
  const revoked = await database.db.selectFrom('privilege_grants').select('id')
    .where('cuid', '=', cuid).where('privilege', '=', 'support').where('action', '=', 'revoke').executeTakeFirst();
  if (revoked) return false;
  const { changed } = await changePrivilege(database, { email: client.email!, privilege: 'support', action: 'grant', by: SUPPORT_EMAILS_GRANTOR });
  return changed;
}
