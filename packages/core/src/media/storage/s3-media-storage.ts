import { DeleteObjectCommand, GetObjectCommand, ListObjectsV2Command, NoSuchKey, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { MEDIA_URL_PREFIX } from '@nj/contracts';
import { AppError } from '../../errors/app-error.ts';
import { contentTypeOfKey, isValidMediaKey, type MediaStorage } from './media-storage.ts';

/** Settings of an S3-compatible store (AWS S3, MinIO, R2, DigitalOcean Spaces…). */
export type S3StorageConfig = {
  /** S3_ENDPOINT, e.g. https://s3.us-east-1.amazonaws.com or http://127.0.0.1:9000; unset = AWS by region. */
  endpoint?: string | undefined;
  /** S3_BUCKET. */
  bucket: string;
  /** S3_REGION, default 'us-east-1'. */
  region: string;
  /** S3_ACCESS_KEY_ID / S3_SECRET_ACCESS_KEY; unset = the SDK's default credential chain. */
  accessKeyId?: string | undefined;
  secretAccessKey?: string | undefined;
  /** S3_FORCE_PATH_STYLE=1: http://host/bucket/key instead of http://bucket.host/key (MinIO, s3rver). */
  forcePathStyle: boolean;
  /** Optional key prefix inside the bucket (no leading or trailing '/'). */
  prefix?: string | undefined;
};

/**
 * MediaStorage in an S3-compatible bucket. Objects are written with their content type and a year-long immutable
 * Cache-Control (keys are random and never rewritten). Browsers still load `/media/{key}` (url()), which the server
 * reads through get(), so the same URLs work with the local folder and with S3.
 * Throws AppError BAD_REQUEST for a malformed key; SDK errors (network, credentials) propagate.
 */
export function createS3MediaStorage(config: S3StorageConfig, options: { urlPrefix?: string } = {}): MediaStorage {
  const client = new S3Client({
    region: config.region,
    ...(config.endpoint ? { endpoint: config.endpoint } : {}),
    forcePathStyle: config.forcePathStyle,
    ...(config.accessKeyId && config.secretAccessKey
      ? { credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey } }
      : {}),
  });
  const prefix = options.urlPrefix ?? MEDIA_URL_PREFIX;
  const objectKey = (key: string): string => {
    if (!isValidMediaKey(key)) throw new AppError('BAD_REQUEST');
    return config.prefix ? `${config.prefix}/${key}` : key;
  };
  return {
    async put(key, body, opts) {
      await client.send(new PutObjectCommand({
        Bucket: config.bucket, Key: objectKey(key), Body: body, ContentType: opts.contentType,
        CacheControl: 'public, max-age=31536000, immutable',
      }));
    },
    async get(key) {
      if (!isValidMediaKey(key)) return null;
      try {
        const out = await client.send(new GetObjectCommand({ Bucket: config.bucket, Key: objectKey(key) }));
        if (!out.Body) return null;
        const bytes = await out.Body.transformToByteArray();
        return { body: Buffer.from(bytes), contentType: out.ContentType || contentTypeOfKey(key) };
      } catch (e) {
        if (e instanceof NoSuchKey || (e as { name?: string }).name === 'NoSuchKey' || (e as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404) return null;
        throw e;
      }
    },
    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket: config.bucket, Key: objectKey(key) }));
    },
    url(key) {
      return prefix + key;
    },
    async *list(keyPrefix) {
      const base = config.prefix ? `${config.prefix}/` : '';
      let token: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket: config.bucket, Prefix: base + keyPrefix, ContinuationToken: token }));
        for (const object of page.Contents ?? []) {
          if (object.Key) yield { key: object.Key.slice(base.length), modifiedAt: object.LastModified ?? new Date() };
        }
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
    },
  };
}
