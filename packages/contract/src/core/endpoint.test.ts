import { describe, expect, it } from 'vitest';
import { allEndpoints } from '../endpoints';
import { ERROR_CODES } from './errors';
import { buildPath } from './endpoint';

describe('buildPath', () => {
  it('fills and encodes parameters', () => {
    expect(buildPath('/funds/:fundId/orders/:orderId', { fundId: 'a b', orderId: 7 })).toBe('/funds/a%20b/orders/7');
    expect(buildPath('/account')).toBe('/account');
  });

  it('refuses a missing parameter', () => {
    expect(() => buildPath('/funds/:fundId', {})).toThrow('missing path parameter fundId');
  });
});

describe('the endpoint registry', () => {
  it('declares each endpoint once, with a unique id and a unique method + path', () => {
    const ids = allEndpoints.map((e) => e.id);
    const routes = allEndpoints.map((e) => `${e.method} ${e.path}`);
    expect(new Set(ids).size).toBe(ids.length);
    expect(new Set(routes).size).toBe(routes.length);
  });

  it('includes the first journey', () => {
    const routes = allEndpoints.map((e) => `${e.method} ${e.path}`);
    expect(routes).toEqual(
      expect.arrayContaining([
        'POST /auth/otp',
        'POST /auth/otp/verify',
        'POST /auth/logout',
        'GET /account',
        'GET /health',
        'GET /dev/outbox',
      ]),
    );
  });

  it('uses paths under /api without the prefix, and only catalogue error codes', () => {
    for (const e of allEndpoints) {
      expect(e.path).toMatch(/^\/[A-Za-z0-9/:_-]*$/);
      expect(e.path.startsWith('/api')).toBe(false);
      for (const code of e.errors) expect(ERROR_CODES).toContain(code);
    }
  });

  it('marks every endpoint that needs a session as able to answer UNAUTHENTICATED', () => {
    for (const e of allEndpoints.filter((x) => x.auth === 'session')) expect(e.errors).toContain('UNAUTHENTICATED');
  });
});
