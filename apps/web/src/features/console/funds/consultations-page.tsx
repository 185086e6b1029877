import CheckCircleOutline from '@mui/icons-material/CheckCircleOutline';
import HighlightOff from '@mui/icons-material/HighlightOff';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { CONSULTATION_STATUSES, resolveConsultationBody, type AdminConsultation } from '@portal/contract/admin/funds';
import { CONSULTATION_PERIOD_HOURS } from '@portal/contract/funds/funds';
import { ErrorState } from '@/components/errors/error-state';
import { FormError } from '@/components/form/form-error';
import { useNotify } from '@/components/notices/notices';
import { paths } from '@/config/paths';
import { useFormat } from '@/hooks/use-format';
import { isApiError } from '@/lib/api-error';
import { displayMobile } from '@/lib/format';
import { consultationsQueryOptions, useResolveConsultation } from './api';
import { formatDay, formatRelative } from '../shell/dates';
import { useCan } from '../shell/operator';
import { personName } from '../shell/schemas';
import { ConsolePage, EmptyState, Loading, Pages, ResultCount } from '../shell/console-page';
import { useQueueParams } from '../shell/url';
import { useFundErrorMessage } from './fund-labels';
import { useLocalized } from '../shell/localized';

type Resolution = { consultation: AdminConsultation; status: 'Done' | 'Canceled' };
const noteSchema = resolveConsultationBody.shape.note.unwrap();

/** Closing a request: done (called) or cancelled, with an optional note for the other operators. */
function ResolveDialog({ resolution, onClose }: { resolution: Resolution | null; onClose: () => void }) {
  const { t } = useTranslation('admin');
  const notify = useNotify();
  const errorMessage = useFundErrorMessage();
  const resolve = useResolveConsultation();
  const [note, setNote] = useState('');
  const titleId = useId();
  const noteIssue = noteSchema.safeParse(note).error?.issues[0]?.message ?? null;
  const close = () => {
    if (resolve.isPending) return;
    resolve.reset();
    setNote('');
    onClose();
  };
  const confirm = () => {
    if (!resolution || resolve.isPending || noteIssue) return;
    resolve.mutate(
      {
        consultationId: resolution.consultation.id,
        body: { status: resolution.status, note: note.trim() === '' ? undefined : note },
      },
      {
        onSuccess: () => {
          notify.success(`admin:funds.consultations.resolved.${resolution.status}`);
          resolve.reset();
          setNote('');
          onClose();
        },
        onError: (e) => {
          if (isApiError(e) && e.code === 'REQUEST_ALREADY_REVIEWED') {
            notify.errorKey('admin:funds.consultations.alreadyHandled');
            resolve.reset();
            setNote('');
            onClose();
          }
        },
      },
    );
  };
  const status = resolution?.status ?? 'Done';
  return (
    <Dialog open={resolution !== null} onClose={close} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <DialogTitle id={titleId}>{t(`funds.consultations.resolveTitle.${status}`)}</DialogTitle>
      <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        <DialogContentText>{t(`funds.consultations.resolveText.${status}`)}</DialogContentText>
        <TextField
          id="consultation-note"
          label={t('funds.consultations.note')}
          value={note}
          onChange={(e) => setNote(e.target.value)}
          multiline
          minRows={2}
          disabled={resolve.isPending}
          error={noteIssue !== null}
          helperText={noteIssue ? t(`translation:validation.${noteIssue}`) : t('funds.consultations.noteHint')}
          slotProps={{ htmlInput: { maxLength: 1000 } }}
          sx={{ mt: 1 }}
        />
        {resolve.error && !(isApiError(resolve.error) && resolve.error.code === 'REQUEST_ALREADY_REVIEWED') ? (
          <FormError message={errorMessage(resolve.error)} />
        ) : null}
      </DialogContent>
      <Stack direction="row" spacing={1} sx={{ px: 3, pb: 2, justifyContent: 'flex-end' }}>
        <Button onClick={close} color="inherit" disabled={resolve.isPending}>
          {t('translation:common.cancel')}
        </Button>
        <Button
          variant="contained"
          color={status === 'Done' ? 'success' : 'error'}
          loading={resolve.isPending}
          onClick={confirm}
        >
          {t(`funds.consultations.confirm.${status}`)}
        </Button>
      </Stack>
    </Dialog>
  );
}

/**
 * The consultation queue (`/admin/consultations?status=`, issue 6): the calls investors asked for, open
 * ones first by call date and period; an operator with `funds.consult` marks each done or cancelled with a
 * note.
 */
export default function ConsultationsPage() {
  const { t } = useTranslation('admin');
  const fmt = useFormat();
  const localized = useLocalized();
  const can = useCan();
  const theme = useTheme();
  const isDesktop = useMediaQuery(theme.breakpoints.up('md'), { noSsr: true });
  const { status, page, setStatus, setPage } = useQueueParams(CONSULTATION_STATUSES);
  const list = useQuery(consultationsQueryOptions(status, page));
  const [resolution, setResolution] = useState<Resolution | null>(null);
  const title = t('funds.consultations.title');
  const canResolve = status === 'Open' && can('funds.consult');

  const who = (c: AdminConsultation) => personName(c.user.firstName, c.user.lastName) ?? t('users.noName');
  const when = (c: AdminConsultation) => {
    const [from, to] = CONSULTATION_PERIOD_HOURS[c.period];
    return t('funds.consultations.callAt', {
      day: formatDay(c.callDate, fmt.lng, fmt.calendar, 'medium'),
      period: t(`funds.consultations.periods.${c.period}`),
      from: fmt.number(from),
      to: fmt.number(to),
    });
  };
  const phone = (c: AdminConsultation) => (
    <Box component="bdi" dir="ltr" sx={{ whiteSpace: 'nowrap' }}>
      {displayMobile(c.phone, fmt.lng)}
    </Box>
  );
  const fundLink = (c: AdminConsultation) =>
    can('funds.read') ? (
      <Typography component={RouterLink} to={paths.adminFund.getHref(c.fund.id)} color="primary" variant="body2">
        {localized(c.fund.name)}
      </Typography>
    ) : (
      <span>{localized(c.fund.name)}</span>
    );
  const actions = (c: AdminConsultation) =>
    canResolve ? (
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        <Button
          size="small"
          color="success"
          variant="outlined"
          startIcon={<CheckCircleOutline fontSize="small" />}
          onClick={() => setResolution({ consultation: c, status: 'Done' })}
          aria-label={t('funds.consultations.doneFor', { name: who(c) })}
        >
          {t('funds.consultations.done')}
        </Button>
        <Button
          size="small"
          color="error"
          startIcon={<HighlightOff fontSize="small" />}
          onClick={() => setResolution({ consultation: c, status: 'Canceled' })}
          aria-label={t('funds.consultations.cancelFor', { name: who(c) })}
        >
          {t('funds.consultations.cancel')}
        </Button>
      </Box>
    ) : c.handledAt ? (
      <Box sx={{ display: 'flex', flexDirection: 'column' }}>
        <Typography variant="body2">{fmt.date(c.handledAt, 'dateTime')}</Typography>
        {c.note ? (
          <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: 'pre-line' }}>
            {c.note}
          </Typography>
        ) : null}
      </Box>
    ) : null;

  const table = (items: AdminConsultation[]) => (
    <TableContainer component={Paper} variant="outlined">
      <Table size="small" aria-label={title}>
        <TableHead>
          <TableRow>
            <TableCell>{t('funds.consultations.user')}</TableCell>
            <TableCell>{t('funds.consultations.phone')}</TableCell>
            <TableCell>{t('funds.consultations.fund')}</TableCell>
            <TableCell>{t('funds.consultations.call')}</TableCell>
            <TableCell>{t('funds.consultations.requestedAt')}</TableCell>
            <TableCell>
              {status === 'Open' ? t('funds.consultations.actions') : t('funds.consultations.handled')}
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {items.map((c) => (
            <TableRow key={c.id} hover>
              <TableCell sx={{ fontWeight: 600 }}>{who(c)}</TableCell>
              <TableCell>{phone(c)}</TableCell>
              <TableCell>{fundLink(c)}</TableCell>
              <TableCell>{when(c)}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatRelative(c.createdAt, fmt.lng)}</TableCell>
              <TableCell>{actions(c)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );

  const cards = (items: AdminConsultation[]) => (
    <List disablePadding aria-label={title} sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
      {items.map((c) => (
        <Paper
          key={c.id}
          component="li"
          variant="outlined"
          sx={{ listStyle: 'none', p: 1.5, display: 'flex', flexDirection: 'column', gap: 0.75 }}
        >
          <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
            <Typography sx={{ fontWeight: 600 }}>{who(c)}</Typography>
            {phone(c)}
          </Box>
          {fundLink(c)}
          <Typography variant="body2">{when(c)}</Typography>
          <Typography variant="body2" color="text.secondary">
            {t('funds.consultations.requested', { at: formatRelative(c.createdAt, fmt.lng) })}
          </Typography>
          {actions(c)}
        </Paper>
      ))}
    </List>
  );

  return (
    <ConsolePage title={title}>
      <Tabs
        value={status}
        onChange={(_, next: (typeof CONSULTATION_STATUSES)[number]) => setStatus(next)}
        variant="scrollable"
        allowScrollButtonsMobile
        aria-label={t('funds.consultations.tabsLabel')}
        sx={{ borderBottom: 1, borderColor: 'divider' }}
      >
        {CONSULTATION_STATUSES.map((s) => (
          <Tab
            key={s}
            value={s}
            label={t(`funds.consultations.tabs.${s}`)}
            id={`consultations-tab-${s}`}
            aria-controls="consultations-panel"
          />
        ))}
      </Tabs>
      <Box
        role="tabpanel"
        id="consultations-panel"
        aria-labelledby={`consultations-tab-${status}`}
        sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}
      >
        {list.isPending ? (
          <Loading />
        ) : list.isError ? (
          <ErrorState error={list.error} onRetry={() => void list.refetch()} isRetrying={list.isFetching} />
        ) : list.data.items.length === 0 ? (
          <EmptyState message={t(`funds.consultations.empty.${status}`)} />
        ) : (
          <>
            <ResultCount total={list.data.total} />
            {isDesktop ? table(list.data.items) : cards(list.data.items)}
            <Pages page={page} total={list.data.total} pageSize={list.data.pageSize} onChange={setPage} />
          </>
        )}
      </Box>
      <ResolveDialog resolution={resolution} onClose={() => setResolution(null)} />
    </ConsolePage>
  );
}
