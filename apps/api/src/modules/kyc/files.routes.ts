import type { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { AppError } from '@portal/contract/core/errors';
import { getFile, uploadFile } from '@portal/contract/kyc/kyc';
import { route } from '../../plugins/contract';
import { sessionOf } from '../../plugins/sessions';
import * as files from './files.service';
import type { KycDeps } from './kyc.service';

/**
 * `POST /files` and `GET /files/:fileId`, in a scope of their own: here a body is the raw file, handed
 * to the handler as a stream (no JSON parser, no body limit: the service counts and stops at the
 * purpose's limit). Only video, image and octet-stream bodies are read; any other type is refused
 * before a byte is read (the real type comes from the magic bytes anyway).
 */
export function filesRoutes(app: FastifyInstance, deps: KycDeps): void {
  void app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    const passThrough = (_request: unknown, payload: Readable, done: (err: Error | null, body?: Readable) => void) =>
      done(null, payload);
    scope.addContentTypeParser(/^(video|image)\/[\w.+-]+/, passThrough);
    scope.addContentTypeParser('application/octet-stream', passThrough);
    scope.addContentTypeParser('*', (_request, _payload, done) =>
      done(new AppError('FILE_TYPE_INVALID', 'Send the file as a video or image body')),
    );

    route(scope, uploadFile, async ({ query, request, reply }) => {
      try {
        return await files.uploadFile(deps, {
          userId: sessionOf(request).userId,
          purpose: query.purpose,
          contentLength: request.headers['content-length'],
          body: request.body as Readable | undefined,
          ip: request.ip,
        });
      } catch (err) {
        // The rest of the body is not wanted: the connection closes after the answer.
        if (err instanceof AppError && err.code === 'FILE_TOO_LARGE') reply.header('connection', 'close');
        throw err;
      }
    });

    route(scope, getFile, async ({ params, request, reply }) => {
      const file = await files.readFile(deps, {
        userId: sessionOf(request).userId,
        fileId: params.fileId,
        rangeHeader: request.headers.range,
        ip: request.ip,
        accessOf: (id) => scope.accessOf(id),
      });
      reply
        .header('content-type', file.mime)
        .header('content-length', String(file.length))
        .header('content-disposition', 'inline')
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .header('accept-ranges', 'bytes');
      if (file.range) {
        reply.status(206).header('content-range', `bytes ${file.range.start}-${file.range.end}/${file.size}`);
      }
      return file.body;
    });
  });
}
