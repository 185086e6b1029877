#!/usr/bin/env node
/**
 * The npm registry reachable here serves only the Linux builds of packages that ship one optional
 * package per platform (rollup, unrs-resolver, esbuild…), so `npm install` leaves the other
 * platforms' entries out of package-lock.json, and `npm ci` then refuses the lock as out of sync.
 * This adds each missing entry with the platform (os, cpu, libc) read from its name, so `npm ci`
 * accepts the lock and skips those packages as not for this platform. Run after `npm install`.
 */
import { readFileSync, writeFileSync } from 'node:fs';

const file = new URL('../package-lock.json', import.meta.url);
const lock = JSON.parse(readFileSync(file, 'utf8'));
const pkgs = lock.packages;

const OS = [
  'android',
  'darwin',
  'freebsd',
  'linux',
  'openbsd',
  'openharmony',
  'netbsd',
  'sunos',
  'aix',
  'win32',
  'cygwin',
];
const CPU = {
  arm64: 'arm64',
  aarch64: 'arm64',
  arm: 'arm',
  x64: 'x64',
  ia32: 'ia32',
  loong64: 'loong64',
  ppc64: 'ppc64',
  riscv64: 'riscv64',
  s390x: 's390x',
  mips64el: 'mips64el',
  wasm32: 'wasm32',
};

function platformOf(name) {
  const parts = name.split('/').pop().split('-');
  const os = parts.find((p) => OS.includes(p)) ?? (parts.includes('win32') ? 'win32' : undefined);
  const cpu = parts.map((p) => CPU[p]).find(Boolean);
  const libc = parts.some((p) => p.startsWith('musl'))
    ? 'musl'
    : parts.some((p) => p === 'gnu' || p.startsWith('gnueabi')) && os === 'linux'
      ? 'glibc'
      : undefined;
  return { os, cpu, libc };
}

let added = 0;
for (const [path, entry] of Object.entries(pkgs)) {
  const optional = entry.optionalDependencies ?? {};
  for (const [dep, range] of Object.entries(optional)) {
    // Resolution as npm does it: nested first, then each parent folder up to the root.
    const segments = path ? path.split('/node_modules/') : [''];
    let found = false;
    for (let i = segments.length; i >= 0 && !found; i--) {
      const base = segments.slice(0, i).join('/node_modules/');
      const candidate = base ? `${base}/node_modules/${dep}` : `node_modules/${dep}`;
      if (pkgs[candidate]) found = true;
    }
    if (found) continue;
    const { os, cpu, libc } = platformOf(dep);
    if (!os || !cpu) continue; // not a platform package: leave it to npm
    const version = String(range).replace(/^[\^~=]/, '');
    if (!/^\d+\.\d+\.\d+/.test(version)) continue;
    pkgs[`node_modules/${dep}`] = {
      version,
      cpu: [cpu],
      ...(entry.dev ? { dev: true } : {}),
      ...(libc ? { libc: [libc] } : {}),
      optional: true,
      os: [os],
    };
    added++;
  }
}
if (added > 0) {
  writeFileSync(file, `${JSON.stringify(lock, null, 2)}\n`);
  console.log(`complete-lock: added ${added} platform entries to package-lock.json`);
}
