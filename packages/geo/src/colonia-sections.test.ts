import { describe, expect, it } from 'vitest';
import { sectionBase } from './colonia-sections.ts';

describe('sectionBase', () => {
  it('names the whole of a numbered section', () => {
    expect(sectionBase('polanco ii seccion')).toBe('polanco');
    expect(sectionBase('lomas de chapultepec viii seccion')).toBe('lomas de chapultepec');
    expect(sectionBase('andalucia 1er sector')).toBe('andalucia');
    expect(sectionBase('presidentes ejidales 2a seccion')).toBe('presidentes ejidales');
    expect(sectionBase('los picos de iztacalco seccion 1 a')).toBe('los picos de iztacalco');
  });
  it('names the whole of a compass part', () => {
    expect(sectionBase('narvarte oriente')).toBe('narvarte');
    expect(sectionBase('del valle centro')).toBe('del valle');
    expect(sectionBase('roma norte')).toBe('roma');
    expect(sectionBase('del valle sector oriente')).toBe('del valle');
    expect(sectionBase('arboledas de santa rosa 3er sector norte')).toBe('arboledas de santa rosa');
  });
  it('leaves other names alone', () => {
    for (const n of ['roma', 'gabriel ramos millan seccion bramadero', 'la 1a seccion', '', 'seccion ii', 'el sur']) {
      expect(sectionBase(n), n).toBeNull();
    }
  });
});
