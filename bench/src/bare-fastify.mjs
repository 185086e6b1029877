// The reference of the API benchmark: a bare Fastify route returning a small JSON, in its own node
// process like the portal's server, with the Fastify the API uses. Usage: node bare-fastify.mjs <port>
import { createRequire } from 'node:module';

const requireFromApi = createRequire(new URL('../../apps/api/package.json', import.meta.url));
const { default: Fastify } = requireFromApi('fastify');

const app = Fastify({ logger: false });
app.get('/api/ping', async () => ({ status: 'ok', time: new Date().toISOString() }));

const close = () => {
  app.close().then(
    () => process.exit(0),
    () => process.exit(1),
  );
};
process.on('SIGTERM', close);
process.on('SIGINT', close);

await app.listen({ port: Number(process.argv[2] ?? 0), host: '127.0.0.1' });
