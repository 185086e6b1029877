import { createHash, randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { fileTypeFromBuffer } from 'file-type';
import { can, isOperatorRole } from '@portal/contract/admin/roles';
import { AppError } from '@portal/contract/core/errors';
import { FILE_PURPOSES, type FilePurpose, type UploadedFile } from '@portal/contract/kyc/kyc';
import type { ByteRange } from '../../adapters/storage/storage.port';
import { writeAudit } from '../../lib/audit';
import { hitRateLimit } from '../../lib/rate-limit';
import type { Access } from '../../plugins/access';
import { findFile, insertFile } from './kyc.repository';
import type { KycDeps } from './kyc.service';

/** The storage port's folder of each purpose. */
const STORAGE_FOLDER: Record<FilePurpose, string> = {
  kyc_video: 'kyc',
  passport_image: 'kyc',
  deposit_receipt: 'receipts',
};

/** Uploads per user (a video, a passport image, deposit receipts), with room for retries. */
export const UPLOAD_RATE = { bucket: 'kyc_upload', limit: 20, windowSeconds: 3600 } as const;

const tooLarge = (maxBytes: number) =>
  new AppError('FILE_TOO_LARGE', `The file is larger than ${maxBytes} bytes`, { maxBytes });

/**
 * Reads a request body up to `maxBytes`, hashing as it goes. Past the limit it stops reading (the
 * rest is never buffered) and refuses with `FILE_TOO_LARGE`, whatever `Content-Length` said.
 */
export function readLimited(stream: Readable, maxBytes: number): Promise<{ bytes: Buffer; sha256: string }> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const hash = createHash('sha256');
    let size = 0;
    let ended = false;
    const cleanup = () => {
      stream.off('data', onData);
      stream.off('end', onEnd);
      stream.off('error', onError);
      stream.off('close', onClose);
    };
    function onData(chunk: Buffer | string) {
      const c = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
      size += c.length;
      if (size > maxBytes) {
        cleanup();
        stream.pause();
        reject(tooLarge(maxBytes));
        return;
      }
      chunks.push(c);
      hash.update(c);
    }
    function onEnd() {
      ended = true;
      cleanup();
      resolve({ bytes: Buffer.concat(chunks, size), sha256: hash.digest('hex') });
    }
    function onError(err: Error) {
      cleanup();
      reject(err);
    }
    function onClose() {
      if (ended) return;
      cleanup();
      reject(new AppError('BAD_REQUEST', 'The upload ended early'));
    }
    stream.on('data', onData);
    stream.on('end', onEnd);
    stream.on('error', onError);
    stream.on('close', onClose);
  });
}

/**
 * `POST /files?purpose=…` (decision 015): the size limit from `Content-Length` before reading and
 * while reading, the type from the magic bytes only, the bytes to the storage port under `kyc/<uuid>`,
 * then the `files` row and its audit record in one transaction.
 */
export async function uploadFile(
  deps: KycDeps,
  input: {
    userId: string;
    purpose: FilePurpose;
    contentLength: string | undefined;
    body: Readable | undefined;
    ip: string;
  },
): Promise<UploadedFile> {
  const now = deps.now?.() ?? new Date();
  const rule = FILE_PURPOSES[input.purpose];
  const declared = input.contentLength === undefined ? NaN : Number(input.contentLength);
  if (Number.isFinite(declared) && declared > rule.maxBytes) throw tooLarge(rule.maxBytes);
  await hitRateLimit(deps.db, UPLOAD_RATE, input.userId, now);

  const { bytes, sha256 } = input.body
    ? await readLimited(input.body, rule.maxBytes)
    : { bytes: Buffer.alloc(0), sha256: '' };
  const detected = bytes.length > 0 ? await fileTypeFromBuffer(bytes) : undefined;
  if (!detected || !(rule.mimes as readonly string[]).includes(detected.mime)) {
    throw new AppError('FILE_TYPE_INVALID', `The file's content is not one of ${rule.mimes.join(', ')}`);
  }

  const id = randomUUID();
  const storageKey = `${STORAGE_FOLDER[input.purpose]}/${id}`;
  await deps.storage.put(storageKey, bytes, detected.mime);
  try {
    await deps.db.transaction(async (tx) => {
      await insertFile(tx, {
        id,
        ownerUserId: input.userId,
        purpose: input.purpose,
        mime: detected.mime,
        size: bytes.length,
        sha256,
        storageKey,
        createdAt: now,
      });
      await writeAudit(tx, {
        action: 'file.uploaded',
        actorUserId: input.userId,
        subjectType: 'file',
        subjectId: id,
        ip: input.ip,
        data: { purpose: input.purpose, mime: detected.mime, size: bytes.length, sha256 },
      });
    });
  } catch (err) {
    await deps.storage.delete(storageKey).catch(() => undefined);
    throw err;
  }
  return { fileId: id, purpose: input.purpose, mime: detected.mime, size: bytes.length };
}

/**
 * A single `Range: bytes=…` inside a file of `size` bytes (start-end, start-, or -suffix). Anything
 * else (several ranges, other units, outside the file) is ignored: the whole file is sent.
 */
export function parseRange(header: string | undefined, size: number): ByteRange | null {
  if (!header || size === 0) return null;
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!m || (m[1] === '' && m[2] === '')) return null;
  if (m[1] === '') {
    const suffix = Number(m[2]);
    if (suffix === 0) return null;
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(m[1]);
  const end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  if (start >= size || end < start) return null;
  return { start, end };
}

export interface FileDownload {
  mime: string;
  /** The file's size. */
  size: number;
  /** How many bytes `body` yields (the range's, or the whole file's). */
  length: number;
  body: Readable;
  /** Set when a range was asked for and is sent (206). */
  range: ByteRange | null;
}

/**
 * `GET /files/:fileId`: the file's owner, or an operator with two-factor on, not frozen, whose role holds
 * the purpose's `readPermission` (`kyc.read` for KYC files, `money.read` for deposit receipts; audited).
 * Anyone else gets 404, as if there were no such file.
 */
export async function readFile(
  deps: KycDeps,
  input: {
    userId: string;
    fileId: string;
    rangeHeader: string | undefined;
    ip: string;
    accessOf: (userId: string) => Promise<Access | null>;
  },
): Promise<FileDownload> {
  const f = await findFile(deps.db, input.fileId);
  if (!f) throw new AppError('NOT_FOUND');
  const isOwner = f.ownerUserId === input.userId;
  if (!isOwner) {
    const access = await input.accessOf(input.userId);
    const isReviewer =
      access !== null &&
      isOperatorRole(access.role) &&
      can(access.role, FILE_PURPOSES[f.purpose].readPermission) &&
      access.twoFactorEnabled &&
      !access.isFrozen;
    if (!isReviewer) throw new AppError('NOT_FOUND');
  }
  const range = parseRange(input.rangeHeader, f.size);
  const stored = await deps.storage.get(f.storageKey, range ?? undefined);
  if (!stored) throw new AppError('NOT_FOUND');
  if (!isOwner) {
    try {
      await deps.db.transaction((tx) =>
        writeAudit(tx, {
          action: 'file.viewed',
          actorUserId: input.userId,
          subjectType: 'file',
          subjectId: f.id,
          ip: input.ip,
          data: {
            ownerUserId: f.ownerUserId,
            purpose: f.purpose,
            ...(range ? { range: `${range.start}-${range.end}` } : {}),
          },
        }),
      );
    } catch (err) {
      stored.body.destroy();
      throw err;
    }
  }
  return { mime: f.mime, size: f.size, length: range ? stored.size : f.size, body: stored.body, range };
}
