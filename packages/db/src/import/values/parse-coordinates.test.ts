import { describe, expect, it } from 'vitest';
import { RowError } from '../listing-fields.ts';
import { parseCoordinate, parseLatLngText } from './parse-coordinates.ts';

describe('parseCoordinate', () => {
  it.each([
    ['19.4326', 'lat', 19.4326], ['-99.1332', 'lng', -99.1332], ['19,4326', 'lat', 19.4326], ['19.4326°', 'lat', 19.4326],
    ['+20.5', 'lat', 20.5], ['19°30′N', 'lat', 19.5], ['99°30\'00" O', 'lng', -99.5], ['99° 30\' W', 'lng', -99.5],
    ['20°S', 'lat', -20],
  ] as const)('%j (%s) → %d', (text, axis, value) => {
    expect(parseCoordinate(text, axis)).toBeCloseTo(value, 6);
  });

  it.each(['', 'sin dato', '-', '0', '0.0'])('%j → null', (text) => {
    expect(parseCoordinate(text, 'lat')).toBeNull();
  });

  it.each([['91', 'lat'], ['-181', 'lng'], ['norte', 'lat'], ['19.4.3', 'lat']] as const)('%j (%s) is refused', (text, axis) => {
    expect(() => parseCoordinate(text, axis)).toThrow(RowError);
  });
});

describe('parseLatLngText', () => {
  const point = { lat: 19.4326, lng: -99.1332 };
  it.each([
    '19.4326, -99.1332', '19.4326,-99.1332', '(19.4326, -99.1332)', '19.4326 -99.1332', '19,4326 -99,1332', '19.4326; -99.1332',
    'POINT(-99.1332 19.4326)', 'https://www.google.com/maps/@19.4326,-99.1332,15z',
    'https://maps.google.com/?q=19.4326,-99.1332', 'https://maps.googleapis.com/maps/api/staticmap?center=19.4326%2C-99.1332&zoom=15',
  ])('%j', (text) => {
    expect(parseLatLngText(text)).toEqual(point);
  });

  it.each(['', 'sin dato', '0,0', '0, 0'])('%j → null', (text) => {
    expect(parseLatLngText(text)).toBeNull();
  });

  it.each(['Roma Norte', '19.4326', '19.4326, 0', '%E0%A4%A'])('%j is refused', (text) => {
    expect(() => parseLatLngText(text)).toThrow(RowError);
  });
});
