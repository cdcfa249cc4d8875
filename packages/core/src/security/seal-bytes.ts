import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { AppError } from '../errors/app-error.ts';

/** Marks a sealed file (and its format version): 'NJS1'. */
const MAGIC = Buffer.from('NJS1', 'latin1');
const HEADER = MAGIC.length + 12 + 16;

/**
 * Seals a file's bytes with AES-256-GCM under `key` (the 32-byte data key of seal-text.ts; a fresh 12-byte nonce
 * each time), for documents kept at rest (issue 12 'Rules': INE scans, proofs of address and income; decision 016).
 * @returns 'NJS1' ‖ nonce (12) ‖ tag (16) ‖ ciphertext — 32 bytes longer than `plain`
 */
export function sealBytes(key: Buffer, plain: Buffer): Buffer {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(plain), cipher.final()]);
  return Buffer.concat([MAGIC, iv, cipher.getAuthTag(), body]);
}

/**
 * Opens what sealBytes sealed under the same `key`.
 * @returns the original bytes
 * @throws AppError INTERNAL when the bytes were not sealed by this key or were altered (never wrong bytes)
 */
export function openSealedBytes(key: Buffer, sealed: Buffer): Buffer {
  if (sealed.length < HEADER || !sealed.subarray(0, MAGIC.length).equals(MAGIC)) throw new AppError('INTERNAL');
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, sealed.subarray(MAGIC.length, MAGIC.length + 12));
    decipher.setAuthTag(sealed.subarray(MAGIC.length + 12, HEADER));
    return Buffer.concat([decipher.update(sealed.subarray(HEADER)), decipher.final()]);
  } catch {
    throw new AppError('INTERNAL');
  }
}
