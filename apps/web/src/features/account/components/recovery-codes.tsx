import ContentCopy from '@mui/icons-material/ContentCopy';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import KeyOutlined from '@mui/icons-material/KeyOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RecoveryCodesIssued } from '@portal/contract/auth/recovery-codes';
import { ErrorState } from '@/components/errors/error-state';
import { FormError } from '@/components/form/form-error';
import { Section, SectionLoading } from '@/components/layouts/page-shell';
import { useNotify } from '@/components/notices/notices';
import { useCopyToClipboard } from '@/hooks/use-copy-to-clipboard';
import { useFormat } from '@/hooks/use-format';
import { useErrorMessage } from '@/lib/error-message';
import { recoveryCodesQueryOptions } from '../api/account-queries';
import { useRegenerateRecoveryCodes } from '../api/mutations';
import { useStepUpGuard } from './step-up';

/** Codes left at or below which the section asks for a new set. */
const LOW = 3;

/** Saves a text file in the browser (no server round trip: the codes never leave this page again). */
function downloadText(filename: string, text: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.append(a);
  a.click();
  a.remove();
  URL.revokeObjectURL(url);
}

/**
 * A new set of recovery codes, shown this once (issue 15): the codes, copy all, download as .txt, and a
 * "saved them" check before the user may leave it.
 */
export function RecoveryCodesShown({ issued, onDone }: { issued: RecoveryCodesIssued; onDone: () => void }) {
  const { t } = useTranslation('account');
  const fmt = useFormat();
  const notices = useNotify();
  const copy = useCopyToClipboard();
  const [saved, setSaved] = useState(false);
  const listId = useId();
  const text = [
    t('recoveryCodes.fileTitle'),
    t('recoveryCodes.fileGenerated', { date: fmt.date(issued.generatedAt, 'dateTime') }),
    '',
    ...issued.codes,
    '',
    t('recoveryCodes.fileText'),
    '',
  ].join('\n');

  return (
    <Stack spacing={2} component="section" aria-labelledby={`${listId}-title`}>
      <Typography id={`${listId}-title`} variant="h3" component="h3" sx={{ fontSize: '1rem', fontWeight: 700 }}>
        {t('recoveryCodes.title')}
      </Typography>
      <Alert severity="warning">{t('recoveryCodes.text')}</Alert>
      <Box
        component="ol"
        aria-label={t('recoveryCodes.listLabel')}
        dir="ltr"
        sx={{
          m: 0,
          p: 2,
          listStyle: 'none',
          display: 'grid',
          gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
          gap: 1,
          bgcolor: 'action.hover',
          borderRadius: 1,
        }}
      >
        {issued.codes.map((code) => (
          <Box
            component="li"
            key={code}
            sx={{ fontFamily: 'monospace', fontSize: { xs: '0.95rem', sm: '1.05rem' }, textAlign: 'center' }}
          >
            {code}
          </Box>
        ))}
      </Box>
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button
          variant="outlined"
          startIcon={<ContentCopy />}
          onClick={() =>
            void copy(issued.codes.join('\n')).then((ok) =>
              ok ? notices.success('account:recoveryCodes.copied') : notices.errorKey('notices.copyFailed'),
            )
          }
        >
          {t('recoveryCodes.copy')}
        </Button>
        <Button
          variant="outlined"
          startIcon={<FileDownloadOutlined />}
          onClick={() => downloadText('portal-recovery-codes.txt', text)}
        >
          {t('recoveryCodes.download')}
        </Button>
      </Stack>
      <FormControlLabel
        control={<Checkbox checked={saved} onChange={(e) => setSaved(e.target.checked)} />}
        label={t('recoveryCodes.saved')}
      />
      <Button variant="contained" disabled={!saved} onClick={onDone} sx={{ alignSelf: 'flex-start' }}>
        {t('recoveryCodes.done')}
      </Button>
    </Stack>
  );
}

/**
 * The security page's recovery codes (issue 15): how many are left, and a new set after a confirmation
 * (and a step-up when the last authentication is old), shown once.
 */
export function RecoveryCodesSection() {
  const { t } = useTranslation('account');
  const fmt = useFormat();
  const notices = useNotify();
  const errorMessage = useErrorMessage();
  const status = useQuery(recoveryCodesQueryOptions());
  const { guard, dialog } = useStepUpGuard();
  const regenerate = useRegenerateRecoveryCodes(guard);
  const [confirmOpen, setConfirmOpen] = useState(false);
  const [issued, setIssued] = useState<RecoveryCodesIssued | null>(null);
  const titleId = useId();
  const left = status.data?.left ?? 0;

  return (
    <Section
      id="recovery-codes"
      title={t('overview.recoveryCodes.title')}
      action={
        status.data && !issued ? (
          <Chip
            icon={<KeyOutlined />}
            color={left === 0 ? 'error' : left <= LOW ? 'warning' : 'default'}
            label={fmt.number(left)}
            aria-hidden="true"
          />
        ) : null
      }
    >
      {issued ? (
        <RecoveryCodesShown issued={issued} onDone={() => setIssued(null)} />
      ) : status.isPending ? (
        <SectionLoading />
      ) : status.isError ? (
        <ErrorState error={status.error} onRetry={() => void status.refetch()} isRetrying={status.isFetching} />
      ) : (
        <>
          <Typography color="text.secondary">{t('overview.recoveryCodes.text')}</Typography>
          <Typography sx={{ fontWeight: 600 }}>
            {t('overview.recoveryCodes.left', { left: fmt.number(left), total: fmt.number(status.data.total) })}
          </Typography>
          {status.data.generatedAt ? (
            <Typography variant="body2" color="text.secondary">
              {t('overview.recoveryCodes.generatedAt', { date: fmt.date(status.data.generatedAt, 'dateTime') })}
            </Typography>
          ) : null}
          {left <= LOW ? (
            <Alert severity={left === 0 ? 'error' : 'warning'}>
              {left === 0 ? t('overview.recoveryCodes.none') : t('overview.recoveryCodes.low')}
            </Alert>
          ) : null}
          {regenerate.error && !confirmOpen ? <FormError message={errorMessage(regenerate.error)} /> : null}
          <Button variant="outlined" onClick={() => setConfirmOpen(true)} sx={{ alignSelf: 'flex-start' }}>
            {t('overview.recoveryCodes.regenerate')}
          </Button>
        </>
      )}
      <Dialog open={confirmOpen} onClose={() => setConfirmOpen(false)} aria-labelledby={titleId}>
        <DialogTitle id={titleId}>{t('overview.recoveryCodes.confirmTitle')}</DialogTitle>
        <DialogContent>
          <DialogContentText>{t('overview.recoveryCodes.confirmText')}</DialogContentText>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button color="inherit" onClick={() => setConfirmOpen(false)} disabled={regenerate.isPending}>
            {t('common.cancel')}
          </Button>
          <Button
            variant="contained"
            loading={regenerate.isPending}
            onClick={() => {
              setConfirmOpen(false);
              regenerate.mutate(undefined, {
                onSuccess: (set) => {
                  setIssued(set);
                  notices.success('account:overview.recoveryCodes.done');
                },
              });
            }}
          >
            {t('overview.recoveryCodes.confirm')}
          </Button>
        </DialogActions>
      </Dialog>
      {dialog}
    </Section>
  );
}
