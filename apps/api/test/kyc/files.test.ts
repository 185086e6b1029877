import { request } from 'node:http';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FILE_PURPOSES } from '@portal/contract/kyc/kyc';
import { queryRows } from '../../src/db/client';
import { createTestApp, signIn, type TestApp } from '../helpers/app';
import {
  auditActions,
  countRows,
  investor,
  lazyBody,
  makeOperator,
  MP4,
  PDF,
  PNG,
  upload,
  uploadedId,
  WEBM,
} from './kyc-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const VIDEO_MAX = FILE_PURPOSES.kyc_video.maxBytes;
const IMAGE_MAX = FILE_PURPOSES.passport_image.maxBytes;

const getFile = (cookie: string | undefined, id: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url: `/api/files/${id}`, headers: { ...(cookie ? { cookie } : {}), ...headers } });

describe('POST /files (uploads)', () => {
  it('a WebM video is stored with its detected type, size and SHA-256', async () => {
    const { cookie, userId } = await investor(t);
    const res = await upload(t, cookie, 'kyc_video', WEBM);
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toEqual({ fileId: expect.any(String), purpose: 'kyc_video', mime: 'video/webm', size: WEBM.length });
    const [row] = await queryRows<{ mime: string; size: string; sha256: string; storage_key: string }>(
      t.database.db,
      sql`select mime, size, sha256, storage_key from files where id = ${body.fileId}`,
    );
    expect(row).toMatchObject({ mime: 'video/webm', storage_key: `kyc/${body.fileId}` });
    expect(Number(row!.size)).toBe(WEBM.length);
    const { createHash } = await import('node:crypto');
    expect(row!.sha256).toBe(createHash('sha256').update(WEBM).digest('hex'));
    expect(await auditActions(t, userId)).toContain('file.uploaded');
  });

  it('an MP4 sent as application/octet-stream is typed by its bytes', async () => {
    const { cookie } = await investor(t);
    const res = await upload(t, cookie, 'kyc_video', MP4, 'application/octet-stream');
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ mime: 'video/mp4', size: MP4.length });
  });

  it('a passport image (PNG) is accepted whatever the header says', async () => {
    const { cookie } = await investor(t);
    const res = await upload(t, cookie, 'passport_image', PNG, 'image/jpeg');
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ purpose: 'passport_image', mime: 'image/png' });
  });

  it('a text file sent as video/webm is 415 FILE_TYPE_INVALID and stores nothing', async () => {
    const { cookie, userId } = await investor(t);
    const res = await upload(t, cookie, 'kyc_video', Buffer.from('just some text, not a video\n'.repeat(20)));
    expect(res.statusCode).toBe(415);
    expect(res.json().code).toBe('FILE_TYPE_INVALID');
    expect(await countRows(t, 'files', userId)).toBe(0);
  });

  it('a passport "image" that is a PDF is 415 FILE_TYPE_INVALID', async () => {
    const { cookie, userId } = await investor(t);
    const res = await upload(t, cookie, 'passport_image', PDF, 'image/png');
    expect(res.statusCode).toBe(415);
    expect(res.json().code).toBe('FILE_TYPE_INVALID');
    expect(await countRows(t, 'files', userId)).toBe(0);
  });

  it('a real image is not a video, nor a video a passport image', async () => {
    const { cookie } = await investor(t);
    expect((await upload(t, cookie, 'kyc_video', PNG, 'video/webm')).json().code).toBe('FILE_TYPE_INVALID');
    expect((await upload(t, cookie, 'passport_image', WEBM, 'image/png')).json().code).toBe('FILE_TYPE_INVALID');
  });

  it('a body of another content type (JSON, text, none) is 415 FILE_TYPE_INVALID', async () => {
    const { cookie } = await investor(t);
    expect((await upload(t, cookie, 'kyc_video', Buffer.from('{"a":1}'), 'application/json')).statusCode).toBe(415);
    const text = await upload(t, cookie, 'kyc_video', Buffer.from('hello'), 'text/plain');
    expect(text.json().code).toBe('FILE_TYPE_INVALID');
    const empty = await t.app.inject({ method: 'POST', url: '/api/files?purpose=kyc_video', headers: { cookie } });
    expect(empty.statusCode).toBe(415);
    expect(empty.json().code).toBe('FILE_TYPE_INVALID');
  });

  it('an unknown purpose is 400 VALIDATION_FAILED', async () => {
    const { cookie } = await investor(t);
    const res = await upload(t, cookie, 'selfie', WEBM);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      details: { issues: [{ path: 'querystring.purpose' }] },
    });
  });

  it('a declared 200 MB video is refused with 413 before its body is read', async () => {
    const { cookie, userId } = await investor(t);
    const body = lazyBody(200 * 1024 * 1024);
    const res = await upload(t, cookie, 'kyc_video', body.stream, 'video/webm', {
      'content-length': String(200 * 1024 * 1024),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ code: 'FILE_TOO_LARGE', details: { maxBytes: VIDEO_MAX } });
    expect(res.headers.connection).toBe('close');
    expect(body.pulled()).toBeLessThan(1024 * 1024);
    expect(await countRows(t, 'files', userId)).toBe(0);
  });

  it('a chunked body without a length is counted and refused past the limit, without reading it all', async () => {
    const { cookie, userId } = await investor(t);
    const body = lazyBody(IMAGE_MAX * 3);
    const res = await upload(t, cookie, 'passport_image', body.stream, 'image/png', { 'transfer-encoding': 'chunked' });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ code: 'FILE_TOO_LARGE', details: { maxBytes: IMAGE_MAX } });
    expect(body.pulled()).toBeLessThan(IMAGE_MAX * 2);
    expect(await countRows(t, 'files', userId)).toBe(0);
  });

  it('a chunked body within the limit is read to its end', async () => {
    const { cookie } = await investor(t);
    const { Readable } = await import('node:stream');
    const res = await upload(
      t,
      cookie,
      'kyc_video',
      Readable.from([WEBM.subarray(0, 10), WEBM.subarray(10)]),
      'video/webm',
      {
        'transfer-encoding': 'chunked',
      },
    );
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ mime: 'video/webm', size: WEBM.length });
  });

  it.each([
    ['declared by Content-Length', true],
    ['chunked, without a length', false],
  ])('over a real connection, 100 MB %s is refused with 413 long before the client has sent it', async (_, declare) => {
    const { cookie, userId } = await investor(t);
    const address = t.app.server.listening ? t.app.listeningOrigin : await t.app.listen({ port: 0, host: '127.0.0.1' });
    const total = 100 * 1024 * 1024;
    let sent = 0;
    const res = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = request(
        `${address}/api/files?purpose=passport_image`,
        {
          method: 'POST',
          headers: { cookie, 'content-type': 'image/png', ...(declare ? { 'content-length': String(total) } : {}) },
        },
        (r) => {
          let body = '';
          r.on('data', (c: Buffer) => (body += c.toString()));
          r.on('end', () => resolve({ status: r.statusCode ?? 0, body }));
        },
      );
      req.on('error', reject);
      const chunk = Buffer.alloc(65_536, 0x61);
      const pump = () => {
        while (sent < total) {
          sent += chunk.length;
          if (!req.write(chunk)) return void req.once('drain', pump);
        }
        req.end();
      };
      pump();
    });
    expect(res.status).toBe(413);
    expect(JSON.parse(res.body)).toMatchObject({ code: 'FILE_TOO_LARGE', details: { maxBytes: IMAGE_MAX } });
    expect(sent).toBeLessThan(total / 2);
    expect(await countRows(t, 'files', userId)).toBe(0);
  });

  it('uploads are rate-limited per user (20 an hour)', async () => {
    const { cookie } = await investor(t);
    for (let i = 0; i < 20; i++) expect((await upload(t, cookie, 'passport_image', PNG)).statusCode).toBe(201);
    const res = await upload(t, cookie, 'passport_image', PNG);
    expect(res.statusCode).toBe(429);
    expect(res.json().code).toBe('RATE_LIMITED');
  });

  it('needs a session', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/files?purpose=kyc_video',
      headers: { 'content-type': 'video/webm' },
      payload: WEBM,
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('UNAUTHENTICATED');
  });
});

describe('GET /files/:fileId', () => {
  it('its owner gets the bytes, inline, never cached, not sniffed', async () => {
    const { cookie } = await investor(t);
    const id = await uploadedId(t, cookie, 'kyc_video', WEBM);
    const res = await getFile(cookie, id);
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(WEBM)).toBe(true);
    expect(res.headers).toMatchObject({
      'content-type': 'video/webm',
      'content-length': String(WEBM.length),
      'content-disposition': 'inline',
      'cache-control': 'private, no-store',
      'x-content-type-options': 'nosniff',
      'accept-ranges': 'bytes',
    });
  });

  it('a single byte range is 206 with Content-Range (video players seek)', async () => {
    const { cookie } = await investor(t);
    const id = await uploadedId(t, cookie, 'kyc_video', MP4);
    const res = await getFile(cookie, id, { range: 'bytes=4-11' });
    expect(res.statusCode).toBe(206);
    expect(res.body).toBe('ftypisom');
    expect(res.headers['content-range']).toBe(`bytes 4-11/${MP4.length}`);
    expect(res.headers['content-length']).toBe('8');
    const tail = await getFile(cookie, id, { range: 'bytes=-4' });
    expect(tail.statusCode).toBe(206);
    expect(tail.rawPayload.equals(MP4.subarray(-4))).toBe(true);
    const open = await getFile(cookie, id, { range: 'bytes=8-' });
    expect(open.rawPayload.equals(MP4.subarray(8))).toBe(true);
    // outside the file, or several ranges: the whole file
    const whole = await getFile(cookie, id, { range: `bytes=${MP4.length + 10}-` });
    expect(whole.statusCode).toBe(200);
    expect(whole.rawPayload.equals(MP4)).toBe(true);
    expect((await getFile(cookie, id, { range: 'bytes=0-1,4-5' })).statusCode).toBe(200);
  });

  it('another investor gets 404, as if there were no file', async () => {
    const owner = await investor(t);
    const id = await uploadedId(t, owner.cookie, 'passport_image', PNG);
    const other = await investor(t);
    const res = await getFile(other.cookie, id);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: 'NOT_FOUND', message: 'The requested information could not be found' });
    const none = await getFile(other.cookie, '00000000-0000-4000-8000-000000000000');
    expect(none.json()).toEqual(res.json());
  });

  it('an operator with kyc.read and two-factor gets the bytes, and the read is audited', async () => {
    const owner = await investor(t);
    const id = await uploadedId(t, owner.cookie, 'passport_image', PNG);
    const op = await investor(t);
    await makeOperator(t, op.userId, 'operator');
    const res = await getFile(op.cookie, id);
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(PNG)).toBe(true);
    expect(res.headers['content-type']).toBe('image/png');
    expect(await auditActions(t, op.userId)).toContain('file.viewed');
    // the owner's own reads are not audited as views
    await getFile(owner.cookie, id);
    expect(await auditActions(t, owner.userId)).not.toContain('file.viewed');
  });

  it('an operator without two-factor gets 404', async () => {
    const owner = await investor(t);
    const id = await uploadedId(t, owner.cookie, 'kyc_video', WEBM);
    const op = await investor(t);
    await makeOperator(t, op.userId, 'senior_operator', false);
    expect((await getFile(op.cookie, id)).statusCode).toBe(404);
    expect(await auditActions(t, op.userId)).not.toContain('file.viewed');
  });

  it('a malformed id is 400, no session is 401', async () => {
    const { cookie } = await investor(t);
    expect((await getFile(cookie, 'not-a-uuid')).json().code).toBe('VALIDATION_FAILED');
    const { cookie: c2 } = await signIn(t);
    const id = await uploadedId(t, c2, 'kyc_video', WEBM);
    expect((await getFile(undefined, id)).statusCode).toBe(401);
  });
});
