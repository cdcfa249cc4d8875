import { IMPORT_MESSAGES as M } from '@nj/contracts';
import { RowError } from '../listing-fields.ts';
import { isPlaceholder } from './is-placeholder.ts';

const DECIMAL = String.raw`[-+]?\d{1,3}(?:[.,]\d+)?`;

/**
 * One coordinate in degrees from a lat or lng column (issue 10): '19.4326', '-99.1332', '19,4326' (decimal comma),
 * '19.4326°', '19°25′57″N' / '99°7\'59" O' (degrees, minutes, seconds; S and W/O make it negative). Placeholders and an
 * exact 0 (a missing point in many exports) → null. Throws RowError (Spanish) for present text that is not a
 * coordinate or is out of range (|lat| > 90, |lng| > 180); whether the point is in Mexico is the engine's check.
 */
export function parseCoordinate(text: string | null | undefined, axis: 'lat' | 'lng'): number | null {
  const raw = (text ?? '').trim();
  if (isPlaceholder(raw)) return null;
  const value = readCoordinate(raw);
  if (value === undefined || Math.abs(value) > (axis === 'lat' ? 90 : 180)) throw new RowError(M.badCoordinate(raw));
  return value === 0 ? null : value;
}

/**
 * A point written in one cell (issue 10 'lat_lng' target): '19.4326, -99.1332', '(19.4326,-99.1332)', '19.4326 -99.1332',
 * 'POINT(-99.1332 19.4326)' (WKT: longitude first), a map link with '@19.4326,-99.1332', 'q=19.4326,-99.1332' or
 * 'center=19.4326%2C-99.1332'. Returns { lat, lng } in degrees; placeholders and '0,0' → null. Throws RowError
 * (Spanish) for present text that holds no readable point.
 */
export function parseLatLngText(text: string | null | undefined): { lat: number; lng: number } | null {
  const raw = decodeLink((text ?? '').trim());
  if (isPlaceholder(raw)) return null;
  const wkt = new RegExp(String.raw`^point\s*\(\s*(${DECIMAL})\s+(${DECIMAL})\s*\)$`, 'i').exec(raw);
  const link = new RegExp(String.raw`(?:@|[?&](?:q|query|ll|center)=)(${DECIMAL})\s*,\s*(${DECIMAL})`, 'i').exec(raw);
  const pair = new RegExp(String.raw`^\(?\s*(${DECIMAL})\s*(?:[,;]\s*|\s+)(${DECIMAL})\s*\)?$`).exec(raw.replace(/(\d),(\d)(?=.*[;\s].*\d)/g, '$1.$2'));
  const [latText, lngText] = wkt ? [wkt[2], wkt[1]] : link ? [link[1], link[2]] : pair ? [pair[1], pair[2]] : [];
  if (latText === undefined || lngText === undefined) throw new RowError(M.badCoordinate(raw));
  const lat = parseCoordinate(latText, 'lat');
  const lng = parseCoordinate(lngText, 'lng');
  if (lat === null && lng === null) return null;
  if (lat === null || lng === null) throw new RowError(M.badCoordinate(raw));
  return { lat, lng };
}

/** Decimal degrees from '19.4326', '19,4326', '19.4326°' or degrees-minutes-seconds text; undefined if unreadable. */
function readCoordinate(raw: string): number | undefined {
  const t = raw.replace(/\s+/g, ' ').trim();
  const decimal = /^([-+]?\d{1,3}(?:[.,]\d+)?)\s*°?$/.exec(t);
  if (decimal) return Number((decimal[1] ?? '').replace(',', '.'));
  const dms = /^([-+]?)(\d{1,3})\s*°\s*(?:(\d{1,2}(?:[.,]\d+)?)\s*['′’]\s*)?(?:(\d{1,2}(?:[.,]\d+)?)\s*(?:["″”]|''|′′)\s*)?([NSEWO])?$/i.exec(t);
  if (!dms) return undefined;
  const [, sign, d = '0', m = '0', s = '0', hemisphere = ''] = dms;
  const value = Number(d) + Number(m.replace(',', '.')) / 60 + Number(s.replace(',', '.')) / 3600;
  const negative = sign === '-' || /^[SWO]$/i.test(hemisphere);
  return negative ? -value : value;
}

/** '%2C' and other escapes of a map link decoded; text that is not a valid escape sequence stays as it is. */
function decodeLink(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
