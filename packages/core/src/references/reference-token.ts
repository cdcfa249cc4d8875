import { createHash, randomBytes } from 'node:crypto';

/** A new confirmation token: 32 random bytes, base64url (43 characters). Only its hash is stored. */
export function newReferenceToken(): string {
  return randomBytes(32).toString('base64url');
}

/** SHA-256 hex of a confirmation token, as stored in reference_tokens.token_hash. */
export function hashReferenceToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
