import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeXhr } from '@/test/fake-xhr';
import { ApiError } from './api-error';
import { uploadFile } from './upload-file';

const xhr = () => {
  if (!FakeXhr.last) throw new Error('no request was made');
  return FakeXhr.last;
};

beforeEach(() => {
  FakeXhr.reset();
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
});
afterEach(() => vi.unstubAllGlobals());

const video = (size = 1000) => new Blob([new Uint8Array(size)], { type: 'video/webm;codecs=vp8,opus' });
const fileId = '0b7e7d1c-6a4f-4a51-9d4c-5b1fb1d9f0a1';

describe('uploadFile', () => {
  it('sends the raw file with its type, reports progress and answers the uploaded file', async () => {
    const progress: number[] = [];
    const file = video();
    const result = uploadFile({ purpose: 'kyc_video', file, onProgress: (f) => progress.push(f) });
    const req = xhr();
    expect(req.method).toBe('POST');
    expect(req.url).toBe('/api/files?purpose=kyc_video');
    expect(req.headers['content-type']).toBe('video/webm;codecs=vp8,opus');
    expect(req.body).toBe(file);

    req.progress(250, 1000);
    req.progress(1000, 1000);
    req.respond(201, { fileId, purpose: 'kyc_video', mime: 'video/webm', size: 1000 });
    await expect(result).resolves.toEqual({ fileId, purpose: 'kyc_video', mime: 'video/webm', size: 1000 });
    expect(progress).toEqual([0.25, 1, 1]);
  });

  it('turns the error body into the ApiError the screens translate', async () => {
    const result = uploadFile({ purpose: 'passport_image', file: new Blob(['x'], { type: 'image/png' }) });
    xhr().respond(415, { code: 'FILE_TYPE_INVALID', message: 'not an image' });
    const error = await result.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 415, code: 'FILE_TYPE_INVALID' });
  });

  it('keeps the details of the error (the size limit of FILE_TOO_LARGE)', async () => {
    const result = uploadFile({ purpose: 'kyc_video', file: video() });
    xhr().respond(413, { code: 'FILE_TOO_LARGE', message: 'too large', details: { maxBytes: 52428800 } });
    await expect(result).rejects.toMatchObject({
      status: 413,
      code: 'FILE_TOO_LARGE',
      details: { maxBytes: 52428800 },
    });
  });

  it('reports an answer that is not the error shape by its status, and a lost connection as NETWORK', async () => {
    const html = uploadFile({ purpose: 'kyc_video', file: video() });
    xhr().respond(502, '<html>Bad gateway</html>');
    await expect(html).rejects.toMatchObject({ status: 502, code: 'UNKNOWN' });

    const offline = uploadFile({ purpose: 'kyc_video', file: video() });
    xhr().onerror?.();
    await expect(offline).rejects.toMatchObject({ status: 0, code: 'NETWORK' });
  });

  it('refuses a success that is not an uploaded file', async () => {
    const result = uploadFile({ purpose: 'kyc_video', file: video() });
    xhr().respond(201, { ok: true });
    await expect(result).rejects.toMatchObject({ code: 'INVALID_RESPONSE' });
  });

  it('refuses a file over the purpose’s limit, or of another type, without sending it', async () => {
    const big = new Blob([new Uint8Array(8 * 1024 * 1024 + 1)], { type: 'image/jpeg' });
    await expect(uploadFile({ purpose: 'passport_image', file: big })).rejects.toMatchObject({
      code: 'FILE_TOO_LARGE',
      details: { maxBytes: 8 * 1024 * 1024 },
    });
    await expect(
      uploadFile({ purpose: 'passport_image', file: new Blob(['%PDF'], { type: 'application/pdf' }) }),
    ).rejects.toMatchObject({ code: 'FILE_TYPE_INVALID' });
    expect(FakeXhr.last).toBeNull();
  });

  it('stops when its signal is aborted', async () => {
    const controller = new AbortController();
    const result = uploadFile({ purpose: 'kyc_video', file: video(), signal: controller.signal });
    controller.abort();
    await expect(result).rejects.toMatchObject({ name: 'AbortError' });
    expect(xhr().aborted).toBe(true);
  });
});
