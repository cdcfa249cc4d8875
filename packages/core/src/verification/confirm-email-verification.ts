import type { Database } from '@nj/db';
import { hashSecret } from '../accounts/codes.ts';
import { grantSupportByEmail } from '../accounts/grant-support-by-email.ts';
import { verificationRepository } from './verification-repository.ts';
import { EMAIL_TOKEN_SCOPE } from './send-email-verification.ts';

/**
 * Consumes an e-mail verification link's token (spec 02 §2 modal 6: "After the e-mail is verified the client flag
 * is_email_verified is set to true"). Needs no session: the link may be opened on another device; the token
 * alone proves the mailbox. Returns true when the client's current e-mail is now verified; false for an unknown,
 * used or expired token, or when the account's e-mail changed since the link was sent. Never throws for bad input.
 * With `supportEmails` (SUPPORT_EMAILS) a listed address is granted 'support' once verified (grantSupportByEmail).
 */
export async function confirmEmailVerification(options: { database: Database; token: string; supportEmails?: readonly string[] }): Promise<boolean> {
  const token = options.token.trim();
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) return false;
  const verified = await options.database.db.transaction().execute(async (trx) => {
    const used = await verificationRepository.consumeEmailToken(trx, hashSecret(EMAIL_TOKEN_SCOPE, token));
    if (!used) return undefined;
    return (await verificationRepository.markEmailVerified(trx, used.cuid, used.email)) ? used.cuid : undefined;
  });
  // Issue 14: an address named by SUPPORT_EMAILS becomes a support user once verified.
  if (verified && options.supportEmails?.length) await grantSupportByEmail(options.database, options.supportEmails, verified);
  return verified !== undefined;
}
