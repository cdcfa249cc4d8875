import { createLocalMediaStorage } from './local-media-storage.ts';
import type { MediaStorage } from './media-storage.ts';
import { createS3MediaStorage, type S3StorageConfig } from './s3-media-storage.ts';

/** The variables read by readS3Config (listed in the server's settings schema and the README). */
export const S3_VARIABLES = ['S3_BUCKET', 'S3_ENDPOINT', 'S3_REGION', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'S3_FORCE_PATH_STYLE'] as const;

/**
 * The S3 settings from `env` (an environment record, read once at start), or null when S3_BUCKET is unset (then
 * media stays in a local folder). Variables: S3_ENDPOINT, S3_BUCKET, S3_REGION (default us-east-1),
 * S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY, S3_FORCE_PATH_STYLE (1/true). Throws when only one of the two credential
 * variables is set.
 */
export function readS3Config(env: { [K in (typeof S3_VARIABLES)[number]]?: string | undefined }): S3StorageConfig | null {
  const bucket = env.S3_BUCKET?.trim();
  if (!bucket) return null;
  const accessKeyId = env.S3_ACCESS_KEY_ID?.trim() || undefined;
  const secretAccessKey = env.S3_SECRET_ACCESS_KEY?.trim() || undefined;
  if (!!accessKeyId !== !!secretAccessKey) throw new Error('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together');
  return {
    bucket,
    endpoint: env.S3_ENDPOINT?.trim() || undefined,
    region: env.S3_REGION?.trim() || 'us-east-1',
    accessKeyId,
    secretAccessKey,
    forcePathStyle: /^(1|true|yes)$/i.test(env.S3_FORCE_PATH_STYLE?.trim() ?? ''),
  };
}

/**
 * The media storage the configuration asks for (built once per process, in the server's createAppServices):
 * S3-compatible when `s3` is given (ServerConfig.s3, from readS3Config), otherwise the local folder `localRoot`
 * (DATA_DIR/media in the server).
 */
export function createMediaStorage(options: { s3: S3StorageConfig | null; localRoot: string }): MediaStorage {
  return options.s3 ? createS3MediaStorage(options.s3) : createLocalMediaStorage({ root: options.localRoot });
}
