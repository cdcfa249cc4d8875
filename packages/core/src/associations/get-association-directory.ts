import type { Database } from '@nj/db';
import { ASSOCIATION_MESSAGES as M, DIRECTORY_PAGE_SIZE, profilePhotoUrls, type TDirectoryPage } from '@nj/contracts';
import { AppError } from '../errors/app-error.ts';
import { agenciesRepository, logoUrl } from '../agencies/agencies-repository.ts';
import type { Actor } from '../policies/actor.ts';
import { associationPolicy } from '../policies/association.ts';
import { authorize } from '../policies/policy.ts';
import { isSiteMember } from '../sites/site-members.ts';
import { associationsRepository } from './associations-repository.ts';

/**
 * GET /v1/associations/{asso_uid}/directory?page (issue 15 'Directory'; spec 01 §2 'Association sites', §3
 * 'Association and directory', §7; decision 029): the administrators and approved agents of the association's
 * approved member agencies, each `{ client: { nickname, photo (thumbnail URL), bio }, agency: { uid, name, logo } }`,
 * de-duplicated by agency uid plus nickname, by agency name then nickname, DIRECTORY_PAGE_SIZE (20) a page; a page
 * past the end has an empty `agents` (no more pages). Public; a private association's directory only for its site's
 * members (isSiteMember). The super association has no directory.
 * @throws AppError NOT_FOUND 'No encontramos esa asociación' (unknown uid or an agency's) / 'Esta asociación no tiene
 *   directorio' (the super association); UNAUTHORIZED / FORBIDDEN for a private one's non-members
 */
export async function getAssociationDirectory(database: Database, input: { actor: Actor; assoUid: string; page: number }): Promise<TDirectoryPage> {
  authorize(input.actor, associationPolicy, 'directory');
  const asso = await agenciesRepository.find(database, input.assoUid);
  if (!asso || asso.kind !== 'association') throw new AppError('NOT_FOUND', M.notFound);
  if (asso.is_super) throw new AppError('NOT_FOUND', M.directoryNotFound);
  const member = asso.is_private && input.actor.cuid ? await isSiteMember(database, asso.auid, input.actor.cuid) : false;
  authorize(input.actor, associationPolicy, 'directory', { admin_cuid: asso.admin_cuid, is_private: asso.is_private, actor_is_member: member });
  const rows = await associationsRepository.directory(database, asso.auid, DIRECTORY_PAGE_SIZE, (input.page - 1) * DIRECTORY_PAGE_SIZE);
  return {
    agents: rows.map((r) => ({
      client: { nickname: r.nickname, photo: profilePhotoUrls(r.profile_photo_name)?.thumbUrl ?? null, bio: r.bio },
      agency: { uid: r.auid, name: r.agency_name, logo: logoUrl(r.agency_logo) },
    })),
    page: input.page,
  };
}
