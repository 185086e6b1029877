import path from 'node:path';
import type { Env } from '../../env';
import { createLocalStorage } from './local-storage';
import type { StoragePort } from './storage.port';

/** The storage the environment selects: a local folder, or S3-compatible object storage. */
export function createStorage(env: Env): StoragePort {
  // S3 arrives with the S3 adapter (issue 4).
  return createLocalStorage(env.UPLOADS_DIR ?? path.join(env.DATA_DIR, 'uploads'));
}
