import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { MEDIA_URL_PREFIX } from '@nj/contracts';
import { AppError } from '../../errors/app-error.ts';
import { contentTypeOfKey, isValidMediaKey, type MediaStorage } from './media-storage.ts';

/**
 * MediaStorage in a local folder (`DATA_DIR/media` in the server). Writes go to a temporary file (`{key}.tmp`)
 * renamed into place, so a reader never sees half an image; delete() removes both. Content type follows the key's suffix.
 * Throws AppError BAD_REQUEST for a malformed key.
 */
export function createLocalMediaStorage(options: { root: string; urlPrefix?: string }): MediaStorage {
  const root = resolve(options.root);
  const prefix = options.urlPrefix ?? MEDIA_URL_PREFIX;
  const pathOf = (key: string): string => {
    if (!isValidMediaKey(key)) throw new AppError('BAD_REQUEST');
    const path = join(root, ...key.split('/'));
    if (!path.startsWith(root + sep)) throw new AppError('BAD_REQUEST');
    return path;
  };
  return {
    async put(key, body) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      // Keys are random and written once, so one temporary name per key is enough; delete() removes it too, so a
      // write cut short by a crash leaves nothing once its journaled key is swept.
      const tmp = `${path}.tmp`;
      await writeFile(tmp, body);
      await rename(tmp, path);
    },
    async get(key) {
      if (!isValidMediaKey(key)) return null;
      try {
        return { body: await readFile(pathOf(key)), contentType: contentTypeOfKey(key) };
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code === 'ENOENT' || (e as NodeJS.ErrnoException).code === 'EISDIR') return null;
        throw e;
      }
    },
    async delete(key) {
      const path = pathOf(key);
      await rm(path, { force: true });
      await rm(`${path}.tmp`, { force: true });
    },
    url(key) {
      return prefix + key;
    },
    async *list(keyPrefix) {
      const top = keyPrefix.split('/')[0] ?? '';
      if (!/^[a-z0-9._-]+$/i.test(top)) return;
      let entries;
      try {
        entries = await readdir(join(root, top), { recursive: true, withFileTypes: true });
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code === 'ENOENT') return;
        throw e;
      }
      for (const entry of entries) {
        if (!entry.isFile()) continue;
        const path = join(entry.parentPath, entry.name);
        const key = relative(root, path).split(sep).join('/');
        if (!key.startsWith(keyPrefix)) continue;
        try {
          yield { key, modifiedAt: (await stat(path)).mtime };
        } catch {
          // removed meanwhile
        }
      }
    },
  };
}
