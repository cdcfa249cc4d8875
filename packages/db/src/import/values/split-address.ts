import { cleanText, normalizeText } from '../listing-fields.ts';
import { isPlaceholder } from './is-placeholder.ts';
import { knownStateName as stateOf } from './parse-state.ts';

/** The parts an address string is split into (each null when the text does not say). */
export type AddressSplit = {
  street: string | null; exteriorNumber: string | null; colonia: string | null; postalCode: string | null;
  municipality: string | null; state: string | null;
};

const COUNTRY = /^(?:mexico|mx|mex|republica mexicana)$/;
const STREET_START = /^(?:calle|c|av|avda|avenida|blvd|boulevard|bulevar|calz|calzada|carr|carretera|camino|cda|cerrada|circuito|cto|priv|privada|prol|prolongacion|paseo|andador|retorno|ret|periferico|eje|viaducto|callejon|diagonal|km|kilometro|lote|manzana|mz)\b/;
const COLONIA_LABEL = /^(?:colonia|col|fraccionamiento|fracc|frac)\b\.?\s*:?\s*/i;
const MUNICIPALITY_LABEL = /^(?:municipio de|municipio|mpio\.? de|mpio|alcald[ií]a|delegaci[oó]n|del\.)\s*:?\s*/i;
const CITY_LABEL = /^(?:ciudad|localidad)\s*:\s*/i;
const POSTAL = /(?:\bc\.?\s*p\.?\s*:?\s*|\bc[oó]digo postal\s*:?\s*)?\b(\d{5})\b/i;

/**
 * Splits an address written in one cell (issue 10 "an address string 'Colonia, Municipio, Estado' or 'Calle 123,
 * Colonia, C.P. 44600, Municipio, Estado'") into street, exterior number, colonia, postal code, municipality and state:
 * - parts are separated by ',', ';', '|', line breaks or ' - '; 'México' after a state is the country and dropped;
 * - a 5-digit postal code ('C.P. 44600', '44160 Guadalajara') is taken out of its part;
 * - the state is the last part when it names one by name or abbreviation ('Jal.', 'CDMX', 'N.L.', 'Edo. Méx.',
 *   'Q. Roo', 'DF'; written as MX_STATES does), also at the end of the last part ('Guadalajara, Jal.' / 'Zapopan Jal.');
 * - labelled parts go where they say ('Col. Del Valle' → colonia 'Del Valle', 'Alcaldía Cuauhtémoc' → municipality);
 * - the first part is the street when it starts with a street word (Calle, Av., Blvd., Privada…) or holds a number
 *   and more parts follow; its trailing number ('Av. Chapultepec 480 Int 5' → 'Av. Chapultepec' + '480'; '#123';
 *   'S/N' → none) becomes the exterior number, interior numbers are dropped, kilometre and lot/block numbers stay in
 *   the street;
 * - the remaining parts, in order: two or more → colonia then municipality (with three or more and no street, the
 *   first ones are the street); one after a street and without a state → colonia; otherwise one → municipality
 *   (a single name cannot be told apart here: the geocoder tries it as a colonia too); a lone name that is also a
 *   state's ('Puebla') is that municipality in that state.
 * Placeholders → every part null. Never throws.
 */
export function splitAddress(text: string | null | undefined): AddressSplit {
  const out: AddressSplit = { street: null, exteriorNumber: null, colonia: null, postalCode: null, municipality: null, state: null };
  if (isPlaceholder(text)) return out;
  let parts = (text ?? '').split(/[,;|\n\r]|\s+-\s+/).map((p) => p.trim()).filter((p) => !isPlaceholder(p));

  // postal code
  parts = parts.flatMap((part, i) => {
    if (out.postalCode) return [part];
    const m = POSTAL.exec(part);
    const labelled = m && /^\D*(?:c|c[oó]digo postal)\b/i.test(part.slice(m.index, m.index + m[0].length));
    if (!m || (!labelled && i === 0 && parts.length > 1)) return [part];
    out.postalCode = m[1] ?? null;
    const rest = cleanText(`${part.slice(0, m.index)} ${part.slice(m.index + m[0].length)}`.replace(/^[\s,.:-]+|[\s,.:-]+$/g, ''));
    return rest ? [rest] : [];
  });

  // country, then state at the end
  if (parts.length >= 2 && COUNTRY.test(normalizeText(parts[parts.length - 1] ?? '')) && stateOf(parts[parts.length - 2] ?? '')) {
    parts = parts.slice(0, -1);
  }
  if (parts.length >= 2) {
    const last = parts[parts.length - 1] ?? '';
    const state = COLONIA_LABEL.test(last) && !/^col\.?$/i.test(last) ? null : stateOf(last);
    if (state) {
      out.state = state;
      parts = parts.slice(0, -1);
    } else {
      const tail = trailingState(last);
      if (tail) {
        out.state = tail.state;
        parts[parts.length - 1] = tail.rest;
      }
    }
  }

  // 'Cuauhtémoc, Ciudad de México, CDMX': the capital's name before its state repeats the state (no municipality has it)
  if (out.state === 'Ciudad de México' && parts.length >= 2) parts = parts.filter((p) => stateOf(p) !== 'Ciudad de México');

  // labelled parts
  const unlabelled: string[] = [];
  parts.forEach((part, i) => {
    if (COLONIA_LABEL.test(part) && part.replace(COLONIA_LABEL, '') !== '' && !out.colonia) out.colonia = cleanText(part.replace(COLONIA_LABEL, ''));
    else if (MUNICIPALITY_LABEL.test(part) && part.replace(MUNICIPALITY_LABEL, '') !== '' && !out.municipality) out.municipality = cleanText(part.replace(MUNICIPALITY_LABEL, ''));
    else if (CITY_LABEL.test(part) && !out.municipality) out.municipality = cleanText(part.replace(CITY_LABEL, ''));
    else if (i === 0 && isStreet(part, parts.length)) Object.assign(out, splitStreet(part));
    else unlabelled.push(part);
  });

  // the rest by position
  const hasStreet = out.street !== null || out.exteriorNumber !== null;
  if (out.colonia === null && out.municipality === null) {
    if (unlabelled.length === 1) {
      if (hasStreet && out.state === null) out.colonia = cleanText(unlabelled[0]);
      else out.municipality = cleanText(unlabelled[0]);
    } else if (unlabelled.length >= 2) {
      if (!hasStreet && unlabelled.length >= 3) Object.assign(out, splitStreet(unlabelled.slice(0, -2).join(', ')));
      out.colonia = cleanText(hasStreet ? unlabelled[0] : unlabelled[unlabelled.length - 2]);
      out.municipality = cleanText(unlabelled[unlabelled.length - 1]);
    }
  } else if (out.colonia === null) {
    if (unlabelled.length >= 2 && !hasStreet) Object.assign(out, splitStreet(unlabelled.slice(0, -1).join(', ')));
    out.colonia = cleanText(unlabelled[unlabelled.length - 1]);
  } else if (out.municipality === null) {
    if (unlabelled.length >= 2 && !hasStreet) Object.assign(out, splitStreet(unlabelled.slice(0, -1).join(', ')));
    out.municipality = cleanText(unlabelled[unlabelled.length - 1]);
  } else if (!hasStreet && unlabelled.length > 0) {
    Object.assign(out, splitStreet(unlabelled.join(', ')));
  }
  // a lone name that is also a state's ('Puebla', 'Durango'): the city, and the state it is in
  if (parts.length === 1 && out.municipality !== null && out.state === null) out.state = stateOf(out.municipality);
  return out;
}

/**
 * A state abbreviation at the end of a part ('Guadalajara Jal.', 'Benito Juárez CDMX'): only forms with a dot or
 * written in capitals count, so a place whose last word happens to spell an abbreviation is left alone.
 */
function trailingState(part: string): { state: string; rest: string } | null {
  const words = part.split(/\s+/);
  for (let take = Math.min(3, words.length - 1); take >= 1; take--) {
    const tail = words.slice(-take).join(' ');
    if (!/\.$/.test(tail) && !/^[A-Z]{2,6}$/.test(tail)) continue;
    const state = stateOf(tail);
    const rest = cleanText(words.slice(0, -take).join(' ').replace(/[\s,.-]+$/, ''));
    if (state && rest) return { state, rest };
  }
  return null;
}

function isStreet(part: string, partCount: number): boolean {
  const n = normalizeText(part);
  if (STREET_START.test(n)) return true;
  return partCount > 1 && /\d/.test(part) && !/^\d{5}$/.test(part.trim());
}

/** 'Av. Chapultepec 480 Int 5' → street 'Av. Chapultepec', exteriorNumber '480'; '#123', 'No. 12', 'S/N' understood. */
function splitStreet(text: string): { street: string | null; exteriorNumber: string | null } {
  let t = text.trim().replace(/\s+(?:int\.?|interior|depto\.?|dpto\.?|departamento|local|piso|of\.?|oficina|torre|edif\.?|edificio)\s*[#\w-]*\s*$/i, '');
  // 'Carretera a Chapala Km 4.5', 'Mz 3 Lt 5': the numbers are part of how the place is named, not a door number
  if (/\b(?:km|kil[oó]metro)\.?\s*\d/i.test(t) || /\b(?:lote|lt|manzana|mz)\.?\s*\d/i.test(t)) return { street: cleanText(t), exteriorNumber: null };
  const hash = /^(.*?)\s*#\s*(\d+[A-Za-z]?(?:-[A-Za-z0-9]+)?)\b/.exec(t);
  if (hash) return { street: cleanText(hash[1]?.replace(/[\s,]+$/, '')), exteriorNumber: hash[2] ?? null };
  if (/\s*\b(?:s\/n|sin n[uú]mero|sn)\.?$/i.test(t)) {
    t = t.replace(/\s*\b(?:s\/n|sin n[uú]mero|sn)\.?$/i, '');
    return { street: cleanText(t.replace(/[\s,]+$/, '')), exteriorNumber: null };
  }
  // two numbers at the end: 'Calle 60 123' is street 60, door 123; 'Avenida Homero 97 402' is door 97, interior 402
  const two = /^(.*?\S)\s+(\d+[A-Za-z]?)\s+(\d+[A-Za-z]?)$/.exec(t);
  if (two) {
    const [, name = '', first = '', second = ''] = two;
    if (STREET_START.test(normalizeText(name)) && normalizeText(name).split(' ').length === 1) {
      return { street: cleanText(`${name} ${first}`), exteriorNumber: second };
    }
    return { street: cleanText(name), exteriorNumber: first };
  }
  const end = /^(.*?)[\s,]*(?:\b(?:no|n[uú]m|n[uú]mero)\.?\s*)?\b(\d+(?:\s?-?\s?[A-Za-z])?)$/i.exec(t);
  if (end) return { street: cleanText(end[1]?.replace(/[\s,]+$/, '')), exteriorNumber: (end[2] ?? '').replace(/\s+/g, '') };
  return { street: cleanText(t), exteriorNumber: null };
}
