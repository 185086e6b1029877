import { render, type RenderOptions } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppProvider } from '@/app/provider';
import { createQueryClient } from '@/lib/query-client';

/** Renders a component inside the app's real providers and a memory router. */
export function renderWithApp(ui: ReactElement, { route = '/', ...options }: RenderOptions & { route?: string } = {}) {
  const queryClient = createQueryClient({ queries: { retry: false, staleTime: Infinity } });
  const router = createMemoryRouter([{ path: '*', element: ui }], { initialEntries: [route] });
  const Wrapper = ({ children }: { children: ReactNode }) => (
    <AppProvider queryClient={queryClient}>{children}</AppProvider>
  );
  return { queryClient, router, ...render(<RouterProvider router={router} />, { wrapper: Wrapper, ...options }) };
}

/** A `fetch` answering JSON, for tests of the API client and the screens that call it. */
export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}
