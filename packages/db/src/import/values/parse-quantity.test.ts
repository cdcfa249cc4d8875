import { describe, expect, it } from 'vitest';
import { RowError } from '../listing-fields.ts';
import { parseBathrooms, parseQuantity } from './parse-quantity.ts';

describe('parseQuantity', () => {
  it.each([
    ['110 m2 totales', 'land_area_m2', 110],
    ['110 m²', 'construction_area_m2', 110],
    ['1,250.5 m2', 'land_area_m2', 1250.5],
    ['83m²', 'construction_area_m2', 83],
    ['1.5 ha', 'land_area_m2', 15_000],
    ['1,000 sq ft', 'construction_area_m2', 92.9],
    ['1000 ft2 (92.9 m2)', 'construction_area_m2', 92.9],
    ['Terreno 200 m2, construcción 150 m2', 'land_area_m2', 200],
    ['3 recamaras', 'rooms', 3],
    ['3 recámaras', 'rooms', 3],
    ['2 baños', 'bathrooms', 2],
    ['2.5 baños', 'bathrooms', 2],
    ['1 estacionamiento', 'parking_spots', 1],
    ['2 cajones', 'parking_spots', 2],
    ['Estacionamientos: 2', 'parking_spots', 2],
    ['3.0', 'rooms', 3],
    ['dos recámaras', 'rooms', 2],
    ['una recámara', 'rooms', 1],
  ])('%j (%s) → %d', (text, field, value) => {
    expect(parseQuantity(text, field)).toBe(value);
  });

  it.each([
    '', 'sin dato', 'Sin datos', 'N/A', 'n/d', 'ND', '-', '--', 'no disponible', 'no especificado',
    'Propiedad sin metros totales', 'N/D m2', 'sin dato m²', '0', '0 m2', '0.0', 'Recámaras: N/A', 'sin estacionamiento', 'No', 'ninguno',
  ])('%j → null (unknown)', (text) => {
    expect(parseQuantity(text, 'parking_spots')).toBeNull();
    expect(parseQuantity(text, 'land_area_m2')).toBeNull();
  });

  it.each([['muchas', 'rooms'], ['amplio', 'land_area_m2'], ['-3', 'rooms'], ['-110 m2', 'land_area_m2']])('%j (%s) is unreadable: RowError in Spanish', (text, field) => {
    expect(() => parseQuantity(text, field)).toThrow(RowError);
  });

  it('names the field in Spanish in the reason', () => {
    expect(() => parseQuantity('muchas', 'rooms')).toThrow('No se entiende la cantidad de recámaras: «muchas»');
  });
});

describe('parseBathrooms', () => {
  it.each([
    ['2 baños', 2, null],
    ['2.5 baños', 2, 1],
    ['2,5', 2, 1],
    ['3', 3, null],
    ['2 baños y 1 medio baño', 2, 1],
    ['2 completos, 1 medio', 2, 1],
    ['1 1/2', 1, 1],
    ['medio baño', null, 1],
    ['0.5', null, 1],
    ['sin dato', null, null],
    ['0', null, null],
  ])('%j → %s bathrooms + %s halves', (text, bathrooms, halfBathrooms) => {
    expect(parseBathrooms(text)).toEqual({ bathrooms, halfBathrooms });
  });

  it('refuses text with no count', () => {
    expect(() => parseBathrooms('varios')).toThrow(RowError);
  });
});
