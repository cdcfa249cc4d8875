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

/**
 * Limits of image processing for every upload (listing photos, draft photos, profile photos; issue 7 §1
 * "decompression bombs"). Pixels are width × height as declared in the file's header, checked before decoding.
 */
export const IMAGE_LIMITS = {
  /** Most pixels one image may declare: 40 megapixels (phone photos are 12–25 MP; a 10,000² PNG bomb is 100 MP). */
  maxPixels: 40_000_000,
  /** Longest side one image may declare, px (a 40,000 × 1,000 strip is not a photo). */
  maxSide: 12_000,
  /** Images decoded at the same time in one server process; the rest wait in a queue. */
  concurrency: 2,
  /**
   * Bytes of uploaded files one server process keeps in memory at once, all requests together (reserved from
   * Content-Length before reading a request): 256 MiB. A request over it alone is refused with 413, a request
   * arriving while others use it up with 429.
   */
  uploadBudgetBytes: 256 * 1024 * 1024,
} as const;
