/**
 * Where uploaded media (profile photos, later ticket attachments) is kept. Keys are relative, '/'-separated,
 * made of [a-z0-9._-] segments (e.g. `profile/<cuid>/<id>.webp`); the public URL is `/media/<key>` unless an
 * implementation serves them elsewhere (an S3-compatible store with its own CDN: issue 4).
 */
export interface MediaStorage {
  /** Stores `body` under `key`, replacing any previous object. */
  put(key: string, body: Buffer, options: { contentType: string }): Promise<void>;
  /** The object, or null when there is none. */
  get(key: string): Promise<{ body: Buffer; contentType: string } | null>;
  /** Removes the object; a missing key is not an error. */
  delete(key: string): Promise<void>;
  /** The URL a browser loads the object from. */
  url(key: string): string;
  /**
   * Every stored object whose key starts with `prefix` (e.g. 'properties/'), with its last-modified time, in no
   * particular order; for the sweep of unreferenced files (issue 7 §7). Keys that are not valid media keys (a
   * temporary file of an interrupted write, say) are listed too.
   */
  list(prefix: string): AsyncIterable<{ key: string; modifiedAt: Date }>;
}

const KEY_PATTERN = /^[a-z0-9][a-z0-9._-]*(\/[a-z0-9][a-z0-9._-]*)*$/i;

/** True for a well-formed storage key (no '..', no leading '/', no empty segment). */
export function isValidMediaKey(key: string): boolean {
  return key.length <= 300 && KEY_PATTERN.test(key) && !key.split('/').some((s) => s === '.' || s === '..');
}

/** Content type by key suffix, for stores that do not keep one. */
export function contentTypeOfKey(key: string): string {
  const ext = key.slice(key.lastIndexOf('.') + 1).toLowerCase();
  return ({ webp: 'image/webp', png: 'image/png', jpg: 'image/jpeg', jpeg: 'image/jpeg', pdf: 'application/pdf' } as Record<string, string>)[ext]
    ?? 'application/octet-stream';
}
