/**
 * The web plugin's server-rendered first screens (decision 027), with a stand-in for the web app's
 * renderer (`dist-server/server-entry.js`) that calls the API the way the real one does: what goes into
 * the page, what the visitor's calls answer in-process, and every way back to the plain index.html. The
 * real renderer is exercised by apps/web's server-entry test and the browser journeys.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RENDER_BUDGET_MS } from '../../src/plugins/first-screen';
import { createTestApp, e164, signIn, type TestApp } from '../helpers/app';

const INDEX = `<!doctype html>
<html lang="fa" dir="rtl">
  <head>
    <title>پرتال سرمایه‌گذاری</title>
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
  </head>
  <body>
    <div id="root">
      <main class="boot">loading</main>
    </div>
  </body>
</html>
`;

/** The sign-in page's own document (decision 043). */
const AUTH = INDEX.replace('/assets/index-abc.js', '/assets/auth-abc.js');

/**
 * Answers by `?mode=`: a page made from `GET /api/account` as the visitor, or one of the ways to fail. The
 * sign-in page (`/auth`) without any call, numbered (to see it kept), and broken in Arabic.
 */
const RENDERER = `
export const calls = [];
let signIns = 0;
export async function render(req) {
  if (new URL(req.url, 'http://x').pathname === '/auth') {
    if (req.url !== '/auth') throw new Error('the sign-in page is rendered without its query');
    if (req.language === 'ar') throw new Error('the renderer broke');
    signIns++;
    return {
      rendered: true,
      styles: '<style data-emotion="muirtl s">.muirtl-s{color:red}</style>',
      html: '<main id="sign-in">' + req.language + ' ' + (req.desktop ? 'desktop' : 'phone') + ' #' + signIns + '</main>',
      state: '<script type="application/json" id="first-screen">{"v":1}</script>',
      lang: req.language,
      dir: req.language === 'en' ? 'ltr' : 'rtl',
      title: 'ورود | پرتال',
      passes: 1,
    };
  }
  const mode = new URL(req.url, 'http://x').searchParams.get('mode');
  if (mode === 'throw') throw new Error('the renderer broke');
  if (mode === 'skip') return { rendered: false, reason: 'nothing to render' };
  if (mode === 'slow') await new Promise((r) => setTimeout(r, ${RENDER_BUDGET_MS} + 500));
  const res = await req.api('/api/account', { method: 'GET', headers: { Accept: 'application/json' } });
  const account = await res.json();
  return {
    rendered: true,
    styles: '<style data-emotion="muirtl abc">.muirtl-abc{color:red}</style>',
    html: '<main id="main">' + res.status + ' ' + account.user.mobile + ' ' + req.language + ' ' + (req.desktop ? 'desktop' : 'phone') + '</main>',
    state: '<script type="application/json" id="first-screen">{"v":1}</script>',
    lang: req.language,
    dir: req.language === 'en' ? 'ltr' : 'rtl',
    title: 'صندوق طلا &amp; نقره | پرتال',
    passes: 1,
  };
}
`;

const FUND_PATH = '/fund/0b7e6a8e-62a4-4d5c-9a36-3f1b1c2d4e5f';
const PHONE_UA =
  'Mozilla/5.0 (Linux; Android 13; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120 Mobile Safari/537.36';

let t: TestApp;
let cookie: string;
let mobile: string;
beforeAll(async () => {
  const root = mkdtempSync(path.join(os.tmpdir(), 'portal-first-screen-'));
  mkdirSync(path.join(root, 'dist'));
  mkdirSync(path.join(root, 'dist-server'));
  writeFileSync(path.join(root, 'dist', 'index.html'), INDEX);
  writeFileSync(path.join(root, 'dist', 'auth.html'), AUTH);
  writeFileSync(path.join(root, 'dist-server', 'server-entry.js'), RENDERER);
  t = await createTestApp({ envVars: { WEB_DIST_DIR: path.join(root, 'dist') } });
  ({ cookie, mobile } = await signIn(t));
});
afterAll(async () => {
  await t.close();
});

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers: { accept: 'text/html', ...headers } });

describe("a fund's page rendered by the server for a signed-in visitor", () => {
  it('arrives with the page in place of the loading screen, its styles in the head and its state after it', async () => {
    const res = await get(FUND_PATH, { cookie, 'user-agent': PHONE_UA });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    // The page's own calls were answered in-process with the visitor's session.
    expect(res.body).toContain(`<div id="root"><main id="main">200 ${e164(mobile)} fa phone</main></div>`);
    expect(res.body).not.toContain('loading');
    expect(res.body).toContain('<style data-emotion="muirtl abc">.muirtl-abc{color:red}</style></head>');
    expect(res.body).toContain('</div><script type="application/json" id="first-screen">{"v":1}</script>\n  </body>');
    expect(res.body).toContain('<title>صندوق طلا &amp; نقره | پرتال</title>');
    expect(res.body).toContain('<script type="module" crossorigin src="/assets/index-abc.js"></script>');
    // The visitor's own data: no shared cache may keep it.
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.headers.vary).toContain('cookie');
    expect(res.headers['server-timing']).toMatch(/^render;dur=\d/);
  });

  it('in the language of the cookie or the address, and guesses a desktop from the headers', async () => {
    const en = await get(FUND_PATH, { cookie: `${cookie}; i18next=en` });
    expect(en.body).toContain('<html lang="en" dir="ltr">');
    expect(en.body).toContain(' en desktop</main>');
    const ar = await get(`${FUND_PATH}?lng=ar`, { cookie, 'sec-ch-ua-mobile': '?1' });
    expect(ar.body).toContain('<html lang="ar" dir="rtl">');
    expect(ar.body).toContain(' ar phone</main>');
  });

  it('is compressed for a browser that accepts it', async () => {
    const res = await get(FUND_PATH, { cookie, 'accept-encoding': 'gzip, deflate, br' });
    expect(res.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(res.rawPayload).toString()).toContain(`${e164(mobile)} fa`);
  });
});

describe('the sign-in page rendered by the server for every visitor (decision 043)', () => {
  it('arrives in its own document, rendered once per language and viewport guess and kept', async () => {
    const first = await get('/auth', { 'user-agent': PHONE_UA });
    expect(first.statusCode).toBe(200);
    expect(first.body).toContain('<div id="root"><main id="sign-in">fa phone #1</main></div>');
    expect(first.body).toContain('<script type="module" crossorigin src="/assets/auth-abc.js"></script>');
    expect(first.body).not.toContain('index-abc.js');
    expect(first.body).toContain('<style data-emotion="muirtl s">.muirtl-s{color:red}</style></head>');
    expect(first.body).toContain('<title>ورود | پرتال</title>');
    // Nothing of the visitor's in it; revalidated, since a deploy changes it.
    expect(first.headers['cache-control']).toBe('no-cache');
    expect(first.headers.vary).toContain('cookie');
    expect(first.headers['server-timing']).toMatch(/^render;dur=\d/);
    // Another visitor, another query, signed in or not: the same rendering, not rendered again.
    for (const [url, headers] of [
      ['/auth?next=%2Fwallet', { 'user-agent': PHONE_UA }],
      ['/auth', { 'user-agent': PHONE_UA, cookie }],
    ] as const)
      expect((await get(url, headers)).body).toBe(first.body);
    // Another viewport guess or language: rendered once more each.
    expect((await get('/auth')).body).toContain('<main id="sign-in">fa desktop #2</main>');
    expect((await get('/auth', { cookie: 'i18next=en' })).body).toContain('<main id="sign-in">en desktop #3</main>');
    expect((await get('/auth?lng=en')).body).toContain('<main id="sign-in">en desktop #3</main>');
    // A language the portal does not have is the default one's.
    expect((await get('/auth?lng=xx')).body).toContain('<main id="sign-in">fa desktop #2</main>');
  });

  it('is compressed for a browser that accepts it', async () => {
    const res = await get('/auth', { 'accept-encoding': 'gzip, deflate, br' });
    expect(res.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(res.rawPayload).toString()).toContain('<main id="sign-in">fa desktop');
  });

  it('when the renderer fails, its document as built (the browser builds the page)', async () => {
    const res = await get('/auth?lng=ar');
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(AUTH);
    expect(res.headers['cache-control']).toBe('no-cache');
  });
});

describe('everything else gets index.html, and the browser builds the page', () => {
  const plain = (res: Awaited<ReturnType<typeof get>>) => {
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(INDEX);
    expect(res.headers['cache-control']).toBe('no-cache');
  };

  it('a visitor without a session', async () => {
    plain(await get(FUND_PATH));
  });

  it('a session the server does not know (the page would be the auth page)', async () => {
    const res = await get(`${FUND_PATH}?mode=skip`, { cookie: 'portal_sid=forged' });
    plain(res);
  });

  it('a page that is not rendered on the server', async () => {
    for (const url of ['/funds', '/fund/not-a-uuid', `${FUND_PATH}/extra`, '/wallet'])
      plain(await get(url, { cookie }));
  });

  it('a renderer with nothing to render, one that throws, and one over its time budget', async () => {
    plain(await get(`${FUND_PATH}?mode=skip`, { cookie }));
    plain(await get(`${FUND_PATH}?mode=throw`, { cookie }));
    const started = Date.now();
    plain(await get(`${FUND_PATH}?mode=slow`, { cookie }));
    expect(Date.now() - started).toBeLessThan(RENDER_BUDGET_MS + 400);
  });

  it('a request for something other than a page', async () => {
    const res = await t.app.inject({ method: 'GET', url: FUND_PATH, headers: { cookie, accept: 'application/json' } });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(INDEX);
  });
});
