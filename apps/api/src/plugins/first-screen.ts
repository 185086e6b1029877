import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { CULTURES, DEFAULT_CULTURE, LANGUAGE_QUERY_KEY, SESSION } from '@portal/contract/core/constants';

/**
 * A signed-in page's first screen rendered here (decision 027): the web app's server renderer
 * (`apps/web/dist-server/server-entry.js`) builds the page's markup, styles and data, answering the API
 * calls the page makes in-process with the visitor's own cookie; the markup goes into `index.html` in
 * place of the loading screen. Anything that cannot be rendered (signed out, an error, too slow) gets
 * `index.html` as before, and the browser builds the page itself.
 */

/** The signed-in pages rendered here: a fund's page (issue 6), the dashboard (issue 19). Others follow when measured. */
export const SERVER_RENDERED_PATHS: readonly RegExp[] = [
  /^\/fund\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i,
  // The dashboard, the page every sign-in lands on (issue 19, decision 043).
  /^\/$/,
];

/**
 * The sign-in page (decision 043): rendered for every visitor, signed in or not, into its own document
 * (`auth.html`, the auth screen's entry without the app's router) when the build has one. Its markup
 * depends on the language and the viewport guess only, so each rendering is kept for the process's life:
 * an anonymous visitor costs no rendering, however many there are.
 */
export const SIGN_IN_PATH = '/auth';

/** Longer than this and the visitor gets the browser-built page: a slow first screen is no first screen. */
export const RENDER_BUDGET_MS = 1_500;

/** The web app's renderer (apps/web/src/app/server-entry.tsx). */
interface Renderer {
  render(req: {
    url: string;
    headers: Record<string, string>;
    language: string;
    desktop: boolean;
    api: (url: string, init: RequestInit) => Promise<Response>;
  }): Promise<
    | {
        rendered: true;
        styles: string;
        html: string;
        state: string;
        lang: string;
        dir: 'rtl' | 'ltr';
        title: string | null;
        passes: number;
      }
    | { rendered: false; reason: string }
  >;
}

const ROOT_START = '<div id="root">';

/** A phone or a desktop-wide screen, from the client hints or else the user agent (the layout's first guess). */
export function looksDesktop(headers: FastifyRequest['headers']): boolean {
  const hint = headers['sec-ch-ua-mobile'];
  if (hint === '?1') return false;
  if (hint === '?0') return true;
  return !/Mobi|Android|iPhone|iPad|iPod/i.test(headers['user-agent'] ?? '');
}

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

export interface FirstScreens {
  /** Answers the page rendered, or false when the caller should send the page's document as built. */
  send(request: FastifyRequest, reply: FastifyReply): Promise<boolean>;
}

export function createFirstScreens(app: FastifyInstance, distDir: string): FirstScreens | null {
  const entry = path.join(path.dirname(distDir), 'dist-server', 'server-entry.js');
  if (!existsSync(entry)) {
    app.log.warn(`no server renderer at ${entry}: every page is built in the browser (run \`npm run build\`)`);
    return null;
  }
  /** A document split around the root's content: everything up to it, and everything after it (the scripts). */
  const split = (file: string) => {
    const template = readFileSync(path.join(distDir, file), 'utf8');
    const rootStart = template.indexOf(ROOT_START);
    // The root is the body's last element (its content is the loading screen).
    const bodyEnd = template.indexOf('</body>');
    const rootEnd = template.lastIndexOf('</div>', bodyEnd < 0 ? template.length : bodyEnd);
    if (rootStart < 0 || rootEnd < rootStart)
      throw new Error(`${file} has no ${ROOT_START}…</div> at the end of its body`);
    return {
      before: template.slice(0, rootStart + ROOT_START.length),
      after: template.slice(rootEnd + '</div>'.length),
    };
  };
  const appDocument = split('index.html');
  const signInDocument = existsSync(path.join(distDir, 'auth.html')) ? split('auth.html') : appDocument;
  /** The sign-in page as rendered, by language and viewport guess (at most 3 × 2), compressed as sent. */
  const keptSignIn = new Map<string, Promise<{ html: Buffer; br: Buffer; gzip: Buffer; passes: number } | null>>();
  let renderer: Promise<Renderer> | undefined;

  /** One `/api/…` call of the page, answered in-process as the visitor. */
  const apiFor =
    (request: FastifyRequest) =>
    async (url: string, init: RequestInit): Promise<Response> => {
      const headers: Record<string, string> = { accept: 'application/json' };
      for (const name of ['cookie', 'user-agent', 'accept-language'] as const) {
        const v = request.headers[name];
        if (typeof v === 'string') headers[name] = v;
      }
      new Headers(init.headers).forEach((v, k) => (headers[k] = v));
      const res = await app.inject({
        method: (init.method ?? 'GET') as 'GET',
        url,
        headers,
        remoteAddress: request.ip,
        ...(typeof init.body === 'string' ? { payload: init.body } : {}),
      });
      const out = new Headers();
      for (const [k, v] of Object.entries(res.headers)) {
        if (typeof v === 'string') out.set(k, v);
        else if (typeof v === 'number') out.set(k, String(v));
      }
      const empty = res.statusCode === 204 || res.statusCode === 304;
      return new Response(empty ? null : res.rawPayload, { status: res.statusCode, headers: out });
    };

  /** index.html with the page in place of the loading screen, its styles in the head, its state after it. */
  const page = (
    { before, after }: { before: string; after: string },
    r: { styles: string; html: string; state: string; lang: string; dir: string; title: string | null },
  ) =>
    before
      .replace(/<html lang="[^"]*" dir="[^"]*">/, () => `<html lang="${r.lang}" dir="${r.dir}">`)
      .replace(/<title>[^<]*<\/title>/, (t) => (r.title === null ? t : `<title>${r.title}</title>`))
      .replace('</head>', () => `${r.styles}</head>`) +
    r.html +
    '</div>' +
    r.state +
    after;

  /** Renders within the time budget; the result, or why there is none. */
  const renderWithin = async (
    request: FastifyRequest,
    url: string,
    language: string,
  ): Promise<Awaited<ReturnType<Renderer['render']>>> => {
    let timer: NodeJS.Timeout | undefined;
    try {
      renderer ??= import(pathToFileURL(entry).href) as Promise<Renderer>;
      return await Promise.race([
        renderer.then((r) =>
          r.render({ url, headers: {}, language, desktop: looksDesktop(request.headers), api: apiFor(request) }),
        ),
        new Promise<{ rendered: false; reason: string }>((resolve) => {
          timer = setTimeout(() => resolve({ rendered: false, reason: 'over the time budget' }), RENDER_BUDGET_MS);
        }),
      ]);
    } finally {
      clearTimeout(timer);
    }
  };

  /** The sign-in page, rendered once per language and viewport guess (no visitor's data in it). */
  const sendSignIn = async (request: FastifyRequest, reply: FastifyReply, language: string): Promise<boolean> => {
    const started = performance.now();
    const culture = (CULTURES as readonly string[]).includes(language) ? language : DEFAULT_CULTURE;
    const key = `${culture} ${looksDesktop(request.headers) ? 'desktop' : 'phone'}`;
    let kept = keptSignIn.get(key);
    if (!kept) {
      kept = (async () => {
        // The page's address without its query: nothing of the query is in the markup (`next` is read by
        // the browser), and every visitor gets the same rendering.
        const result = await renderWithin(request, SIGN_IN_PATH, culture);
        if (!result.rendered) {
          request.log.info({ reason: result.reason }, 'sign-in page not rendered');
          return null;
        }
        const html = Buffer.from(page(signInDocument, result));
        const [br, gz] = await Promise.all([
          brotli(html, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }),
          gzipAsync(html, { level: 9 }),
        ]);
        return { html, br, gzip: gz, passes: result.passes };
      })().catch((err: unknown) => {
        request.log.error({ err }, 'sign-in page failed: the browser builds it');
        return null;
      });
      keptSignIn.set(key, kept);
    }
    const done = await kept;
    // Not rendered (too slow on a cold start, an error): asked again by the next visitor.
    if (!done) {
      keptSignIn.delete(key);
      return false;
    }
    const accepts = request.headers['accept-encoding'] ?? '';
    reply
      .header('cache-control', 'no-cache')
      .header('vary', 'cookie, accept-encoding')
      .header('server-timing', `render;dur=${(performance.now() - started).toFixed(1)};desc="${done.passes} passes"`)
      .type('text/html; charset=utf-8');
    if (/\bbr\b/.test(accepts)) await reply.header('content-encoding', 'br').send(done.br);
    else if (/\bgzip\b/.test(accepts)) await reply.header('content-encoding', 'gzip').send(done.gzip);
    else await reply.send(done.html);
    return true;
  };

  return {
    async send(request, reply) {
      const url = request.url;
      const pathname = url.split('?')[0] ?? '/';
      // A browser's navigation to the page (what a script fetches gets index.html as before).
      if (!request.headers.accept?.includes('text/html')) return false;
      const lng = (request.query as Record<string, unknown>)[LANGUAGE_QUERY_KEY];
      const language = (typeof lng === 'string' ? lng : undefined) ?? request.cookies.i18next ?? DEFAULT_CULTURE;
      if (pathname === SIGN_IN_PATH) return sendSignIn(request, reply, language);
      if (!SERVER_RENDERED_PATHS.some((p) => p.test(pathname))) return false;
      if (!request.cookies[SESSION.cookieName]) return false;
      const started = performance.now();
      try {
        const result = await renderWithin(request, url, language);
        if (!result.rendered) {
          request.log.info({ reason: result.reason }, 'first screen not rendered');
          return false;
        }
        const html = Buffer.from(page(appDocument, result));
        const accepts = request.headers['accept-encoding'] ?? '';
        // The page carries the visitor's own data: no cache keeps it.
        reply
          .header('cache-control', 'private, no-store')
          .header('vary', 'cookie, accept-encoding')
          .header(
            'server-timing',
            `render;dur=${(performance.now() - started).toFixed(1)};desc="${result.passes} passes"`,
          )
          .type('text/html; charset=utf-8');
        if (/\bbr\b/.test(accepts)) {
          const body = await brotli(html, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } });
          await reply.header('content-encoding', 'br').send(body);
        } else if (/\bgzip\b/.test(accepts)) {
          await reply.header('content-encoding', 'gzip').send(await gzipAsync(html, { level: 6 }));
        } else {
          await reply.send(html);
        }
        return true;
      } catch (err) {
        request.log.error({ err }, 'first screen failed: the browser builds the page');
        return false;
      }
    },
  };
}
