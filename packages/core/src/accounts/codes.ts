import { createHash, randomInt } from 'node:crypto';

/** Upper-case letters and digits without look-alikes (no 0/O, 1/I/L). */
const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

/** A random code of `length` characters from the unambiguous alphabet (PINs, ucodes). */
export function randomCode(length: number): string {
  let s = '';
  for (let i = 0; i < length; i++) s += ALPHABET[randomInt(ALPHABET.length)];
  return s;
}

/** SHA-256 hex of a secret bound to a scope (e.g. cuid + e-mail), so a stored hash matches only there. */
export function hashSecret(scope: string, secret: string): string {
  return createHash('sha256').update(scope).update('\u0000').update(secret).digest('hex');
}
