import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath, URL } from 'node:url';

// The server takes SENTRY_DSN; the browser build reads VITE_SENTRY_DSN. Accept either at build time.
if (!process.env.VITE_SENTRY_DSN && process.env.SENTRY_DSN) {
  process.env.VITE_SENTRY_DSN = process.env.SENTRY_DSN;
}

/**
 * Libraries that change rarely go into named chunks so that a deploy of app code does not bust
 * their cache. Only libraries that the auth page needs anyway are named here; everything else
 * (Sentry, the dashboard's code, icons of other pages) follows the dynamic imports that use it.
 */
/** Where `vite` and `vite preview` send `/api` (the API's default port unless API_PROXY_TARGET says otherwise). */
const apiTarget = process.env.API_PROXY_TARGET ?? 'http://127.0.0.1:3000';

function vendorChunk(id: string): string | undefined {
  if (/[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/.test(id)) return 'react';
  return undefined;
}

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);
/** Text files worth compressing (fonts are compressed already; maps are not served). */
const COMPRESSIBLE = /\.(js|css|html|json|svg|webmanifest|txt)$/;

/**
 * Writes `name.br` and `name.gz` beside every text file of the build, once, at build time, so the
 * server sends compressed files without compressing on each request (`@fastify/static`
 * `preCompressed`; decision 023). Brotli at its highest quality, gzip for clients without it.
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'portal-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const files = (await readdir(outDir, { recursive: true })).filter(
        (f) => COMPRESSIBLE.test(f) && !f.startsWith(`.vite${path.sep}`),
      );
      await Promise.all(
        files.map(async (f) => {
          const file = path.join(outDir, f);
          const data = await readFile(file);
          const [br, gz] = await Promise.all([
            brotli(data, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: data.length } }),
            gzipAsync(data, { level: 9 }),
          ]);
          await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
        }),
      );
    },
  };
}

/**
 * The entry's stylesheet (the font faces, about 2 kB) written into index.html instead of linked: a linked
 * stylesheet holds the first paint until it has arrived, and on a slow phone network it shares the line
 * with the entry script (decision 027). The content security policy allows inline styles (Emotion's).
 */
function inlineEntryCss(): Plugin {
  return {
    name: 'portal-inline-entry-css',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const bundle = ctx.bundle;
        if (!bundle) return html;
        return html.replace(
          /<link rel="stylesheet"(?: crossorigin)? href="\/(assets\/[^"]+\.css)">/g,
          (tag, file: string) => {
            const asset = bundle[file];
            return asset?.type === 'asset' ? `<style>${String(asset.source)}</style>` : tag;
          },
        );
      },
    },
  };
}

/**
 * `vite build --ssr src/app/server-entry.tsx`: the server's renderer of first screens (decision 027), one
 * file with its libraries inside (`dist-server/server-entry.js`), which the API loads.
 */
const serverBuild = {
  plugins: [react()],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  // The production builds of React, MUI and Emotion, as in the browser's bundle, whatever NODE_ENV the
  // server runs with: the class names and markup must be the ones the browser computes.
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  ssr: { noExternal: true as const, target: 'node' as const },
  build: {
    outDir: 'dist-server',
    emptyOutDir: true,
    target: 'node20',
    minify: false,
    sourcemap: false,
    rollupOptions: { output: { inlineDynamicImports: true } },
  },
};

export default defineConfig(({ isSsrBuild }) =>
  isSsrBuild
    ? serverBuild
    : {
        plugins: [react(), inlineEntryCss(), precompress()],
        resolve: {
          alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
        },
        server: {
          port: 5173,
          proxy: {
            '/api': { target: apiTarget, changeOrigin: false },
            // The embedded mode's sandbox payment page (a card deposit or purchase goes there and back).
            '/sandbox-gateway': { target: apiTarget, changeOrigin: false },
          },
        },
        preview: {
          port: 4173,
          proxy: {
            '/api': { target: apiTarget, changeOrigin: false },
            '/sandbox-gateway': { target: apiTarget, changeOrigin: false },
          },
        },
        build: {
          outDir: 'dist',
          // No <link rel=modulepreload> from JavaScript before each dynamic import, nor in index.html: on the
          // first load Vite's helper cost more main-thread time than the round trips it saves, and the preload
          // in the page delayed the first paint on a slow network (decision 025).
          modulePreload: false,
          emptyOutDir: true,
          manifest: true,
          // Maps are written for error reporting and bundle analysis but not referenced from the served files.
          sourcemap: 'hidden',
          target: 'es2022',
          // terser squeezes a few more kilobytes than esbuild out of the first load (the auth page budget).
          minify: 'terser',
          terserOptions: {
            module: true,
            compress: { passes: 2, pure_getters: true },
            format: { comments: false },
          },
          rollupOptions: {
            // Two documents: the app (`index.html`) and the sign-in page's own (`auth.html`: the auth screen
            // without the router and the signed-in portal, what a visitor who opens `/auth` loads; decision 043).
            input: {
              index: fileURLToPath(new URL('./index.html', import.meta.url)),
              auth: fileURLToPath(new URL('./auth.html', import.meta.url)),
            },
            treeshake: {
              // zod's schema builders have no side effects: a contract module imported for a constant
              // (CURRENCY_SCALE in core/money) must not drag zod into the first load with its unused schemas.
              manualPureFunctions: ['z'],
            },
            output: {
              manualChunks: vendorChunk,
              // Code splitting left dozens of chunks of about a kilobyte (one MUI component, one icon); a phone
              // fetches each as its own request, and over HTTP/1.1 six at a time. Chunks below this size that
              // only define things are merged into one loaded with them (decision 024).
              experimentalMinChunkSize: 2_000,
            },
          },
        },
      },
);
