import { describe, expect, it } from 'vitest';
import { MX_STATES } from '@nj/contracts';
import { toCirculoState } from './to-circulo-state.ts';

describe("toCirculoState (Círculo de Crédito's CatalogoEstados)", () => {
  it('maps every state by name, slug, short name and code', () => {
    const codes = MX_STATES.map((s) => toCirculoState(s.name));
    expect(new Set(codes).size).toBe(32);
    for (const state of MX_STATES) {
      const code = toCirculoState(state.name);
      expect(toCirculoState(state.slug)).toBe(code);
      expect(toCirculoState(state.short)).toBe(code);
      expect(toCirculoState(code.toLowerCase())).toBe(code);
    }
  });
  it('reads common spellings', () => {
    expect(toCirculoState('Jalisco')).toBe('JAL');
    expect(toCirculoState('Ciudad de Mexico')).toBe('CDMX');
    expect(toCirculoState('Distrito Federal')).toBe('CDMX');
    expect(toCirculoState('Estado de México')).toBe('MEX');
    expect(toCirculoState('Nuevo León')).toBe('NL');
    expect(toCirculoState('Quintana Roo')).toBe('QROO');
    expect(toCirculoState('Coahuila')).toBe('COAH');
    expect(toCirculoState('Veracruz')).toBe('VER');
    expect(toCirculoState('Michoacán')).toBe('MICH');
  });
  it('refuses anything else with BAD_REQUEST naming the field', () => {
    for (const bad of ['', 'Texas', 'Ciudad', 'Estado']) expect(() => toCirculoState(bad)).toThrow(expect.objectContaining({ code: 'BAD_REQUEST', fields: { state: expect.any(String) } }));
  });
});
