/**
 * Colours of a branded site (spec 03 §2 'Branded sites', §9): the text on a brand colour is black or white by the
 * colour's brightness with the threshold 180; a site without a colour uses the fallback brand colour, red. Pure, for
 * the server and the browser.
 */

/** The fallback brand colour of a branded site without its own (spec 03 §9: red). */
export const FALLBACK_BRAND_COLOR = '#d32f2f';
/**
 * The product's own brand colour (the theme's brand-7): a property sheet of an agent whose agency set no colour wears
 * it, since a red banner there reads as an error (decision 035).
 */
export const PRODUCT_BRAND_COLOR = '#00806f';
/** Brightness (0–255) from which text on a colour is black rather than white (spec 03 §9). */
export const BRIGHTNESS_THRESHOLD = 180;

/**
 * The perceived brightness of a `#rrggbb` colour, 0–255: (299 R + 587 G + 114 B) / 1000 (the W3C's formula).
 * Returns null for anything that is not a six-digit hex colour.
 */
export function colorBrightness(hex: string): number | null {
  const m = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex.trim());
  if (!m) return null;
  const [r, g, b] = [m[1], m[2], m[3]].map((h) => parseInt(h!, 16)) as [number, number, number];
  return (299 * r + 587 * g + 114 * b) / 1000;
}

/**
 * The text colour on a background `hex`: '#000000' when its brightness is above the threshold 180, else
 * '#ffffff'. An invalid colour is read as the fallback red (white text).
 */
export function textColorOn(hex: string | null | undefined): '#000000' | '#ffffff' {
  const brightness = colorBrightness(hex ?? '') ?? colorBrightness(FALLBACK_BRAND_COLOR)!;
  return brightness > BRIGHTNESS_THRESHOLD ? '#000000' : '#ffffff';
}

/** The site's brand colours with their text colours; nulls become the fallback red. */
export function brandColors(primary: string | null | undefined, secondary: string | null | undefined) {
  const p = primary && colorBrightness(primary) !== null ? primary.toLowerCase() : FALLBACK_BRAND_COLOR;
  const s = secondary && colorBrightness(secondary) !== null ? secondary.toLowerCase() : p;
  return { primary: p, onPrimary: textColorOn(p), secondary: s, onSecondary: textColorOn(s) };
}
