import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { AppError } from '../errors/app-error.ts';

const VERSION = 'v1';

/**
 * The key that seals sensitive personal data at rest (issue 12 'Rules': CURP, RFC, IDMEX; LFPDPPP): 32 bytes from
 * DATA_ENCRYPTION_KEY (base64 or hex of 32 bytes). Outside production, when unset, a fixed development key so data
 * survive a restart of `npm start` — production refuses to start without a real key (server-config.ts).
 * @returns the 32-byte key, or an Error message naming what is wrong with the setting
 */
export function parseDataKey(value: string | undefined, isProduction: boolean): Buffer | string {
  if (!value) return isProduction ? 'must be set in production (32 bytes as base64 or hex)' : createHash('sha256').update('nj-development-data-key').digest();
  const bytes = /^[0-9a-f]{64}$/i.test(value) ? Buffer.from(value, 'hex') : Buffer.from(value, 'base64');
  return bytes.length === 32 ? bytes : 'must be 32 bytes as base64 or hex';
}

/**
 * Seals `text` with AES-256-GCM under `key` (a fresh 12-byte nonce each time, so equal values seal differently).
 * @returns 'v1.' + base64url(nonce ‖ tag ‖ ciphertext)
 */
export function sealText(key: Buffer, text: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]);
  return `${VERSION}.${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url')}`;
}

/**
 * Opens what sealText sealed under the same `key`.
 * @returns the text
 * @throws AppError INTERNAL when the value was not sealed by this key (tampered, or another key): never a wrong text
 */
export function openSealed(key: Buffer, sealed: string): string {
  const [version, payload] = sealed.split('.');
  const raw = Buffer.from(payload ?? '', 'base64url');
  if (version !== VERSION || raw.length < 28) throw new AppError('INTERNAL');
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
    decipher.setAuthTag(raw.subarray(12, 28));
    return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
  } catch {
    throw new AppError('INTERNAL');
  }
}
