import { errorBodySchema } from '@portal/contract/core/errors';
import {
  FILE_PURPOSES,
  uploadFile as uploadFileEndpoint,
  uploadedFileSchema,
  type FilePurpose,
  type UploadedFile,
} from '@portal/contract/kyc/kyc';
import { API_BASE } from './api-client';
import { ApiError } from './api-error';

export interface UploadOptions {
  purpose: FilePurpose;
  file: Blob;
  /** From 0 to 1 as the bytes leave (the server's answer follows the last byte). */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

function abortError(): DOMException {
  return new DOMException('The upload was cancelled', 'AbortError');
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * `POST /files?purpose=…` (decision 015): the raw file as the body, sent by `XMLHttpRequest` because
 * `fetch` cannot report upload progress. What the server would refuse for its size or type is refused
 * here before a byte is sent (the server still decides by the magic bytes). Failures are the same
 * `ApiError`s `callApi` throws, so screens translate them the same way.
 */
export function uploadFile({ purpose, file, onProgress, signal }: UploadOptions): Promise<UploadedFile> {
  const rule = FILE_PURPOSES[purpose];
  if (file.size > rule.maxBytes) {
    return Promise.reject(
      new ApiError(413, 'FILE_TOO_LARGE', `The file is larger than ${rule.maxBytes} bytes`, {
        maxBytes: rule.maxBytes,
      }),
    );
  }
  // A recorder's type carries its codecs (`video/webm;codecs=vp8,opus`): the media type is what counts.
  const mediaType = file.type.split(';')[0]!.trim().toLowerCase();
  if (mediaType && !(rule.mimes as readonly string[]).includes(mediaType)) {
    return Promise.reject(new ApiError(415, 'FILE_TYPE_INVALID', `The file is not one of ${rule.mimes.join(', ')}`));
  }
  if (signal?.aborted) return Promise.reject(abortError());

  return new Promise<UploadedFile>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    const query = new URLSearchParams({ purpose }).toString();
    // Same origin: the session cookie goes with it (credentials `same-origin`, XHR's default).
    xhr.open(uploadFileEndpoint.method, `${API_BASE}${uploadFileEndpoint.path}?${query}`);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.setRequestHeader('Content-Type', file.type || 'application/octet-stream');

    const onAbort = () => xhr.abort();
    signal?.addEventListener('abort', onAbort, { once: true });
    const done = () => signal?.removeEventListener('abort', onAbort);

    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) onProgress?.(Math.min(1, e.loaded / e.total));
    };
    xhr.onload = () => {
      done();
      const json = parseJson(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300) {
        const parsed = uploadedFileSchema.safeParse(json);
        if (parsed.success) {
          onProgress?.(1);
          resolve(parsed.data);
        } else reject(new ApiError(xhr.status, 'INVALID_RESPONSE', `uploadFile: ${parsed.error.message}`));
        return;
      }
      const error = errorBodySchema.safeParse(json);
      reject(
        error.success
          ? new ApiError(xhr.status, error.data.code, error.data.message, error.data.details)
          : new ApiError(xhr.status, 'UNKNOWN', `HTTP ${xhr.status}`),
      );
    };
    xhr.onerror = () => {
      done();
      reject(new ApiError(0, 'NETWORK', 'network error'));
    };
    xhr.ontimeout = xhr.onerror;
    xhr.onabort = () => {
      done();
      reject(abortError());
    };
    xhr.send(file);
  });
}
