import { describe, expect, it } from 'vitest';
import { openSealed, parseDataKey, sealText } from './seal-text.ts';

const key = Buffer.alloc(32, 1);

describe('sealed personal data (issue 12 Rules)', () => {
  it('seals and opens, differently each time, and never opens under another key or after tampering', () => {
    const a = sealText(key, 'GOMA900101HJCMRR09');
    const b = sealText(key, 'GOMA900101HJCMRR09');
    expect(a).not.toBe(b);
    expect(a).not.toContain('GOMA');
    expect(openSealed(key, a)).toBe('GOMA900101HJCMRR09');
    expect(() => openSealed(Buffer.alloc(32, 2), a)).toThrow();
    const flipped = a.slice(0, -2) + (a.at(-2) === 'A' ? 'B' : 'A') + a.at(-1);
    expect(() => openSealed(key, flipped)).toThrow();
    expect(() => openSealed(key, 'v2.abc')).toThrow();
    expect(openSealed(key, sealText(key, 'Ñandú áéí'))).toBe('Ñandú áéí');
  });

  it('reads the key as hex or base64 of 32 bytes; production needs one', () => {
    expect(parseDataKey('ab'.repeat(32), true)).toEqual(Buffer.alloc(32, 0xab));
    expect(parseDataKey(Buffer.alloc(32, 9).toString('base64'), true)).toEqual(Buffer.alloc(32, 9));
    expect(parseDataKey('corta', false)).toBe('must be 32 bytes as base64 or hex');
    expect(parseDataKey(undefined, true)).toMatch(/must be set in production/);
    expect((parseDataKey(undefined, false) as Buffer).length).toBe(32);
  });
});
