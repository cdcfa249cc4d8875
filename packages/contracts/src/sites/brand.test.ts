import { describe, expect, it } from 'vitest';
import { brandColors, colorBrightness, FALLBACK_BRAND_COLOR, textColorOn } from './brand.ts';

describe('branded site colours (spec 03 §9: threshold 180, fallback red)', () => {
  it('computes the W3C brightness', () => {
    expect(colorBrightness('#ffffff')).toBe(255);
    expect(colorBrightness('#000000')).toBe(0);
    expect(colorBrightness('#ff0000')).toBeCloseTo(76.245, 3);
    expect(colorBrightness('red')).toBeNull();
  });

  it('chooses black text only above 180', () => {
    // #b4b4b4 has brightness exactly 180: not above the threshold, so white.
    expect(colorBrightness('#b4b4b4')).toBe(180);
    expect(textColorOn('#b4b4b4')).toBe('#ffffff');
    expect(textColorOn('#b5b5b5')).toBe('#000000');
    expect(textColorOn('#ffeb3b')).toBe('#000000');
    expect(textColorOn('#1a237e')).toBe('#ffffff');
  });

  it('falls back to red for a missing or invalid colour', () => {
    expect(brandColors(null, null)).toEqual({ primary: FALLBACK_BRAND_COLOR, onPrimary: '#ffffff', secondary: FALLBACK_BRAND_COLOR, onSecondary: '#ffffff' });
    expect(brandColors('#FFEB3B', 'nope')).toEqual({ primary: '#ffeb3b', onPrimary: '#000000', secondary: '#ffeb3b', onSecondary: '#000000' });
    expect(textColorOn(undefined)).toBe('#ffffff');
  });
});
