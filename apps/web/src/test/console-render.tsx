import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import type { Proposal } from '@portal/contract/admin/proposals';
import { ROLE_PERMISSIONS, type Permission, type Role } from '@portal/contract/admin/roles';
import { AppProvider } from '@/app/provider';
import { routes } from '@/app/router';
import { createQueryClient } from '@/lib/query-client';
import { accountFixture } from './account-fixture';
import { OPERATOR_B, PROPOSAL_ID, type OPERATOR_A } from './proposal-fixture';
import { jsonResponse } from './render';

// The console is its own lazy chunk of every desk (decision 014): loaded here, while the file loads, so that a
// file's first test waits for its render and not for the transform of the whole console (measured: 11–12 s of
// the first proposals test went to that under the CI's load, against a 10 s wait for the page).
await Promise.all([import('@/app/routes/admin'), import('@/features/console/console-app')]);

export type ConsoleHandler = (
  path: string,
  init: RequestInit | undefined,
  query: URLSearchParams,
) => Response | undefined;
type Operator = typeof OPERATOR_A;

const urlOf = (input: RequestInfo | URL) =>
  typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;

/**
 * The console through the app's real routes at `path`, signed in as the operator `who` of `role` (or with
 * the given permissions), against a fetch double: `handler` answers, anything else is a 404. `sent` lists
 * the bodies of the calls to a path, `queries` the query strings a path was asked with.
 */
export function renderConsole(
  path: string,
  handler: ConsoleHandler,
  who: Operator,
  role: Role = 'senior_operator',
  permissions: readonly Permission[] = ROLE_PERMISSIONS[role],
) {
  const fetchMock = vi.fn<typeof fetch>((input, init) => {
    const url = new URL(urlOf(input), 'http://x');
    if (url.pathname === '/api/account')
      return Promise.resolve(jsonResponse(accountFixture({ user: { role, mobile: who.mobile } })));
    if (url.pathname === '/api/admin/me')
      return Promise.resolve(
        jsonResponse({
          id: who.id,
          role,
          permissions: [...permissions],
          firstName: who.firstName,
          lastName: who.lastName,
        }),
      );
    const answer = handler(url.pathname, init, url.searchParams);
    return Promise.resolve(answer ?? jsonResponse({ code: 'NOT_FOUND', message: 'no' }, 404));
  });
  vi.stubGlobal('fetch', fetchMock);
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <AppProvider queryClient={createQueryClient({ queries: { retry: false } })}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  const calls = (method: string, p: string) =>
    fetchMock.mock.calls.filter(([u, i]) => urlOf(u).split('?')[0] === p && (i?.method ?? 'GET') === method);
  const sent = (method: string, p: string) =>
    calls(method, p).map(([, i]) => (i?.body ? (JSON.parse(i.body as string) as unknown) : undefined));
  const queries = (p: string) =>
    calls('GET', p).map(([u]) => new URL(typeof u === 'string' ? u : 'http://x', 'http://x').searchParams);
  return { router, sent, queries };
}

/** A screen at least `md` wide (the desktop layout): MUI reads it through `matchMedia`. */
export function asDesktop() {
  vi.spyOn(window, 'matchMedia').mockImplementation((query: string) => ({
    matches: /min-width/.test(query),
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  }));
}

export const proposalDetailPath = `/api/admin/proposals/${PROPOSAL_ID}`;
export const proposalApprovePath = `${proposalDetailPath}/approve`;

/**
 * The server of one proposal (`fixture`, pending) that operator B approves: its page, and its approval,
 * after which the page shows it approved by B (with `decided`, e.g. the result's id).
 */
export function approvableProposal(
  fixture: (over?: Partial<Proposal>) => Proposal,
  decided: Partial<Proposal> = {},
): (path: string, init: RequestInit | undefined) => Response | undefined {
  let approved = false;
  return (path, init) => {
    if (path === proposalApprovePath && init?.method === 'POST') {
      approved = true;
      return jsonResponse(fixture({ status: 'Approved', effect: null }));
    }
    if (path === proposalDetailPath)
      return jsonResponse(
        approved
          ? fixture({
              status: 'Approved',
              effect: null,
              decidedBy: OPERATOR_B,
              decidedAt: '2025-08-01T10:30:00.000Z',
              ...decided,
            })
          : fixture(),
      );
    return undefined;
  };
}
