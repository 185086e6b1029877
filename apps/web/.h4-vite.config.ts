// Temporary (helper session h4): the dev server of vite.config.ts, plus the sandbox gateway's page proxied.
import { mergeConfig } from 'vite';
import base from './vite.config';

export default mergeConfig(base, {
  server: { proxy: { '/sandbox-gateway': { target: 'http://127.0.0.1:3301', changeOrigin: false } } },
});
