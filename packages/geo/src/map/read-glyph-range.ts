import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';

/** The shipped glyph PBFs: `glyphs/<font>/<start>-<end>.pbf` (Noto Sans, SIL OFL 1.1; glyphs/SOURCE.md). */
export const GLYPHS_DIR = fileURLToPath(new URL('./glyphs/', import.meta.url));

/** The fonts shipped as glyph PBFs. */
export const GLYPH_FONTS = ['Noto Sans Regular', 'Noto Sans Medium', 'Noto Sans Italic'] as const;

/** A glyph range as MapLibre asks for it: 256 codepoints from a multiple of 256, e.g. '0-255', '8192-8447'. */
export function parseGlyphRange(range: string): { start: number; end: number } | null {
  const m = /^(\d{1,5})-(\d{1,5})$/.exec(range);
  if (!m) return null;
  const start = Number(m[1]);
  const end = Number(m[2]);
  if (start % 256 !== 0 || end !== start + 255 || end > 65535) return null;
  return { start, end };
}

export type GlyphRangeAnswer =
  | { kind: 'font-unknown' }
  | { kind: 'range-invalid' }
  | { kind: 'ok'; pbf: Buffer; etag: string };

const cache = new Map<string, { pbf: Buffer; etag: string }>();
const EMPTY = { pbf: Buffer.alloc(0), etag: '"empty"' };

/**
 * One range of SDF glyphs for MapLibre's `glyphs` URL. `fontstack` is what MapLibre sends: one or more font names
 * separated by commas, the first shipped one is used. Ranges we do not ship (scripts no Mexican place name uses)
 * answer an empty PBF, which MapLibre reads as "no glyphs here". Latin, Latin Extended and general punctuation
 * (0-255, 256-511, 8192-8447) are shipped. Files are read once per process and kept in memory.
 */
export function readGlyphRange(fontstack: string, range: string, dir: string = GLYPHS_DIR): GlyphRangeAnswer {
  const font = fontstack.split(',').map((f) => f.trim()).find((f) => (GLYPH_FONTS as readonly string[]).includes(f));
  if (!font) return { kind: 'font-unknown' };
  const r = parseGlyphRange(range);
  if (!r) return { kind: 'range-invalid' };
  const key = `${dir}|${font}|${r.start}`;
  let entry = cache.get(key);
  if (!entry) {
    const file = join(dir, font, `${r.start}-${r.end}.pbf`);
    entry = existsSync(file) ? withEtag(readFileSync(file)) : EMPTY;
    cache.set(key, entry);
  }
  return { kind: 'ok', ...entry };
}

function withEtag(pbf: Buffer): { pbf: Buffer; etag: string } {
  return { pbf, etag: `"${createHash('sha1').update(pbf).digest('hex').slice(0, 20)}"` };
}
