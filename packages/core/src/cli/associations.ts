/**
 * `npm run associations -- set-super ASSO_UID | unset-super ASSO_UID [--by NAME]` and `npm run associations -- list`
 * (issue 15; decision 029): makes an association the super association (or not) on the database the server uses
 * (DATABASE_URL, or the embedded one in DATA_DIR), recording who (`--by`, default the operator's login name) and when
 * in association_super_changes, as `npm run privileges` records privilege changes. `list` prints every association
 * with its uid, state and whether it is the super association. Prints Spanish lines; exits 1 on a mistake with the
 * reason. The embedded database is one process's: stop the server first when it runs on PGlite.
 */
import { userInfo } from 'node:os';
import { databaseOptions, migrate, openDatabase, readDbConfig } from '@nj/db';
import { agencyTables } from '../agencies/agencies-tables.ts';
import { isAppError } from '../errors/app-error.ts';
import { ASSOCIATIONS_CLI_MESSAGES as M, setSuperAssociation } from '../associations/set-super-association.ts';

async function main(argv: string[]): Promise<number> {
  const byAt = argv.indexOf('--by');
  const by = byAt >= 0 ? argv[byAt + 1] ?? '' : userInfo().username;
  const args = byAt >= 0 ? argv.filter((_, i) => i !== byAt && i !== byAt + 1) : argv;
  const [command, uid] = args;
  const valid = (command === 'list' && args.length === 1) || ((command === 'set-super' || command === 'unset-super') && uid && args.length === 2);
  if (!valid) {
    console.error(M.usage);
    return 1;
  }
  const database = await openDatabase(databaseOptions(readDbConfig(process.env)));
  try {
    await migrate(database);
    if (command === 'list') {
      const rows = await agencyTables(database).selectFrom('agencies').select(['auid', 'name', 'mexican_state', 'is_super', 'base_domain'])
        .where('kind', '=', 'association').orderBy('name').execute();
      for (const r of rows) console.log(`${r.auid}  ${r.name}  ${r.mexican_state ?? '-'}  ${r.base_domain ?? '-'}${r.is_super ? '  (super)' : ''}`);
      return 0;
    }
    const isSuper = command === 'set-super';
    const result = await setSuperAssociation(database, { assoUid: uid!, isSuper, by });
    console.log(result.changed ? (isSuper ? M.set(result.name) : M.unset(result.name)) : M.unchanged(result.name, isSuper));
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
