import path from 'node:path';
import type { Env } from '../../env';
import { createLocalStorage } from './local-storage';
import { createS3Storage } from './s3-storage';
import type { StoragePort } from './storage.port';

/** The storage the environment selects: a local folder, or S3-compatible object storage. */
export function createStorage(env: Env): StoragePort {
  if (env.STORAGE_PROVIDER === 's3') {
    return createS3Storage({
      ...(env.S3_ENDPOINT ? { endpoint: env.S3_ENDPOINT } : {}),
      region: env.S3_REGION,
      bucket: env.S3_BUCKET ?? '',
      accessKeyId: env.S3_ACCESS_KEY_ID ?? '',
      secretAccessKey: env.S3_SECRET_ACCESS_KEY ?? '',
      forcePathStyle: env.S3_FORCE_PATH_STYLE,
    });
  }
  return createLocalStorage(env.UPLOADS_DIR ?? path.join(env.DATA_DIR, 'uploads'));
}
