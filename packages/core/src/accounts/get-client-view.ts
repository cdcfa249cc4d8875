import type { Database } from '@nj/db';
import type { TClient, TClientSettings } from '@nj/contracts';
import { accountsRepository, type TClientRow } from './accounts-repository.ts';
import { isPrivilege } from '../policies/actor.ts';

export type TClientView = { client: TClient; settings: TClientSettings };

/** Hooks other features register to add to the client view (e.g. the rewards ledger's e-money balance). */
const emoneyReaders: Array<(database: Database, cuid: string) => Promise<number>> = [];

/**
 * Lets a feature supply the client's e-money balance (MXN) shown in the view (spec 02 §3 Client.emoney). The
 * rewards feature registers its ledger sum here once at import time.
 */
export function registerEmoneyReader(reader: (database: Database, cuid: string) => Promise<number>): void {
  emoneyReaders.push(reader);
}

/**
 * The API shape of a client row (no password hash, no internal columns); `emoney` in MXN, `isAgencyAdmin` whether
 * the client administers an agency (settings.is_agency_admin, spec 01 §2 navigation).
 */
export function presentClient(row: TClientRow, emoney = 0, isAgencyAdmin = false): TClientView {
  return {
    client: {
      uid: row.cuid,
      id: row.cuid,
      cuid: row.cuid,
      is_anonymous: row.is_anonymous,
      ucode: row.ucode,
      email: row.email,
      nickname: row.nickname,
      bio: row.bio,
      profile_photo_name: row.profile_photo_name,
      phone_number: row.phone_number,
      phone_country_code: row.phone_country_code,
      is_email_verified: row.is_email_verified,
      is_phone_verified: row.is_phone_verified,
      is_identity_verified: row.is_identity_verified,
      emoney,
    },
    settings: { privileges: (row.privileges ?? []).filter(isPrivilege), is_agent: row.is_agent, is_agency_admin: isAgencyAdmin },
  };
}

/**
 * The client as the API shows it, with its settings (spec 02 §3 Client and Client settings; is_agency_admin for the
 * navigation of spec 01 §2), or null when the cuid is unknown. Only ever call it with the session's own cuid for private fields (e-mail, phone).
 */
export async function getClientView(options: { database: Database; cuid: string }): Promise<TClientView | null> {
  const row = await accountsRepository.findByCuid(options.database, options.cuid);
  if (!row) return null;
  let emoney = 0;
  for (const read of emoneyReaders) emoney += await read(options.database, row.cuid);
  const isAgencyAdmin = await accountsRepository.administersAgency(options.database, row.cuid);
  return presentClient(row, emoney, isAgencyAdmin);
}
