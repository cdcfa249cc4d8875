import type { TReferrerCard } from '@nj/contracts';
import type { TClientCardRow } from './referrals-repository.ts';

/** A client row as the public referrer card: uid (the client id), ucode, nickname, profile_photo_name. */
export function presentReferrer(row: TClientCardRow): TReferrerCard {
  return { uid: row.cuid, ucode: row.ucode ?? '', nickname: row.nickname, profile_photo_name: row.profile_photo_name };
}
