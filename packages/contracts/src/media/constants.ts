/** Profile photo limits (spec 02 §5, §9). Sizes in bytes and pixels. */
export const PROFILE_PHOTO = {
  /** Spec 02 §9 upload limit: 50 MB. */
  maxBytes: 50 * 1024 * 1024,
  /** Accepted kinds (spec 02 §5), checked by the file's content. */
  extensions: ['jpg', 'jpeg', 'png', 'webp', 'heic'] as const,
  /** Multipart field name (spec 02 §7). */
  field: 'profilephoto',
  /** Side of the stored square and of its thumbnail, px. */
  size: 512,
  thumbSize: 128,
  /** Smallest accepted side, px. */
  minSide: 32,
} as const;

/** Public path prefix of stored media; `/media/{key}`. */
export const MEDIA_URL_PREFIX = '/media/';

/** URL of a stored profile photo from clients.profile_photo_name (a storage key), and of its thumbnail. */
export function profilePhotoUrls(name: string | null | undefined): { url: string; thumbUrl: string } | null {
  if (!name) return null;
  return { url: MEDIA_URL_PREFIX + name, thumbUrl: MEDIA_URL_PREFIX + name.replace(/\.webp$/, '-thumb.webp') };
}
