import { PROPERTY_TYPES } from '@nj/contracts';
import { describe, expect, it } from 'vitest';
import { PROPERTY_TYPE_SYNONYMS, parsePropertyTypeSynonym } from './parse-property-type.ts';

describe('parsePropertyTypeSynonym', () => {
  it.each([
    ['Casa', 'house'], ['Casa en condominio', 'house'], ['Condominio horizontal', 'house'], ['Villa', 'house'],
    ['Dúplex', 'house'], ['Townhouse', 'house'], ['Casa sola', 'house'], ['CASAS', 'house'],
    ['Departamento compartido', 'apartment'], ['Penthouse', 'apartment'], ['Loft', 'apartment'], ['Estudio', 'apartment'],
    ['Departamentos', 'apartment'], ['PH', 'apartment'],
    ['Terreno habitacional', 'land'], ['Lote', 'land'], ['Terreno / Lote', 'land'], ['Lotes', 'land'],
    ['Local comercial', 'local_comercial'], ['Locales comerciales', 'local_comercial'],
    ['Local en centro comercial', 'local_en_centro_comercial'], ['Oficina', 'oficina'], ['Oficinas', 'oficina'],
    ['Bodega', 'bodega_comercial'], ['Bodega industrial', 'bodega_industrial'], ['Nave industrial', 'nave_industrial'],
    ['Naves industriales', 'nave_industrial'], ['Edificio', 'edificio'], ['Rancho', 'ranch'], ['Quinta', 'ranch'],
    ['Huerta', 'huerta'], ['Cuarto', 'otro'], ['Terreno comercial', 'terreno_comercial'],
    ['Terreno industrial', 'terreno_industrial'], ['Casa con uso de suelo', 'casa_con_uso_de_suelo'],
    ['Departamento en condominio', 'apartment'], ['Inmueble productivo urbano', 'otro'], ['Hotel', 'edificio'],
    ['house', 'house'], ['local_en_centro_comercial', 'local_en_centro_comercial'], ['apartment', 'apartment'],
  ] as const)('%j → %s', (text, type) => {
    expect(parsePropertyTypeSynonym(text)).toBe(type);
  });

  it.each(['Yate', 'Isla privada', '', 'sin dato', null])('%j → null (reported by the caller, not guessed)', (text) => {
    expect(parsePropertyTypeSynonym(text)).toBeNull();
  });

  it('maps every synonym onto one of our property types, under its normalised spelling', () => {
    for (const [word, type] of Object.entries(PROPERTY_TYPE_SYNONYMS)) {
      expect(PROPERTY_TYPES).toContain(type);
      expect(word).toMatch(/^[a-z0-9]+(?: [a-z0-9]+)*$/);
    }
  });
});
