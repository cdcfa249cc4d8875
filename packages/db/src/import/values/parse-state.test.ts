import { describe, expect, it } from 'vitest';
import { knownStateName, parseStateName } from './parse-state.ts';

describe('parseStateName', () => {
  it.each([
    ['Jal.', 'Jalisco'], ['jalisco', 'Jalisco'], ['CDMX', 'Ciudad de México'], ['Distrito Federal', 'Ciudad de México'],
    ['D.F.', 'Ciudad de México'], ['N.L.', 'Nuevo León'], ['Nuevo Leon', 'Nuevo León'], ['Edo. Méx.', 'Estado de México'],
    ['Edomex', 'Estado de México'], ['México', 'Estado de México'], ['Q. Roo', 'Quintana Roo'], ['QRoo', 'Quintana Roo'],
    ['Veracruz', 'Veracruz de Ignacio de la Llave'], ['Michoacán', 'Michoacán de Ocampo'], ['S.L.P.', 'San Luis Potosí'],
    ['BCS', 'Baja California Sur'], ['Baja California', 'Baja California'], ['Yuc.', 'Yucatán'],
    ['Jalisko', 'Jalisko'], ['  Texas ', 'Texas'], ['', null], ['sin dato', null],
  ] as const)('%j → %j', (text, name) => {
    expect(parseStateName(text)).toBe(name);
  });

  it('knows only real states', () => {
    expect(knownStateName('Jalisko')).toBeNull();
    expect(knownStateName('Roma Norte')).toBeNull();
    expect(knownStateName('Col.')).toBe('Colima');
  });
});
