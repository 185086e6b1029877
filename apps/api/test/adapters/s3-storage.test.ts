import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createS3Storage, type S3StorageOptions } from '../../src/adapters/storage/s3-storage';
import { createStorage } from '../../src/adapters/storage/create-storage';
import { parseEnv } from '../../src/env';
import { startS3Double } from '../helpers/s3-double';

const CREDS = { bucket: 'portal-kyc', accessKeyId: 'AKIDPORTALTEST', secretAccessKey: 'portal-secret-key-0123456789' };

let double: Awaited<ReturnType<typeof startS3Double>>;
beforeAll(async () => {
  double = await startS3Double(CREDS);
});
afterAll(async () => {
  await double.close();
});

const options = (o: Partial<S3StorageOptions> = {}): S3StorageOptions => ({
  endpoint: double.endpoint,
  region: double.region,
  bucket: CREDS.bucket,
  accessKeyId: CREDS.accessKeyId,
  secretAccessKey: CREDS.secretAccessKey,
  forcePathStyle: true,
  ...o,
});

async function read(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

describe('S3 storage adapter', () => {
  it('round-trips the bytes through signed path-style PUT and GET', async () => {
    const storage = createS3Storage(options());
    const bytes = randomBytes(200_000);
    await storage.put('kyc/round-trip', bytes, 'video/webm');
    expect(double.objects.get('portal-kyc/kyc/round-trip')).toMatchObject({ contentType: 'video/webm' });
    const got = await storage.get('kyc/round-trip');
    expect(got?.size).toBe(bytes.length);
    expect((await read(got!.body)).equals(bytes)).toBe(true);
    expect(double.calls.slice(-2)).toEqual([
      { method: 'PUT', bucket: 'portal-kyc', key: 'kyc/round-trip', accessKeyId: CREDS.accessKeyId },
      { method: 'GET', bucket: 'portal-kyc', key: 'kyc/round-trip', accessKeyId: CREDS.accessKeyId },
    ]);
  });

  it('reads a byte range', async () => {
    const storage = createS3Storage(options());
    await storage.put('kyc/ranged', Buffer.from('0123456789'), 'video/mp4');
    const got = await storage.get('kyc/ranged', { start: 2, end: 5 });
    expect(got?.size).toBe(4);
    expect((await read(got!.body)).toString()).toBe('2345');
  });

  it('a missing key is null', async () => {
    const storage = createS3Storage(options());
    expect(await storage.get('kyc/never-written')).toBeNull();
  });

  it('delete removes the object, and deleting again is fine', async () => {
    const storage = createS3Storage(options());
    await storage.put('kyc/to-delete', Buffer.from('x'), 'image/png');
    await storage.delete('kyc/to-delete');
    expect(double.objects.has('portal-kyc/kyc/to-delete')).toBe(false);
    expect(await storage.get('kyc/to-delete')).toBeNull();
    await storage.delete('kyc/to-delete');
  });

  it('the double refuses a wrong secret (the signature is checked) and an unknown access key', async () => {
    await expect(
      createS3Storage(options({ secretAccessKey: 'not-the-secret' })).put('kyc/x', Buffer.from('x'), 'image/png'),
    ).rejects.toMatchObject({ name: 'SignatureDoesNotMatch' });
    await expect(createS3Storage(options({ accessKeyId: 'AKIDOTHER' })).get('kyc/x')).rejects.toMatchObject({
      name: 'InvalidAccessKeyId',
    });
    expect(double.objects.has('portal-kyc/kyc/x')).toBe(false);
  });

  it('refuses keys that are not plain paths', async () => {
    const storage = createS3Storage(options());
    await expect(storage.put('../etc/passwd', Buffer.from('x'), 'image/png')).rejects.toThrow(/invalid storage key/);
  });

  it('STORAGE_PROVIDER=s3 selects it from the S3_* settings', async () => {
    const storage = createStorage(
      parseEnv({
        NODE_ENV: 'test',
        STORAGE_PROVIDER: 's3',
        S3_ENDPOINT: double.endpoint,
        S3_REGION: double.region,
        S3_BUCKET: CREDS.bucket,
        S3_ACCESS_KEY_ID: CREDS.accessKeyId,
        S3_SECRET_ACCESS_KEY: CREDS.secretAccessKey,
      }),
    );
    expect(storage.name).toBe('s3');
    await storage.put('kyc/from-env', Buffer.from('env'), 'image/png');
    expect((await read((await storage.get('kyc/from-env'))!.body)).toString()).toBe('env');
    expect(createStorage(parseEnv({ NODE_ENV: 'test', UPLOADS_DIR: '/tmp/portal-uploads-test' })).name).toBe('local');
  });
});
