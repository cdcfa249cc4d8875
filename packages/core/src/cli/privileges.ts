/**
 * `npm run privileges -- grant|revoke EMAIL PRIVILEGE [--by NAME]` and `npm run privileges -- list EMAIL`
 * (issue 8 §1): grants or revokes support, ija or association_admin to a registered account on the database the
 * server uses (DATABASE_URL, or the embedded one in DATA_DIR), recording who (`--by`, default the operator's login
 * name) and when. Prints one Spanish line; exits 1 on a mistake (unknown privilege or account) with the reason.
 * The embedded database is one process's: stop the server first when it runs on PGlite.
 */
import { userInfo } from 'node:os';
import { PRIVILEGE_MESSAGES as M } from '@nj/contracts/policies/messages';
import { databaseOptions, migrate, openDatabase, readDbConfig } from '@nj/db';
import { isAppError } from '../errors/app-error.ts';
import { changePrivilege, listPrivileges } from '../accounts/change-privilege.ts';

async function main(argv: string[]): Promise<number> {
  const byAt = argv.indexOf('--by');
  const by = byAt >= 0 ? argv[byAt + 1] ?? '' : userInfo().username;
  const args = byAt >= 0 ? argv.filter((_, i) => i !== byAt && i !== byAt + 1) : argv;
  const [command, email, privilege] = args;
  const valid = (command === 'list' && email && args.length === 2) || ((command === 'grant' || command === 'revoke') && email && privilege && args.length === 3);
  if (!valid) {
    console.error(M.usage);
    return 1;
  }
  const database = await openDatabase(databaseOptions(readDbConfig(process.env)));
  try {
    await migrate(database);
    if (command === 'list') {
      const { privileges, history } = await listPrivileges(database, email);
      console.log(M.current(email, privileges));
      for (const h of history) console.log(`  ${h.at}  ${h.action === 'grant' ? '+' : '-'}${h.privilege}  (${h.granted_by})`);
      return 0;
    }
    const action = command as 'grant' | 'revoke';
    const result = await changePrivilege(database, { email, privilege: privilege!, action, by });
    if (action === 'grant') console.log(result.changed ? M.granted(email, privilege!) : M.alreadyGranted(email, privilege!));
    else console.log(result.changed ? M.revoked(email, privilege!) : M.notHeld(email, privilege!));
    console.log(M.current(email, result.privileges));
    return 0;
  } catch (error) {
    if (isAppError(error)) {
      console.error(error.msg);
      return 1;
    }
    throw error;
  } finally {
    await database.close();
  }
}

process.exitCode = await main(process.argv.slice(2));
