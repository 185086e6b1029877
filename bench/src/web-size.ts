import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type react from '@vitejs/plugin-react';
import type { Page } from 'playwright-core';
import type * as Vite from 'vite';
import { fromRoot, gzipSize, importFrom } from './lib';

/** One chunk of a Vite manifest (`build.manifest: true`). */
interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

export interface JsFile {
  file: string;
  bytes: number;
  gzip: number;
}

export interface JsMeasure {
  files: JsFile[];
  bytes: number;
  gzip: number;
}

const webDir = fromRoot('apps/web');
const referenceDir = fromRoot('bench/reference');

function measureFiles(distDir: string, files: Iterable<string>): JsMeasure {
  const out: JsFile[] = [];
  for (const file of new Set(files)) {
    const data = readFileSync(path.join(distDir, file));
    out.push({ file, bytes: data.byteLength, gzip: gzipSize(data) });
  }
  out.sort((a, b) => b.gzip - a.gzip);
  return {
    files: out,
    bytes: out.reduce((n, f) => n + f.bytes, 0),
    gzip: out.reduce((n, f) => n + f.gzip, 0),
  };
}

function readManifest(distDir: string): Manifest | null {
  const file = path.join(distDir, '.vite', 'manifest.json');
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Manifest) : null;
}

/** The chunk and every chunk it imports statically, transitively: what loading it costs. */
function staticClosure(
  manifest: Manifest,
  key: string,
  into = new Set<string>(),
  seen = new Set<string>(),
): Set<string> {
  const chunk = manifest[key];
  // By manifest key: a file already listed (the document's own script) still has its imports followed.
  if (!chunk || seen.has(key)) return into;
  seen.add(key);
  into.add(chunk.file);
  for (const dep of chunk.imports ?? []) staticClosure(manifest, dep, into, seen);
  return into;
}

/**
 * (a) The reference: a bare React 19 + MUI page (ThemeProvider, TextField, Button) built by the very
 * Vite and React plugin the web app uses, with the same target. Everything it loads is initial.
 */
export async function measureReference(): Promise<JsMeasure & { vite: string }> {
  // Types come from the root install; the modules are the ones apps/web resolves.
  const vite = await importFrom<typeof Vite>(webDir, 'vite');
  const { default: reactPlugin } = await importFrom<{ default: typeof react }>(webDir, '@vitejs/plugin-react');
  const outDir = mkdtempSync(path.join(tmpdir(), 'portal-bench-reference-'));
  try {
    await vite.build({
      root: referenceDir,
      configFile: false,
      envFile: false,
      logLevel: 'warn',
      cacheDir: path.join(outDir, '.cache'),
      plugins: [reactPlugin()],
      build: { outDir, emptyOutDir: true, manifest: true, target: 'es2022', sourcemap: false },
    });
    const manifest = readManifest(outDir);
    if (!manifest) throw new Error('the reference build wrote no manifest');
    const entries = Object.keys(manifest).filter((k) => manifest[k]?.isEntry);
    const files = new Set<string>();
    for (const key of entries) staticClosure(manifest, key, files);
    return { ...measureFiles(outDir, files), vite: vite.version };
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
}

/**
 * (b) The portal's auth page from the build output: the `<script type="module">` entry and the
 * `<link rel="modulepreload">` chunks of index.html (what the browser fetches before any lazy route),
 * plus the auth route's chunk and everything it imports statically (from the Vite manifest).
 */
export function measurePortalStatic(
  authRoute: RegExp,
  distDir = path.join(webDir, 'dist'),
): JsMeasure & { authChunk: string | null } {
  // The sign-in page's own document when the build has one (decision 043), else the app's.
  const authHtml = path.join(distDir, 'auth.html');
  const ownDocument = existsSync(authHtml);
  const html = readFileSync(ownDocument ? authHtml : path.join(distDir, 'index.html'), 'utf8');
  const files = new Set<string>();
  const attr = (tag: string, name: string) => new RegExp(`\\b${name}\\s*=\\s*["']([^"']+)["']`).exec(tag)?.[1];
  for (const [tag] of html.matchAll(/<script\b[^>]*>/g)) {
    if (/\btype\s*=\s*["']module["']/.test(tag)) {
      const src = attr(tag, 'src');
      if (src && !/^https?:/.test(src)) files.add(src.replace(/^\//, ''));
    }
  }
  for (const [tag] of html.matchAll(/<link\b[^>]*>/g)) {
    if (/\brel\s*=\s*["']modulepreload["']/.test(tag)) {
      const href = attr(tag, 'href');
      if (href && !/^https?:/.test(href)) files.add(href.replace(/^\//, ''));
    }
  }
  if (files.size === 0) throw new Error('apps/web/dist/index.html has no module script');

  const manifest = readManifest(distDir);
  let authChunk: string | null = null;
  if (manifest) {
    // The document's entry's own static imports (normally the modulepreload links already).
    const documentKey = ownDocument ? 'auth.html' : 'index.html';
    for (const [key, chunk] of Object.entries(manifest))
      if (chunk.isEntry && (key === documentKey || !manifest[documentKey])) staticClosure(manifest, key, files);
    // The sign-in page's own entry renders the auth screen itself: no route chunk to add.
    if (ownDocument) return { ...measureFiles(distDir, files), authChunk: 'auth.html' };
    // The route module (`src/app/routes/auth.tsx`), or the chunk Rollup named after it when the module
    // was merged into a shared chunk (`_auth-<hash>.js`).
    const dynamic = Object.keys(manifest).filter((k) => manifest[k]?.isDynamicEntry);
    const key = dynamic.find((k) => authRoute.test(k)) ?? dynamic.find((k) => /^_auth-[\w-]+\.js$/.test(k));
    if (key) {
      authChunk = key;
      staticClosure(manifest, key, files);
    }
  }
  return { ...measureFiles(distDir, files), authChunk };
}

/** Chromium as the bench runs it (the auth page here, the fund page and Lighthouse in fund-page.ts). */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export function findChromium(): string | null {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'];
  return candidates.find((p): p is string => !!p && existsSync(p)) ?? null;
}

/**
 * Loads `url` in Chromium at a phone size (390 × 844), with an empty cache and the given cookies, and
 * sums the gzip size of every JavaScript response until the page is idle and `ready` has resolved: the
 * entry, preloads, the lazy route and whatever else the app fetches before the user can act.
 */
export async function measurePageJs(
  url: string,
  chromiumPath: string,
  opts: { cookies?: { name: string; value: string }[]; ready?: (page: Page) => Promise<void> } = {},
): Promise<JsMeasure & { finalUrl: string }> {
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({ executablePath: chromiumPath, args: CHROMIUM_ARGS });
  try {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, serviceWorkers: 'block' });
    if (opts.cookies?.length) await context.addCookies(opts.cookies.map((c) => ({ ...c, url: new URL(url).origin })));
    const page = await context.newPage();
    const pending: Promise<JsFile | null>[] = [];
    page.on('response', (res) => {
      const resUrl = new URL(res.url());
      const type = res.headers()['content-type'] ?? '';
      if (!/\.m?js$/.test(resUrl.pathname) && !type.includes('javascript')) return;
      pending.push(
        res.body().then(
          (body) => ({ file: resUrl.pathname.replace(/^\//, ''), bytes: body.byteLength, gzip: gzipSize(body) }),
          () => null,
        ),
      );
    });
    await page.goto(url, { waitUntil: 'networkidle', timeout: 60_000 });
    if (opts.ready) await opts.ready(page);
    await page.waitForLoadState('networkidle');
    const files = (await Promise.all(pending)).filter((f): f is JsFile => f !== null);
    const unique = [...new Map(files.map((f) => [f.file, f])).values()].sort((a, b) => b.gzip - a.gzip);
    return {
      files: unique,
      bytes: unique.reduce((n, f) => n + f.bytes, 0),
      gzip: unique.reduce((n, f) => n + f.gzip, 0),
      finalUrl: page.url(),
    };
  } finally {
    await browser.close();
  }
}

/**
 * (b, the honest number) Loads `/auth` of the running portal in Chromium, with an empty cache, and sums
 * the gzip size of every JavaScript response until the page is idle: the entry, preloads, the lazy
 * route and whatever else the app decides to fetch before the user can type.
 */
export async function measurePortalInBrowser(
  baseUrl: string,
  chromiumPath: string,
): Promise<JsMeasure & { finalUrl: string }> {
  return measurePageJs(`${baseUrl}/auth`, chromiumPath, {
    // The auth form is on screen: a text input the user can type the number into.
    ready: (page) => page.getByRole('textbox').first().waitFor({ state: 'visible', timeout: 30_000 }),
  });
}
