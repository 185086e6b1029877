import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app';

let t: TestApp;
beforeAll(async () => {
  const dist = mkdtempSync(path.join(os.tmpdir(), 'portal-web-'));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><html lang="fa" dir="rtl"><div id="root"></div></html>');
  writeFileSync(path.join(dist, 'assets', 'app-abc123.js'), 'console.log(1)');
  // What the build's precompress step writes beside a text file (apps/web/vite.config.ts).
  const big = `console.log(${JSON.stringify('x'.repeat(4000))})`;
  writeFileSync(path.join(dist, 'assets', 'big-def456.js'), big);
  writeFileSync(path.join(dist, 'assets', 'big-def456.js.br'), brotliCompressSync(big));
  writeFileSync(path.join(dist, 'assets', 'big-def456.js.gz'), gzipSync(big));
  t = await createTestApp({ envVars: { WEB_DIST_DIR: dist } });
});
afterAll(async () => {
  await t.close();
});

describe('one process serves the built web app', () => {
  it('client-side routes get index.html, not cached', async () => {
    for (const url of ['/', '/auth', '/fund/123', '/no/such/page']) {
      const res = await t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toContain('<div id="root">');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });

  it('hashed assets are cached for a year', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('immutable');
  });

  it('sends the precompressed file the client accepts, and the plain one otherwise', async () => {
    const br = await t.app.inject({
      method: 'GET',
      url: '/assets/big-def456.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toContain('javascript');
    expect(br.headers.vary).toContain('accept-encoding');
    expect(brotliDecompressSync(br.rawPayload).toString()).toContain('xxxx');
    const gz = await t.app.inject({
      method: 'GET',
      url: '/assets/big-def456.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gz.headers['content-encoding']).toBe('gzip');
    const plain = await t.app.inject({ method: 'GET', url: '/assets/big-def456.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(4000);
    // A file without compressed siblings is still served to a client that accepts them.
    const small = await t.app.inject({
      method: 'GET',
      url: '/assets/app-abc123.js',
      headers: { 'accept-encoding': 'br' },
    });
    expect(small.statusCode).toBe(200);
    expect(small.body).toBe('console.log(1)');
  });

  it('a missing asset and an unknown API path are 404s', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/assets/missing.js' })).statusCode).toBe(404);
    const api = await t.app.inject({ method: 'GET', url: '/api/unknown', headers: { accept: 'text/html' } });
    expect(api.statusCode).toBe(404);
    expect(api.json().code).toBe('NOT_FOUND');
  });
});
