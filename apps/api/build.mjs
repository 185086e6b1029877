// Bundles the server into dist/server.js and the operator CLI into dist/admin-create.js (what
// `npm run admin:create` runs with tsx, for a deployment without dev dependencies): our workspace code is
// inlined, npm packages stay external.
import { build } from 'esbuild';
import { readFileSync } from 'node:fs';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const external = Object.keys(pkg.dependencies).filter((d) => !d.startsWith('@portal/'));

await build({
  entryPoints: { server: 'src/server.ts', 'admin-create': 'src/cli/admin-create.ts' },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  sourcemap: true,
  external: [...external, 'pg-native'],
  logLevel: 'warning',
});
