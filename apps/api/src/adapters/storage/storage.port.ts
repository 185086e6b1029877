import type { Readable } from 'node:stream';

/** A byte range of an object, both ends included (as in HTTP `Range: bytes=start-end`). */
export interface ByteRange {
  start: number;
  end: number;
}

/**
 * Where uploaded files live (DESIGN.md): a local folder in the embedded mode (`./data/uploads`),
 * S3-compatible object storage in production (`S3_*`). Keys are opaque (`kyc/<uuid>`); nothing here
 * is public: the API streams a file only to whoever may see it.
 */
export interface StoragePort {
  readonly name: string;
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /**
   * The object's bytes as a stream, or null when there is none. With `range` (inside the object, which
   * the caller knows the size of), only those bytes; `size` is the length of what `body` yields.
   */
  get(key: string, range?: ByteRange): Promise<{ body: Readable; size: number } | null>;
  delete(key: string): Promise<void>;
}
