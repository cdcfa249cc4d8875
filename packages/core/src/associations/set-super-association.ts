import type { Database } from '@nj/db';
import { AppError } from '../errors/app-error.ts';
import { agenciesRepository } from '../agencies/agencies-repository.ts';
import { forgetSites } from '../sites/find-site-by-host.ts';
import { associationsRepository } from './associations-repository.ts';

/** The Spanish lines of `npm run associations`. */
export const ASSOCIATIONS_CLI_MESSAGES = {
  usage: 'Uso: npm run associations -- set-super ASSO_UID | unset-super ASSO_UID | list [--by NOMBRE]',
  notAssociation: (uid: string) => `No hay una asociación con el id ${uid}`,
  otherSuper: (uid: string, name: string) => `Ya hay una super asociación: ${name} (${uid}); quítala primero con unset-super`,
  set: (name: string) => `${name} es ahora la super asociación`,
  unset: (name: string) => `${name} ya no es la super asociación`,
  unchanged: (name: string, isSuper: boolean) => `${name} ${isSuper ? 'ya era' : 'no era'} la super asociación; nada cambió`,
} as const;
const M = ASSOCIATIONS_CLI_MESSAGES;

/**
 * Makes association `assoUid` the super association (spec 01 §2: its members are associations; its site shows the
 * listings of their members and has no directory), or stops it being one, as operator `by`; the change is recorded
 * in association_super_changes (migration 044). One super association at most. A change that changes nothing is not
 * recorded. Drops this process's site cache.
 * @returns `{ changed, name }`
 * @throws AppError NOT_FOUND when `assoUid` is not an association; CONFLICT when another one is the super association;
 *   BAD_REQUEST for an empty `by`
 */
export async function setSuperAssociation(database: Database, input: { assoUid: string; isSuper: boolean; by: string }): Promise<{ changed: boolean; name: string }> {
  const by = input.by.trim();
  if (!by) throw new AppError('BAD_REQUEST', M.usage);
  const result = await database.db.transaction().execute(async (trx) => {
    const asso = await agenciesRepository.find(trx, input.assoUid, true);
    if (!asso || asso.kind !== 'association') throw new AppError('NOT_FOUND', M.notAssociation(input.assoUid));
    if (asso.is_super === input.isSuper) return { changed: false, name: asso.name };
    if (input.isSuper) {
      const other = await associationsRepository.findSuper(trx);
      if (other && other.auid !== asso.auid) throw new AppError('CONFLICT', M.otherSuper(other.auid, other.name));
    }
    await associationsRepository.setSuper(trx, asso.auid, input.isSuper, by);
    return { changed: true, name: asso.name };
  });
  forgetSites();
  return result;
}
