import { describe, expect, it } from 'vitest';
import { groupSkippedRows, reasonGroupKey } from './group-skipped-rows.ts';

describe('groupSkippedRows', () => {
  it('groups reasons that differ only in their values, most frequent first, with the first lines', () => {
    const rows = [
      { line: 9, reason: 'Tipo de propiedad desconocido: «Isla»' },
      { line: 3, reason: 'Tipo de propiedad desconocido: «Palacio»' },
      { line: 4, reason: 'Faltan las coordenadas' },
      { line: 7, reason: 'Anuncio repetido en el archivo (ya aparece en la línea 2)' },
      { line: 8, reason: 'Anuncio repetido en el archivo (ya aparece en la línea 5)' },
      { line: 12, reason: 'Tipo de propiedad desconocido: «Isla»' },
    ];
    expect(groupSkippedRows(rows, 2)).toEqual([
      { reason: 'Tipo de propiedad desconocido: «…»', count: 3, lines: [3, 9], examples: ['Tipo de propiedad desconocido: «Palacio»', 'Tipo de propiedad desconocido: «Isla»'] },
      { reason: 'Anuncio repetido en el archivo (…)', count: 2, lines: [7, 8], examples: ['Anuncio repetido en el archivo (ya aparece en la línea 2)', 'Anuncio repetido en el archivo (ya aparece en la línea 5)'] },
      { reason: 'Faltan las coordenadas', count: 1, lines: [4], examples: ['Faltan las coordenadas'] },
    ]);
  });

  it('masks the value of an implausible count but keeps the field', () => {
    expect(reasonGroupKey('Datos no creíbles: Recámaras: 120 no es creíble (máximo 50)')).toBe('Datos no creíbles: Recámaras: … no es creíble (…)');
  });
});

describe('groupSkippedRows, one distinct reason', () => {
  it('names the group by the whole reason', () => {
    expect(groupSkippedRows([{ line: 4, reason: 'Tipo de propiedad desconocido: «Castillo medieval»' }])).toEqual([
      { reason: 'Tipo de propiedad desconocido: «Castillo medieval»', count: 1, lines: [4], examples: ['Tipo de propiedad desconocido: «Castillo medieval»'] },
    ]);
  });
});
