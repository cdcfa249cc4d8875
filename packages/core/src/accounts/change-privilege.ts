import { sql } from 'kysely';
import { PRIVILEGE_MESSAGES as M } from '@nj/contracts/policies/messages';
import type { Database } from '@nj/db';
import { AppError } from '../errors/app-error.ts';
import { PRIVILEGES, isPrivilege, type Privilege } from '../policies/actor.ts';
import { normalizeEmail } from './accounts-repository.ts';

/** One recorded change of a privilege. `at` is an ISO 8601 time. */
export type PrivilegeChange = { privilege: string; action: 'grant' | 'revoke'; granted_by: string; at: string };

/**
 * Grants or revokes a privilege (spec 02 §3 privileges: support, ija, association_admin) of the registered client
 * with `email`, as `by` (the operator's name), and records the change in `privilege_grants` in the same
 * transaction (issue 8 §1). A change that changes nothing (granting a privilege already held, revoking one not held)
 * is not recorded. Returns whether it changed and the client's privileges after it.
 * Throws AppError BAD_REQUEST for an unknown privilege or an empty `by`; NOT_FOUND when no registered account has
 * that e-mail. Sessions pick the change up on their next request (the actor is resolved per request).
 */
export async function changePrivilege(
  database: Database,
  input: { email: string; privilege: string; action: 'grant' | 'revoke'; by: string },
): Promise<{ changed: boolean; privileges: Privilege[] }> {
  if (!isPrivilege(input.privilege)) throw new AppError('BAD_REQUEST', M.unknownPrivilege(input.privilege, PRIVILEGES));
  const privilege = input.privilege;
  const by = input.by.trim();
  if (!by) throw new AppError('BAD_REQUEST', M.usage);
  return database.db.transaction().execute(async (trx) => {
    const client = await trx.selectFrom('clients').select(['cuid', 'privileges'])
      .where(sql<string>`lower(email)`, '=', normalizeEmail(input.email)).where('is_anonymous', '=', false)
      .forUpdate().executeTakeFirst();
    if (!client) throw new AppError('NOT_FOUND', M.noAccount(input.email));
    const held = (client.privileges ?? []).filter(isPrivilege);
    const has = held.includes(privilege);
    if (has === (input.action === 'grant')) return { changed: false, privileges: held };
    const next = input.action === 'grant' ? [...held, privilege] : held.filter((p) => p !== privilege);
    await trx.updateTable('clients').set({ privileges: next, updated_at: sql`now()` }).where('cuid', '=', client.cuid).execute();
    await trx.insertInto('privilege_grants').values({ cuid: client.cuid, privilege, action: input.action, granted_by: by }).execute();
    return { changed: true, privileges: next };
  });
}

/**
 * The privileges of the registered client with `email` and every recorded change, oldest first.
 * Throws AppError NOT_FOUND when no registered account has that e-mail.
 */
export async function listPrivileges(database: Database, email: string): Promise<{ privileges: Privilege[]; history: PrivilegeChange[] }> {
  const client = await database.db.selectFrom('clients').select(['cuid', 'privileges'])
    .where(sql<string>`lower(email)`, '=', normalizeEmail(email)).where('is_anonymous', '=', false).executeTakeFirst();
  if (!client) throw new AppError('NOT_FOUND', M.noAccount(email));
  const rows = await database.db.selectFrom('privilege_grants').select(['privilege', 'action', 'granted_by', 'created_at'])
    .where('cuid', '=', client.cuid).orderBy('created_at').orderBy('id').execute();
  return {
    privileges: (client.privileges ?? []).filter(isPrivilege),
    history: rows.map((r) => ({ privilege: r.privilege, action: r.action, granted_by: r.granted_by, at: new Date(r.created_at).toISOString() })),
  };
}
