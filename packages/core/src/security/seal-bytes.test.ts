import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { AppError } from '../errors/app-error.ts';
import { openSealedBytes, sealBytes } from './seal-bytes.ts';

describe('sealBytes', () => {
  const key = randomBytes(32);
  it('round-trips, never stores the plain bytes, and seals equal files differently', () => {
    const plain = Buffer.from('%PDF-1.7 comprobante de domicilio '.repeat(50));
    const a = sealBytes(key, plain);
    const b = sealBytes(key, plain);
    expect(a.equals(b)).toBe(false);
    expect(a.includes(Buffer.from('comprobante'))).toBe(false);
    expect(openSealedBytes(key, a).equals(plain)).toBe(true);
  });
  it('refuses another key, a flipped byte and garbage', () => {
    const sealed = sealBytes(key, Buffer.from('hola'));
    expect(() => openSealedBytes(randomBytes(32), sealed)).toThrow(AppError);
    const tampered = Buffer.from(sealed);
    tampered[tampered.length - 1]! ^= 1;
    expect(() => openSealedBytes(key, tampered)).toThrow(AppError);
    expect(() => openSealedBytes(key, Buffer.from('hola'))).toThrow(AppError);
  });
});
