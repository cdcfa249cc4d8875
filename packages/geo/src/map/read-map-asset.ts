import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';

/** The shipped sprite sheets of the production style (sprites/SOURCE.md), by file name and their content type. */
export const SPRITE_FILES: Record<string, string> = {
  'light.json': 'application/json; charset=utf-8',
  'light.png': 'image/png',
  'light@2x.json': 'application/json; charset=utf-8',
  'light@2x.png': 'image/png',
};
const SPRITES_DIR = fileURLToPath(new URL('./sprites/', import.meta.url));
const cache = new Map<string, { body: Buffer; etag: string; type: string }>();

/**
 * One shipped sprite file (`light.json`, `light.png`, `light@2x.json`, `light@2x.png`) with its content type and
 * an ETag, read once per process; null for any other name.
 */
export function readSpriteFile(file: string): { body: Buffer; etag: string; type: string } | null {
  if (!Object.hasOwn(SPRITE_FILES, file)) return null;
  let entry = cache.get(file);
  if (!entry) {
    const body = readFileSync(join(SPRITES_DIR, file));
    entry = { body, type: SPRITE_FILES[file]!, etag: `"${createHash('sha1').update(body).digest('hex').slice(0, 20)}"` };
    cache.set(file, entry);
  }
  return entry;
}
