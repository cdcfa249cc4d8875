import { describe, expect, it } from 'vitest';
import { splitTypeAndOperation } from './split-type-and-operation.ts';

describe('splitTypeAndOperation', () => {
  it.each([
    ['Casa en Venta', 'house', 'venta'],
    ['Departamento en Renta', 'apartment', 'renta'],
    ['Renta de oficina', 'oficina', 'renta'],
    ['Venta de terreno', 'land', 'venta'],
    ['Casa en condominio en venta', 'house', 'venta'],
    ['Se renta departamento', 'apartment', 'renta'],
    ['Se vende casa', 'house', 'venta'],
    ['Casas en venta', 'house', 'venta'],
    ['Local comercial en renta', 'local_comercial', 'renta'],
    ['Preventa de departamentos', 'apartment', 'venta'],
    ['Departamento en alquiler', 'apartment', 'renta'],
    ['Remate bancario de casa', 'house', 'venta'],
    ['Hermosa casa en venta en Zapopan', 'house', 'venta'],
    ['Bodega industrial en renta', 'bodega_industrial', 'renta'],
    ['Apartment for rent', 'apartment', 'renta'],
    ['House for sale', 'house', 'venta'],
    ['Venta', null, 'venta'],
    ['Renta', null, 'renta'],
    ['Casa', 'house', null],
    ['Yate en venta', null, 'venta'],
    ['', null, null],
  ] as const)('%j → %s / %s', (text, propertyType, opType) => {
    expect(splitTypeAndOperation(text)).toEqual({ propertyType, opType });
  });
});
