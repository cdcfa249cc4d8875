import { describe, expect, it } from 'vitest';
import { findOutline, locationThumbnailSvg, THUMB_HEIGHT, THUMB_WIDTH } from './location-thumbnail.ts';

describe('location picture of a listing without photos (issue 9 §4)', () => {
  it('outlines the colonia around a point in Guadalajara, with the dot inside the picture', () => {
    const outline = findOutline(20.6736, -103.3927); // Providencia area, Guadalajara
    expect(outline?.kind).toBe('colonia');
    const svg = locationThumbnailSvg({ lat: 20.6736, lng: -103.3927 }, outline);
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg" width="400" height="300"/);
    expect(svg).toMatch(/<path d="M[-\d.]+ [-\d.]+(L[-\d.]+ [-\d.]+)+Z" fill="#cdebe7"/);
    const [, cx, cy] = /<circle cx="([\d.]+)" cy="([\d.]+)" r="8"/.exec(svg)!;
    expect(Number(cx)).toBeGreaterThan(0);
    expect(Number(cx)).toBeLessThan(THUMB_WIDTH);
    expect(Number(cy)).toBeGreaterThan(0);
    expect(Number(cy)).toBeLessThan(THUMB_HEIGHT);
  });

  it('falls back to the municipality where no colonia layer reaches (Mérida)', () => {
    expect(findOutline(20.967, -89.623)?.kind).toBe('municipality');
  });

  it('draws only the dot, centred, at sea', () => {
    expect(findOutline(15, -110)).toBeNull();
    const svg = locationThumbnailSvg({ lat: 15, lng: -110 }, null);
    expect(svg).not.toContain('fill="#cdebe7"');
    expect(svg).toContain('<circle cx="200" cy="150" r="8"');
  });
});
