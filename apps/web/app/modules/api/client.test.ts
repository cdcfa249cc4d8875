import { describe, expect, it } from 'vitest';
import { readCookie } from './client.ts';

describe('readCookie', () => {
  it('reads and decodes one cookie, and never throws on a malformed value', () => {
    expect(readCookie('a=1; nj_csrf=x%2Ey; b=2', 'nj_csrf')).toBe('x.y');
    expect(readCookie('nj_sid=%', 'nj_sid')).toBe('%');
    expect(readCookie('nj_sid=%E0%A4', 'nj_sid')).toBe('%E0%A4');
    expect(readCookie('a=1', 'nj_sid')).toBeUndefined();
  });
});
