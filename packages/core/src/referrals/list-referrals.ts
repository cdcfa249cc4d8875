import type { Database } from '@nj/db';
import { REFERRALS_PAGE_SIZE, type TReferralsPage } from '@nj/contracts';
import { referralsRepository } from './referrals-repository.ts';
import { presentReferrer } from './present-referrer.ts';
import { ensureUcode } from './ensure-ucode.ts';
import type { Actor } from '../policies/actor.ts';
import { ownRecords } from '../policies/policy.ts';
import { referralPolicy } from '../policies/referral.ts';

/**
 * The signed-in client's referral page (spec 02 §7 `GET /v1/client/referrals?page`): its own ucode (generated if
 * missing), who referred it, and one page (1-based, REFERRALS_PAGE_SIZE) of the people it referred, newest first,
 * with public fields only. Reads nothing of other clients beyond those public fields.
 */
export async function listReferrals(options: { database: Database; actor: Actor; page: number }): Promise<TReferralsPage> {
  const cuid = ownRecords(options.actor, referralPolicy, 'manage_own');
  const { database } = options;
  const page = Math.max(1, Math.floor(options.page));
  const ucode = await ensureUcode({ database, cuid });
  const [mine, total, rows] = await Promise.all([
    referralsRepository.findReferral(database, cuid),
    referralsRepository.countByReferrer(database, cuid),
    referralsRepository.listByReferrer(database, cuid, REFERRALS_PAGE_SIZE, (page - 1) * REFERRALS_PAGE_SIZE),
  ]);
  const referrer = mine ? await referralsRepository.findCard(database, mine.referrer_cuid) : undefined;
  return {
    ucode,
    referred_by: referrer ? presentReferrer(referrer) : null,
    referrals: rows.map((r) => ({
      uid: r.cuid, nickname: r.nickname, profile_photo_name: r.profile_photo_name, joined_at: new Date(r.created_at).toISOString(),
    })),
    page,
    page_size: REFERRALS_PAGE_SIZE,
    total,
  };
}
