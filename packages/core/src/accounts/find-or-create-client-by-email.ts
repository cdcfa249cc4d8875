import type { Database } from '@nj/db';
import { newCuid } from '../sessions/create-anonymous-session.ts';
import { accountsRepository, isUniqueViolation } from './accounts-repository.ts';
import { randomCode } from './codes.ts';

/** A unique 8-character referral code for a new account. */
export async function newUcode(database: Database): Promise<string> {
  for (;;) {
    const ucode = randomCode(8);
    if (!(await accountsRepository.ucodeExists(database, ucode))) return ucode;
  }
}

/**
 * The registered client of an e-mail address, created when missing (OAuth sign-in, spec 02 §7 /v1/oauth/login).
 * A new account takes over `anonymousCuid` in place when that client is still anonymous (so its likes stay);
 * otherwise a new client is inserted. `emailVerified` (the provider vouches for the address) sets
 * is_email_verified on a new or existing account. No password is set.
 *
 * @param email any case; stored trimmed, compared case-insensitively
 * @param nickname shown name for a new account (default: the part before '@')
 * @returns the cuid and whether the account was created now
 */
export async function findOrCreateClientByEmail(options: {
  database: Database;
  email: string;
  nickname?: string | null;
  emailVerified?: boolean;
  anonymousCuid?: string | null;
}): Promise<{ cuid: string; created: boolean }> {
  const { database } = options;
  const email = options.email.trim();
  const existing = await accountsRepository.findByEmail(database, email);
  if (existing) {
    if (options.emailVerified && !existing.is_email_verified) {
      await accountsRepository.update(database, existing.cuid, { is_email_verified: true });
    }
    return { cuid: existing.cuid, created: false };
  }
  const nickname = (options.nickname?.trim() || email.split('@')[0] || 'Cliente').slice(0, 60);
  const values = { email, nickname, password_hash: null, ucode: await newUcode(database), is_email_verified: !!options.emailVerified };
  try {
    if (options.anonymousCuid && (await accountsRepository.registerAnonymous(database, options.anonymousCuid, values))) {
      return { cuid: options.anonymousCuid, created: true };
    }
    const cuid = newCuid();
    await accountsRepository.insertRegistered(database, { cuid, ...values });
    return { cuid, created: true };
  } catch (error) {
    // Two sign-ins with the same new address at once: the other one created it.
    if (!isUniqueViolation(error)) throw error;
    const raced = await accountsRepository.findByEmail(database, email);
    if (!raced) throw error;
    return { cuid: raced.cuid, created: false };
  }
}
