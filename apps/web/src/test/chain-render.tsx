import type { ReactElement } from 'react';
import { vi } from 'vitest';
import { ROLE_PERMISSIONS, type Permission, type Role } from '@portal/contract/admin/roles';
import { jsonResponse, renderWithApp } from '@/test/render';
import { OperatorProvider } from '@/features/console/shell/operator';

/** The operator the chain desk's screen tests sign in as. */
export const OPERATOR_ID = '11111111-2222-4333-8444-555555555555';

export type Handler = (
  path: string,
  init: RequestInit | undefined,
  query: URLSearchParams,
) => Response | undefined | Promise<Response | undefined>;

/**
 * A page of the chain desk in the app's providers, signed in as an operator of `role` (or with the given
 * permissions), against a fetch double: `handler` answers, anything else is a 404. `sent` lists the bodies
 * of the calls to a path, `urls` the addresses asked.
 */
export function renderChain(
  page: ReactElement,
  handler: Handler,
  {
    role = 'senior_operator',
    permissions,
    route = '/admin/chain',
  }: { role?: Role; permissions?: readonly Permission[]; route?: string } = {},
) {
  const fetchMock = vi.fn<typeof fetch>(async (input, init) => {
    const url = new URL(input as string, 'http://x');
    return (
      (await handler(url.pathname, init, url.searchParams)) ?? jsonResponse({ code: 'NOT_FOUND', message: 'no' }, 404)
    );
  });
  vi.stubGlobal('fetch', fetchMock);
  const operator = {
    id: OPERATOR_ID,
    role,
    permissions: [...(permissions ?? ROLE_PERMISSIONS[role])],
    firstName: 'سارا',
    lastName: 'اپراتور',
  };
  const view = renderWithApp(<OperatorProvider operator={operator}>{page}</OperatorProvider>, { route });
  const sent = (method: string, path: string) =>
    fetchMock.mock.calls
      .filter(([u, i]) => (u as string).split('?')[0] === path && (i?.method ?? 'GET') === method)
      .map(([, i]) => (i?.body ? (JSON.parse(i.body as string) as unknown) : undefined));
  const urls = (path: string) => fetchMock.mock.calls.map(([u]) => u as string).filter((u) => u.split('?')[0] === path);
  return { ...view, sent, urls, fetchMock };
}

export const pageOf = (items: unknown[], total = items.length, page = 1) =>
  jsonResponse({ items, total, page, pageSize: 20 });
