import { describe, expect, it } from 'vitest';
import { mapSpecText } from './engine.ts';

describe('mapSpecText (the page\'s column choices as the command\'s --map)', () => {
  it('quotes every column, doubles quotes inside names, and writes an ignored column as -', () => {
    expect(mapSpecText([
      { header: 'Clave interna', target: 'source_id' },
      { header: 'Estatus "real", venta', target: 'type+op_type' },
      { header: 'Notas', target: null },
    ])).toBe('"Clave interna"=source_id,"Estatus ""real"", venta"=type+op_type,"Notas"=-');
  });
  it('gives an empty text for no choices', () => {
    expect(mapSpecText([])).toBe('');
  });
});
