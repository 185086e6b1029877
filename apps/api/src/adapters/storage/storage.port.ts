import type { Readable } from 'node:stream';

/**
 * Where uploaded files live (DESIGN.md): a local folder in the embedded mode (`./data/uploads`),
 * S3-compatible object storage in production (`S3_*`). Keys are opaque (`kyc/<uuid>`); nothing here
 * is public: the API streams a file only to whoever may see it.
 */
export interface StoragePort {
  readonly name: string;
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** The object's bytes as a stream, or null when there is none. */
  get(key: string): Promise<{ body: Readable; size: number } | null>;
  delete(key: string): Promise<void>;
}
