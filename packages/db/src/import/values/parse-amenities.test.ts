import { describe, expect, it } from 'vitest';
import { parseAmenitiesText } from './parse-amenities.ts';

describe('parseAmenitiesText', () => {
  it.each([
    ['Alberca, Gimnasio, Roof garden', ['gym', 'pool', 'rooftop_terrace']],
    ['Alberca; Gimnasio', ['gym', 'pool']],
    ['Jardín privado • Cocina integral\nAire acondicionado', ['garden', 'aircon', 'integral_kitchen']],
    ['pool|gym', ['gym', 'pool']],
    ['Alberca, alberca', ['pool']],
    ['Elevador, Closets', []],
    ['sin dato', []],
    ['', []],
  ] as const)('%j → %j', (text, flags) => {
    expect([...parseAmenitiesText(text)].sort()).toEqual([...flags].sort());
  });
});
