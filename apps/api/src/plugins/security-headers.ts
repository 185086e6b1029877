import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * Runs helmet once, at start, against a throwaway response and keeps the headers it sets. Helmet
 * decides the headers; computing them per request (as its middleware does, CSP parsing included)
 * was a measurable share of every API call, and the values never change while the process runs.
 */
export function computeSecurityHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  } as unknown as ServerResponse;
  let failed: unknown;
  helmet(options)({} as IncomingMessage, res, (err?: unknown) => {
    failed = err;
  });
  if (failed instanceof Error) throw failed;
  if (failed) throw new Error('helmet refused its options');
  return headers;
}

export const securityHeadersPlugin = fp(
  async (app: FastifyInstance, opts: { helmet: HelmetOptions }) => {
    const headers = computeSecurityHeaders(opts.helmet);
    app.addHook('onRequest', async (_request, reply) => {
      reply.headers(headers);
    });
  },
  { name: 'security-headers' },
);
