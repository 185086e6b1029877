import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import type { StoragePort } from './storage.port';

export interface S3StorageOptions {
  /** An S3-compatible endpoint (MinIO, Arvan, …); AWS itself when unset. */
  endpoint?: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** `endpoint/bucket/key` instead of `bucket.endpoint/key` (what MinIO and most compatible stores want). */
  forcePathStyle: boolean;
  /** How long a connection may stay silent (also while a file streams out) before the request fails. */
  idleTimeoutMs?: number;
}

const KEY = /^[a-z0-9_-]+(\/[a-z0-9_-]+)*$/i;

/**
 * Files in S3-compatible object storage (production): one object per key in one private bucket,
 * requests signed with AWS Signature V4. Checksums only where the protocol requires them, so that
 * S3-compatible stores that do not speak the newer checksum headers work too.
 */
export function createS3Storage(options: S3StorageOptions): StoragePort {
  const client = new S3Client({
    ...(options.endpoint ? { endpoint: options.endpoint } : {}),
    region: options.region,
    forcePathStyle: options.forcePathStyle,
    credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey },
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    maxAttempts: 3,
    requestHandler: { connectionTimeout: 5_000, requestTimeout: options.idleTimeoutMs ?? 30_000 },
  });
  const Bucket = options.bucket;
  const checked = (key: string) => {
    if (!KEY.test(key)) throw new Error(`invalid storage key ${key}`);
    return key;
  };
  return {
    name: 's3',
    async put(key, body, contentType) {
      await client.send(
        new PutObjectCommand({
          Bucket,
          Key: checked(key),
          Body: body,
          ContentType: contentType,
          ContentLength: body.length,
        }),
      );
    },
    async get(key, range) {
      try {
        const res = await client.send(
          new GetObjectCommand({
            Bucket,
            Key: checked(key),
            ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
          }),
        );
        if (!res.Body) return null;
        return { body: res.Body as Readable, size: res.ContentLength ?? 0 };
      } catch (err) {
        if (err instanceof NoSuchKey) return null;
        if (err instanceof S3ServiceException && err.$metadata.httpStatusCode === 404) return null;
        throw err;
      }
    },
    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: checked(key) }));
    },
  };
}
