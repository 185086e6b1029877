import { queryRoots } from '@/lib/queries/keys';

const root = queryRoots.deposits;

/** Query keys of the deposit page, written once. */
export const depositKeys = {
  all: root,
  /** The outcome of one return from the gateway (the callback's own authority and status). */
  verification: (depositId: string, authority: string, status: 'OK' | 'NOK') =>
    [...root, 'verify', depositId, authority, status] as const,
  /** The by-ID tab: my payment IDs, today's cap and my transfers by ID. */
  byId: [...root, 'by-id'] as const,
};
