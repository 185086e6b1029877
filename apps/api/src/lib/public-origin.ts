import type { FastifyRequest } from 'fastify';
import { AppError } from '@portal/contract/core/errors';

/** Addresses that name this machine: a payer sent back there never leaves it. */
function isLoopback(hostname: string): boolean {
  const h = hostname.toLowerCase().replace(/^\[|\]$/g, '');
  return h === 'localhost' || h.endsWith('.localhost') || /^127(\.\d{1,3}){3}$/.test(h) || h === '::1';
}

/** `HOST` values that listen everywhere rather than name an address. */
const WILDCARD_HOSTS = new Set(['0.0.0.0', '::', '[::]', '']);

/**
 * Where the portal sends a payer back from the payment gateway (decision 030): `PUBLIC_URL` when set
 * (production requires it), and the `Host` header is then never read. Without it (development), the
 * request's own origin, but only when its host names this machine (a loopback name) or is the configured
 * `HOST`; any other `Host` (forged, or a development server reached from another machine) is refused with
 * `BAD_REQUEST` before anything is created: set `PUBLIC_URL` to that address instead.
 */
export function returnOrigin(opts: { publicUrl?: string; host: string }): (request: FastifyRequest) => string {
  if (opts.publicUrl) {
    const fixed = new URL(opts.publicUrl).origin;
    return () => fixed;
  }
  const configured = WILDCARD_HOSTS.has(opts.host) ? null : opts.host.toLowerCase().replace(/^\[|\]$/g, '');
  return (request) => {
    let url: URL | null = null;
    try {
      url = new URL(`${request.protocol}://${request.host}`);
    } catch {
      url = null;
    }
    const hostname = url?.hostname.replace(/^\[|\]$/g, '') ?? '';
    const clean = url && url.pathname === '/' && !url.username && !url.password && !url.search && !url.hash;
    if (!url || !clean || !(isLoopback(hostname) || hostname === configured)) {
      throw new AppError('BAD_REQUEST', 'This address is not the portal’s: set PUBLIC_URL to reach it from here');
    }
    return url.origin;
  };
}
