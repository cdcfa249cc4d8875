import { describe, expect, it } from 'vitest';
import { centralLoginUrl, newLoginState, statesMatch } from './state.ts';

describe('branded login state (spec 03 §2, §5)', () => {
  it('is 12 alphanumerics from the random source, redrawing bytes that would bias it', () => {
    expect(newLoginState()).toMatch(/^[A-Za-z0-9]{12}$/);
    expect(newLoginState()).not.toBe(newLoginState());
    // 255 and 248 are redrawn; 0 → 'A', 61 → '9', 62 → 'A' again.
    let call = 0;
    const fixed = (bytes: Uint8Array<ArrayBuffer>) => {
      if (call++ > 0) return bytes.fill(0);
      bytes.fill(255);
      bytes.set([248, 61, 62, 25, 26]);
      return bytes;
    };
    expect(newLoginState(fixed)).toBe('9AZa' + 'A'.repeat(8));
  });

  it('matches only an equal, well-formed state', () => {
    expect(statesMatch('AbC123xyZ789', 'AbC123xyZ789')).toBe(true);
    expect(statesMatch('AbC123xyZ789', 'AbC123xyZ788')).toBe(false);
    expect(statesMatch(null, 'AbC123xyZ789')).toBe(false);
    expect(statesMatch('AbC123xyZ789', null)).toBe(false);
    expect(statesMatch('x', 'x')).toBe(false);
  });

  it('builds the central login address on the product host', () => {
    expect(centralLoginUrl('http://127.0.0.1:4100', 'asociacion.test', 'AbC123xyZ789'))
      .toBe('http://127.0.0.1:4100/integrations-login?return_to=asociacion.test&state=AbC123xyZ789');
  });
});
