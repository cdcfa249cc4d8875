import { describe, expect, it } from 'vitest';
import { CRM_LIMITS, formatCrmBytes } from './vocabulary.ts';

describe('formatCrmBytes (the CRM documents space in Spanish; decision 032)', () => {
  it('reads bytes, KB, MB and GB with es-MX separators, base 1024', () => {
    expect(formatCrmBytes(0)).toBe('0 bytes');
    expect(formatCrmBytes(1)).toBe('1 byte');
    expect(formatCrmBytes(872)).toBe('872 bytes');
    expect(formatCrmBytes(1536)).toBe('1.5 KB');
    expect(formatCrmBytes(10 * 1024 * 1024)).toBe('10 MB');
    expect(formatCrmBytes(123.45 * 1024 * 1024)).toBe('123.5 MB');
    expect(formatCrmBytes(CRM_LIMITS.docsQuotaAgencyBytes)).toBe('5 GB');
    expect(formatCrmBytes(4.75 * 1024 ** 3)).toBe('4.75 GB');
    expect(formatCrmBytes(3 * 1024 ** 4)).toBe('3 TB');
    expect(formatCrmBytes(-5)).toBe('0 bytes');
  });
});
