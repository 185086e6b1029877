import SearchIcon from '@mui/icons-material/Search';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { z } from 'zod';
import { searchUsers, type AdminUserRow } from '@portal/contract/admin/admin';
import { ErrorState } from '@/components/errors/error-state';
import { paths } from '@/config/paths';
import { useFormat } from '@/hooks/use-format';
import { displayMobile, formatDigits } from '@/lib/format';
import { userSearchQueryOptions } from './api';
import { declared, personName } from '../shell/schemas';
import { pageParam } from '@/lib/page-window';
import { withPage } from '../shell/url';
import { ConsolePage, EmptyState, Loading, Pages, ResultCount } from '../shell/console-page';

const searchForm = z.object({ q: declared(searchUsers.query).shape.q });
type SearchForm = z.input<typeof searchForm>;

function StatusChips({ user }: { user: AdminUserRow }) {
  const { t } = useTranslation('admin');
  const fmt = useFormat();
  return (
    <>
      <Chip size="small" variant="outlined" label={t('users.kycLevel', { level: fmt.number(user.kycLevel) })} />
      {user.role !== 'investor' ? <Chip size="small" color="primary" label={t(`roles.${user.role}`)} /> : null}
      {user.isFrozen ? <Chip size="small" color="error" label={t('users.frozen')} /> : null}
    </>
  );
}

function UsersTable({ items }: { items: AdminUserRow[] }) {
  const { t } = useTranslation('admin');
  const fmt = useFormat();
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table size="small" aria-label={t('users.title')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('users.columns.name')}</TableCell>
            <TableCell>{t('users.columns.mobile')}</TableCell>
            <TableCell>{t('users.columns.nationalCode')}</TableCell>
            <TableCell>{t('users.columns.status')}</TableCell>
            <TableCell>{t('users.columns.createdAt')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {items.map((u) => (
            <TableRow key={u.id} hover>
              <TableCell>
                <Typography
                  component={RouterLink}
                  to={paths.adminUser.getHref(u.id)}
                  color="primary"
                  sx={{ fontWeight: 600 }}
                >
                  {personName(u.firstName, u.lastName) ?? t('users.noName')}
                </Typography>
              </TableCell>
              <TableCell>
                <Box component="span" dir="ltr" sx={{ whiteSpace: 'nowrap' }}>
                  {displayMobile(u.mobile, fmt.lng)}
                </Box>
              </TableCell>
              <TableCell>{u.nationalCode ? formatDigits(u.nationalCode, fmt.lng) : '—'}</TableCell>
              <TableCell>
                <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap' }}>
                  <StatusChips user={u} />
                </Box>
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{fmt.date(u.createdAt, 'medium')}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

function UsersCards({ items }: { items: AdminUserRow[] }) {
  const { t } = useTranslation('admin');
  const fmt = useFormat();
  return (
    <List disablePadding aria-label={t('users.title')} sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
      {items.map((u) => (
        <Paper key={u.id} component="li" variant="outlined" sx={{ listStyle: 'none' }}>
          <ListItemButton
            component={RouterLink}
            to={paths.adminUser.getHref(u.id)}
            sx={{ display: 'flex', flexDirection: 'column', alignItems: 'stretch', gap: 0.75, py: 1.5 }}
          >
            <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
              <Typography sx={{ fontWeight: 600 }}>
                {personName(u.firstName, u.lastName) ?? t('users.noName')}
              </Typography>
              <Typography dir="ltr" color="text.secondary">
                {displayMobile(u.mobile, fmt.lng)}
              </Typography>
            </Box>
            {u.nationalCode ? (
              <Typography variant="body2" color="text.secondary">
                {t('users.columns.nationalCode')}: {formatDigits(u.nationalCode, fmt.lng)}
              </Typography>
            ) : null}
            <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap', alignItems: 'center' }}>
              <StatusChips user={u} />
              <Typography variant="caption" color="text.secondary" sx={{ marginInlineStart: 'auto' }}>
                {fmt.date(u.createdAt, 'medium')}
              </Typography>
            </Box>
          </ListItemButton>
        </Paper>
      ))}
    </List>
  );
}

/**
 * Users (`/admin/users?q=&page=`): search by mobile (any spelling and digits), name or national code;
 * newest first. A table on a desktop, cards on a phone.
 */
export default function UsersPage() {
  const { t } = useTranslation('admin');
  const theme = useTheme();
  const isDesktop = useMediaQuery(theme.breakpoints.up('md'), { noSsr: true });
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const page = pageParam(params.get('page'));
  const users = useQuery(userSearchQueryOptions(q, page));

  const form = useForm<SearchForm>({ resolver: zodResolver(searchForm), defaultValues: { q }, mode: 'onSubmit' });
  useEffect(() => form.reset({ q }), [q, form]);

  const onSubmit = form.handleSubmit((v) => {
    const next = new URLSearchParams();
    if (v.q?.trim()) next.set('q', v.q.trim());
    setParams(next);
  });

  return (
    <ConsolePage title={t('users.title')}>
      <Stack
        component="form"
        role="search"
        noValidate
        onSubmit={onSubmit}
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1.5}
        sx={{ alignItems: { sm: 'flex-start' } }}
      >
        <Controller
          name="q"
          control={form.control}
          render={({ field, fieldState }) => (
            <TextField
              {...field}
              value={field.value ?? ''}
              id="admin-users-q"
              type="search"
              label={t('users.search.label')}
              placeholder={t('users.search.placeholder')}
              fullWidth
              error={Boolean(fieldState.error)}
              helperText={
                fieldState.error ? t(`translation:validation.${fieldState.error.message}`) : t('users.search.hint')
              }
              slotProps={{ htmlInput: { maxLength: 100, enterKeyHint: 'search' } }}
            />
          )}
        />
        <Button
          type="submit"
          variant="contained"
          startIcon={<SearchIcon />}
          sx={{ minWidth: 120, height: 56, flexShrink: 0 }}
        >
          {t('users.search.submit')}
        </Button>
      </Stack>

      {users.isPending ? (
        <Loading />
      ) : users.isError ? (
        <ErrorState error={users.error} onRetry={() => void users.refetch()} isRetrying={users.isFetching} />
      ) : users.data.items.length === 0 ? (
        <EmptyState message={q ? t('users.emptySearch') : t('users.empty')} />
      ) : (
        <>
          <ResultCount total={users.data.total} />
          {isDesktop ? <UsersTable items={users.data.items} /> : <UsersCards items={users.data.items} />}
          <Pages
            page={page}
            total={users.data.total}
            pageSize={users.data.pageSize}
            onChange={(p) => setParams(withPage(params, p))}
          />
        </>
      )}
    </ConsolePage>
  );
}
