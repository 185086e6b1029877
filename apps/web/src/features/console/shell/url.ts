import { useSearchParams } from 'react-router';
import { pageParam } from '@/lib/page-window';

/** The same query string on another page. */
export function withPage(params: URLSearchParams, page: number): URLSearchParams {
  const next = new URLSearchParams(params);
  if (page > 1) next.set('page', String(page));
  else next.delete('page');
  return next;
}

/** The status of the URL (`?status=`), else the first (the pending tab). */
export function useQueueParams<S extends string>(statuses: readonly [S, ...S[]]) {
  const [params, setParams] = useSearchParams();
  const raw = params.get('status');
  const status = (statuses as readonly string[]).includes(raw ?? '') ? (raw as S) : statuses[0];
  return {
    status,
    page: pageParam(params.get('page')),
    setStatus: (next: S) => setParams(next === statuses[0] ? {} : { status: next }),
    setPage: (p: number) => setParams(withPage(params, p)),
  };
}
