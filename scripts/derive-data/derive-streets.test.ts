import { describe, expect, it } from 'vitest';
import { inegiStreetName, joinStreets, lccInverse, simplify, titleCaseEs } from './derive-streets.ts';

describe('derive-streets (issue 9 §1)', () => {
  it('inverts Lambert conformal conic 2SP like the EPSG worked example (Guidance Note 7-2, Texas South Central)', () => {
    // NAD27 / Clarke 1866 in US survey feet: E 2963503.91, N 254759.80 → 28°30′N, 96°00′W.
    const ft = 1200 / 3937;
    const p = { a: 6378206.4 / ft, f: 1 / 294.9786982, lon0: -99, lat0: 27 + 50 / 60, lat1: 28 + 23 / 60, lat2: 30 + 17 / 60, fe: 2_000_000, fn: 0 };
    const [lng, lat] = lccInverse(p, 2963503.91, 254759.80);
    expect(lng).toBeCloseTo(-96, 6);
    expect(lat).toBeCloseTo(28.5, 6);
  });

  it('rebuilds INEGI names the way people write them', () => {
    expect(titleCaseEs('DEL FEDERALISMO NORTE')).toBe('del Federalismo Norte');
    expect(inegiStreetName('CALZADA', 'DEL FEDERALISMO NORTE')).toBe('Calzada del Federalismo Norte');
    expect(inegiStreetName('CALLE', 'PIO XII')).toBe('Calle Pio XII');
    expect(inegiStreetName('AVENIDA', 'JUÁREZ')).toBe('Avenida Juárez');
    expect(inegiStreetName('PRIVADA', 'NINGUNO')).toBe('');
  });

  it('joins the pieces of one street that meet end to end, whatever their direction, and leaves others apart', () => {
    const [joined, other, unnamed] = joinStreets([
      { name: 'Calle Perla', cls: 'street', lines: [[[0, 0], [1, 0]], [[2, 0], [1, 0]]] },
      { name: 'Calle Perla', cls: 'street', lines: [[[2, 0], [3, 0]], [[5, 5], [6, 6]]] },
      { name: '', cls: 'street', lines: [[[3, 0], [4, 0]]] },
      { name: 'Calle Ópalo', cls: 'street', lines: [[[3, 0], [3, 1]]] },
    ]).sort((a, b) => a.name.localeCompare(b.name) * -1);
    expect(joined).toEqual({ name: 'Calle Perla', cls: 'street', lines: [[[0, 0], [1, 0], [2, 0], [3, 0]], [[5, 5], [6, 6]]] });
    expect(other!.name).toBe('Calle Ópalo');
    expect(unnamed).toEqual({ name: '', cls: 'street', lines: [[[3, 0], [4, 0]]] });
  });

  it('simplifies a line within the tolerance and keeps its ends', () => {
    expect(simplify([[0, 0], [1, 0.000001], [2, 0], [2, 1]], 0.00001)).toEqual([[0, 0], [2, 0], [2, 1]]);
  });
});
