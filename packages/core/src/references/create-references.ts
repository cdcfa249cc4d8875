import type { Database } from '@nj/db';
import { REFERENCES_MESSAGES as M, REFERENCES_REQUIRED, type TReference, type TReftype } from '@nj/contracts';
import { AppError, isAppError } from '../errors/app-error.ts';
import { normalizePhone } from '../verification/normalize-phone.ts';
import { referencesRepository } from './references-repository.ts';
import { sendReferenceMessage, type TReferenceMessenger } from './send-reference-message.ts';
import { listReferences } from './list-references.ts';
import type { Actor } from '../policies/actor.ts';
import { ownRecords } from '../policies/policy.ts';
import { referencePolicy } from '../policies/reference.ts';

/** The owner's own phone in E.164, or null when none (or it no longer parses). */
function ownerE164(owner: { phone_number: string | null; phone_country_code: string | null } | undefined): string | null {
  if (!owner?.phone_number) return null;
  try {
    return normalizePhone(owner.phone_number, owner.phone_country_code).e164;
  } catch {
    return null;
  }
}

/**
 * Saves personal references of the signed-in client (spec 02 §7 `POST /v1/client/references`, §5): each row's
 * name (trimmed), phone normalised to E.164 (Mexico by default; legacy +521 accepted) and reftype. All rows or none.
 * Limits (spec 02 §9): at most 1 work and 6 friends or family references per client (7 required); no phone twice;
 * not the owner's own phone. Then sends each new reference its confirmation link (see sendReferenceMessage); a
 * message that cannot go out (daily limit, provider down) leaves the reference saved, to be reminded later.
 * Returns all the client's references. Throws BAD_REQUEST with the spec's wording.
 */
export async function createReferences(options: {
  database: Database;
  actor: Actor;
  rows: { name: string; phone_number: string; reftype: TReftype }[];
  messenger: TReferenceMessenger;
  log?: (message: string, error: unknown) => void;
}): Promise<TReference[]> {
  const cuid = ownRecords(options.actor, referencePolicy, 'manage_own');
  const { database, messenger } = options;
  if (options.rows.length === 0) throw new AppError('BAD_REQUEST', M.noReferences);
  const rows = options.rows.map((r, i) => {
    const name = r.name.trim().replace(/\s+/g, ' ');
    if (!name) throw new AppError('BAD_REQUEST', M.nameRequired, { [`${i}.name`]: M.nameRequired });
    let phone: string;
    try {
      phone = normalizePhone(r.phone_number).e164;
    } catch (e) {
      const msg = isAppError(e) ? e.msg : M.phoneInvalid;
      throw new AppError('BAD_REQUEST', msg, { [`${i}.phone_number`]: msg });
    }
    return { name, phone_number: phone, reftype: r.reftype };
  });
  if (new Set(rows.map((r) => r.phone_number)).size !== rows.length) throw new AppError('BAD_REQUEST', M.duplicatePhone);

  const created = await database.db.transaction().execute(async (trx) => {
    const scoped = { ...database, db: trx };
    await referencesRepository.lockOwner(scoped, cuid);
    const owner = await referencesRepository.findOwner(scoped, cuid);
    if (!owner) throw new AppError('NOT_FOUND');
    const own = ownerE164(owner);
    if (own && rows.some((r) => r.phone_number === own)) throw new AppError('BAD_REQUEST', M.ownPhone);
    const existing = await referencesRepository.listByOwner(scoped, cuid);
    const phones = new Set(existing.map((r) => r.phone_number));
    if (rows.some((r) => phones.has(r.phone_number))) throw new AppError('BAD_REQUEST', M.duplicatePhone);
    const all = [...existing, ...rows];
    const work = all.filter((r) => r.reftype === 'work').length;
    if (work > REFERENCES_REQUIRED.work) throw new AppError('BAD_REQUEST', M.tooManyWork);
    if (all.length - work > REFERENCES_REQUIRED.friendOrFamily) throw new AppError('BAD_REQUEST', M.tooManyFriendsFamily);
    const ids: { id: number; phone_number: string }[] = [];
    for (const r of rows) ids.push({ id: Number((await referencesRepository.insert(scoped, { cuid, ...r })).id), phone_number: r.phone_number });
    return { ids, nickname: owner.nickname };
  });

  for (const ref of created.ids) {
    try {
      await sendReferenceMessage({ database, messenger, reference: { ...ref, cuid, last_sent_at: null }, ownerNickname: created.nickname });
    } catch (e) {
      options.log?.('reference confirmation message not sent', e);
    }
  }
  return listReferences({ database, actor: options.actor });
}
