import { describe, expect, it } from 'vitest';
import { createGuard, needsReload } from './reload.ts';

const loaded = { north: 21, south: 20, east: -103, west: -104 };

describe('needsReload', () => {
  it('keeps the results while the centre stays in the inner quarter', () => {
    expect(needsReload(loaded, 12, { north: 21.1, south: 20.1, east: -102.9, west: -103.9 }, 12)).toBe(false);
  });
  it('reloads when the centre leaves the inner quarter', () => {
    expect(needsReload(loaded, 12, { north: 21.4, south: 20.4, east: -103, west: -104 }, 12)).toBe(true);
  });
  it('reloads when the zoom changes', () => {
    expect(needsReload(loaded, 12, loaded, 13)).toBe(true);
    expect(needsReload(loaded, 12, loaded, 12.2)).toBe(false);
  });
  it('reloads when the view reaches well outside the loaded bounds', () => {
    expect(needsReload(loaded, 12, { north: 21.5, south: 19.5, east: -102.5, west: -104.5 }, 12.3)).toBe(true);
  });
});

describe('createGuard', () => {
  it('lets one call through every 2 s', () => {
    let t = 0;
    const guard = createGuard(2000, () => t);
    expect(guard()).toBe(true);
    t = 1500;
    expect(guard()).toBe(false);
    t = 2100;
    expect(guard()).toBe(true);
  });
});
