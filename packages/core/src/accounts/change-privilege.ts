import { PRIVILEGE_MESSAGES as M } from '@nj/contracts/policies/messages';
import type { Database } from '@nj/db';
import { AppError } from '../errors/app-error.ts';
import { PRIVILEGES, isPrivilege, type Privilege } from '../policies/actor.ts';
import { privilegesRepository } from './privileges-repository.ts';

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
    const client = await privilegesRepository.findRegisteredByEmail(trx, input.email, true);
    if (!client) throw new AppError('NOT_FOUND', M.noAccount(input.email));
    const held = (client.privileges ?? []).filter(isPrivilege);
    const has = held.includes(privilege);
    if (has === (input.action === 'grant')) return { changed: false, privileges: held };
    const next = input.action === 'grant' ? [...held, privilege] : held.filter((p) => p !== privilege);
    await privilegesRepository.record(trx, { cuid: client.cuid, privileges: next, privilege, action: input.action, by });
    return { changed: true, privileges: next };
  });
}

/**
 * The privileges of the registered client with `email` and every recorded change, oldest first.
 * Throws AppError NOT_FOUND when no registered account has that e-mail.
 */
export async function listPrivileges(database: Database, email: string): Promise<{ privileges: Privilege[]; history: PrivilegeChange[] }> {
  const client = await privilegesRepository.findRegisteredByEmail(database.db, email);
  if (!client) throw new AppError('NOT_FOUND', M.noAccount(email));
  const rows = await privilegesRepository.history(database.db, client.cuid);
  return {
    privileges: (client.privileges ?? []).filter(isPrivilege),
    history: rows.map((r) => ({ privilege: r.privilege, action: r.action, granted_by: r.granted_by, at: new Date(r.created_at).toISOString() })),
  };
}
