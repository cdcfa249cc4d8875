import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { detectImageKind, heifMajorBrand } from './detect-image-kind.ts';
import { processProfilePhoto } from './process-profile-photo.ts';

const HEIC = readFileSync(new URL('./test-fixtures/sample-48x32.heic', import.meta.url));

/** A width×height image, left half red and right half blue. */
async function halves(width: number, height: number, format: 'png' | 'jpeg' | 'webp'): Promise<Buffer> {
  const px = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) {
    const i = (y * width + x) * 3;
    px.set(x < width / 2 ? [220, 30, 30] : [30, 30, 220], i);
  }
  const img = sharp(px, { raw: { width, height, channels: 3 } });
  return format === 'png' ? img.png().toBuffer() : format === 'jpeg' ? img.jpeg().toBuffer() : img.webp().toBuffer();
}

/** ftyp box with the given major and compatible brands, then filler. */
function ftyp(major: string, ...compatible: string[]): Buffer {
  const size = 16 + 4 * compatible.length;
  const head = Buffer.alloc(size);
  head.writeUInt32BE(size, 0);
  head.write('ftyp', 4, 'latin1');
  head.write(major, 8, 'latin1');
  compatible.forEach((b, i) => head.write(b, 16 + 4 * i, 'latin1'));
  return Buffer.concat([head, Buffer.alloc(64)]);
}

describe('detectImageKind (by content, spec 02 §5)', () => {
  it('recognises jpeg, png, webp and the real HEIC fixture', async () => {
    expect(await detectImageKind(await halves(40, 40, 'jpeg'))).toBe('jpeg');
    expect(await detectImageKind(await halves(40, 40, 'png'))).toBe('png');
    expect(await detectImageKind(await halves(40, 40, 'webp'))).toBe('webp');
    expect(heifMajorBrand(HEIC)).toBe('heic');
    expect(await detectImageKind(HEIC)).toBe('heic');
  });
  it('treats the HEIF brands heic, heif, mif1 as HEIC and refuses AVIF and MP4', async () => {
    expect(await detectImageKind(ftyp('heic', 'mif1', 'heic'))).toBe('heic');
    expect(await detectImageKind(ftyp('heif', 'mif1'))).toBe('heic');
    expect(await detectImageKind(ftyp('mif1', 'heic'))).toBe('heic');
    expect(await detectImageKind(ftyp('avif', 'mif1'))).toBeNull();
    expect(await detectImageKind(ftyp('isom', 'mp41'))).toBeNull();
  });
  it('refuses GIF, PDF, text and garbage', async () => {
    expect(await detectImageKind(Buffer.from('GIF89a\x01\x00\x01\x00', 'latin1'))).toBeNull();
    expect(await detectImageKind(Buffer.from('%PDF-1.7\n'))).toBeNull();
    expect(await detectImageKind(Buffer.from('hola, no soy una imagen'))).toBeNull();
    expect(await detectImageKind(Buffer.alloc(0))).toBeNull();
  });
});

describe('processProfilePhoto', () => {
  it('cuts a centred square, makes a thumbnail, writes WebP', async () => {
    const out = await processProfilePhoto(await halves(300, 100, 'png'));
    const meta = await sharp(out.image).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 100, height: 100 });
    expect(await sharp(out.thumbnail).metadata()).toMatchObject({ format: 'webp', width: 100, height: 100 });
    // the centre square of a red|blue image straddles the middle: red on its left edge, blue on its right
    const { data, info } = await sharp(out.image).raw().toBuffer({ resolveWithObject: true });
    const at = (x: number, y: number) => [...data.subarray((y * info.width + x) * info.channels, (y * info.width + x) * info.channels + 3)];
    expect(at(5, 50)[0]).toBeGreaterThan(150);
    expect(at(94, 50)[2]).toBeGreaterThan(150);
  });
  it('downsizes a big photo to 512 px and a 128 px thumbnail', async () => {
    const out = await processProfilePhoto(await halves(1200, 900, 'jpeg'));
    expect(await sharp(out.image).metadata()).toMatchObject({ width: 512, height: 512 });
    expect(await sharp(out.thumbnail).metadata()).toMatchObject({ width: 128, height: 128 });
  });
  it('drops EXIF (GPS, camera) and applies the orientation', async () => {
    const withExif = await sharp(await halves(200, 100, 'jpeg'))
      .withExif({ IFD0: { Make: 'Camara', Model: 'Secreta', Orientation: '6' } })
      .jpeg().toBuffer();
    expect((await sharp(withExif).metadata()).exif).toBeDefined();
    const out = await processProfilePhoto(withExif);
    const meta = await sharp(out.image).metadata();
    expect(meta.exif).toBeUndefined();
    expect(meta.icc).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect(out.image.includes(Buffer.from('Secreta'))).toBe(false);
  });
  it('decodes the HEIC fixture (heic-decode) into a square WebP', async () => {
    const out = await processProfilePhoto(HEIC);
    expect(out.kind).toBe('heic');
    expect(await sharp(out.image).metadata()).toMatchObject({ format: 'webp', width: 32, height: 32 });
  });
  it('refuses a non-image with the spec text, and an undecodable image with "Error al procesar la imagen"', async () => {
    await expect(processProfilePhoto(Buffer.from('no soy imagen'))).rejects.toMatchObject({ code: 'UNSUPPORTED_MEDIA', msg: 'La imagen no tiene una extension válida.' });
    const png = await halves(40, 40, 'png');
    await expect(processProfilePhoto(png.subarray(0, 60))).rejects.toMatchObject({ msg: 'Error al procesar la imagen' });
    await expect(processProfilePhoto(HEIC.subarray(0, 200))).rejects.toMatchObject({ msg: 'Error al procesar la imagen' });
    await expect(processProfilePhoto(await halves(10, 10, 'png'))).rejects.toMatchObject({ code: 'BAD_REQUEST' });
  });
});
