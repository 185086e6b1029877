import Box from '@mui/material/Box';
import PaginationItem from '@mui/material/PaginationItem';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useFormat } from '@/hooks/use-format';
import { pageWindow } from '@/lib/page-window';

/**
 * A pager of links (the page lives in the address, so back and forward work): previous, up to 11
 * page numbers (SPEC §9) and next. Nothing when there is one page or none.
 */
export function LinkPagination({
  page,
  pageCount,
  hrefOf,
}: {
  page: number;
  pageCount: number;
  hrefOf: (page: number) => string;
}) {
  const { t } = useTranslation();
  const fmt = useFormat();
  if (pageCount <= 1) return null;
  return (
    <Box component="nav" aria-label={t('common.pagination.label')}>
      <Box
        component="ul"
        sx={{ listStyle: 'none', p: 0, m: 0, display: 'flex', flexWrap: 'wrap', gap: 0.5, justifyContent: 'center' }}
      >
        <li>
          <PaginationItem
            type="previous"
            component={RouterLink}
            to={hrefOf(page - 1)}
            disabled={page <= 1}
            aria-label={t('common.pagination.previous')}
          />
        </li>
        {pageWindow(page, pageCount).map((n) => (
          <li key={n}>
            <PaginationItem
              type="page"
              page={fmt.number(n)}
              selected={n === page}
              component={RouterLink}
              to={hrefOf(n)}
              aria-label={t('common.pagination.page', { page: fmt.number(n) })}
              aria-current={n === page ? 'page' : undefined}
            />
          </li>
        ))}
        <li>
          <PaginationItem
            type="next"
            component={RouterLink}
            to={hrefOf(page + 1)}
            disabled={page >= pageCount}
            aria-label={t('common.pagination.next')}
          />
        </li>
      </Box>
    </Box>
  );
}
