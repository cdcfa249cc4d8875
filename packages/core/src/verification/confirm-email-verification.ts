import type { Database } from '@nj/db';
import { hashSecret } from '../accounts/codes.ts';
import { verificationRepository } from './verification-repository.ts';
import { EMAIL_TOKEN_SCOPE } from './send-email-verification.ts';

/**
 * Consumes an e-mail verification link's token (spec 02 §2 modal 6: "After the e-mail is verified the client flag
 * is_email_verified is set to true"). Needs no session: the link may be opened on another device; the token
 * alone proves the mailbox. Returns true when the client's current e-mail is now verified; false for an unknown,
 * used or expired token, or when the account's e-mail changed since the link was sent. Never throws for bad input.
 */
export async function confirmEmailVerification(options: { database: Database; token: string }): Promise<boolean> {
  const token = options.token.trim();
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) return false;
  return options.database.db.transaction().execute(async (trx) => {
    const used = await verificationRepository.consumeEmailToken(trx, hashSecret(EMAIL_TOKEN_SCOPE, token));
    if (!used) return false;
    return verificationRepository.markEmailVerified(trx, used.cuid, used.email);
  });
}
