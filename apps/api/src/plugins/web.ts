import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { API_PREFIX } from './contract';
import { createFirstScreens, SIGN_IN_PATH } from './first-screen';
import { sendError } from './errors';

/**
 * Serves the built web app: hashed assets with a long cache, and `index.html` for every other GET
 * that accepts HTML (client-side routes). Unknown `/api` paths answer the JSON 404.
 */
export const webPlugin = fp(async (app: FastifyInstance, opts: { distDir: string | null }) => {
  const dist = opts.distDir && existsSync(path.join(opts.distDir, 'index.html')) ? opts.distDir : null;
  if (dist) {
    await app.register(fastifyStatic, {
      root: dist,
      wildcard: false,
      index: false,
      cacheControl: false,
      // The build writes `.br` and `.gz` beside each text file (apps/web/vite.config.ts, decision 023):
      // a client that accepts them gets the compressed file, with `Vary: Accept-Encoding`.
      preCompressed: true,
      setHeaders(res, filePath) {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.setHeader('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
        // The same address answers brotli, gzip or plain bytes: caches must key on the encoding.
        res.setHeader('vary', 'accept-encoding');
      },
    });
    // Files at the top of dist (favicon, manifest, service worker…) and the assets folder.
    app.get('/assets/*', (req, reply) => reply.sendFile(`assets/${(req.params as { '*': string })['*']}`));
  } else {
    app.log.warn('web app not built: only the API is served (run `npm run build`)');
  }

  const firstScreens = dist ? createFirstScreens(app, dist) : null;

  app.setNotFoundHandler(async (request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    if (url === API_PREFIX || url.startsWith(`${API_PREFIX}/`) || request.method !== 'GET' || !dist) {
      return sendError(reply, 'NOT_FOUND', 404);
    }
    const file = path.join(dist, url);
    if (url !== '/' && path.extname(url) && file.startsWith(dist) && existsSync(file)) {
      return reply.sendFile(url.slice(1));
    }
    if (path.extname(url) && !request.headers.accept?.includes('text/html')) return sendError(reply, 'NOT_FOUND', 404);
    // A signed-in page the server renders (decision 027), or the sign-in page (decision 043); otherwise the
    // browser builds it.
    if (firstScreens && (await firstScreens.send(request, reply))) return reply;
    reply.header('cache-control', 'no-cache');
    // The sign-in page has a document of its own (the auth screen without the app's router, decision 043).
    const signIn = url === SIGN_IN_PATH && existsSync(path.join(dist, 'auth.html'));
    return reply.type('text/html').sendFile(signIn ? 'auth.html' : 'index.html');
  });
});
