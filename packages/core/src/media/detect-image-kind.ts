import { fileTypeFromBuffer } from 'file-type';

/** The image kinds a profile photo may be (spec 02 §5: jpg, jpeg, png, webp, heic). */
export type ImageKind = 'jpeg' | 'png' | 'webp' | 'heic';

/** HEIF major/compatible brands we treat as HEIC: Apple's 'heic'/'heix', the generic 'heif' and 'mif1'. */
const HEIC_BRANDS = new Set(['heic', 'heix', 'heif', 'mif1']);

/**
 * The kind of an image judged by its CONTENT (magic bytes), never by its file name. Input: the first bytes of the
 * file (at least 4100 are enough). Output: the kind, or null for anything else (PDF, GIF, AVIF, text, garbage).
 * HEIC is recognised by its ISO-BMFF `ftyp` box: major brand heic/heix/heif/mif1 (an AVIF, major brand 'avif',
 * is refused even though it also lists mif1).
 */
export async function detectImageKind(head: Uint8Array): Promise<ImageKind | null> {
  const brand = heifMajorBrand(head);
  if (brand !== null) return HEIC_BRANDS.has(brand) ? 'heic' : null;
  const type = await fileTypeFromBuffer(head);
  switch (type?.mime) {
    case 'image/jpeg': return 'jpeg';
    case 'image/png': return 'png';
    case 'image/webp': return 'webp';
    default: return null;
  }
}

/** The major brand of an ISO-BMFF file ('heic', 'avif', 'isom'…), or null when the bytes do not start with ftyp. */
export function heifMajorBrand(head: Uint8Array): string | null {
  if (head.length < 12) return null;
  const box = String.fromCharCode(head[4]!, head[5]!, head[6]!, head[7]!);
  if (box !== 'ftyp') return null;
  return String.fromCharCode(head[8]!, head[9]!, head[10]!, head[11]!);
}
