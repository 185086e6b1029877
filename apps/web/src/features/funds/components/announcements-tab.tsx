import CampaignOutlined from '@mui/icons-material/CampaignOutlined';
import DescriptionOutlined from '@mui/icons-material/DescriptionOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Link from '@mui/material/Link';
import ListItemButton from '@mui/material/ListItemButton';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import type { FundAnnouncement, FundAnnouncementKind, FundDetail } from '@portal/contract/funds/catalogue';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ErrorState } from '@/components/errors/error-state';
import { FormError } from '@/components/form/form-error';
import { Section, SectionLoading } from '@/components/layouts/page-shell';
import { LinkPagination } from '@/components/link-pagination';
import { visuallyHidden } from '@/components/logo';
import { paths } from '@/config/paths';
import { useFormat } from '@/hooks/use-format';
import { isApiError } from '@/lib/api-error';
import { useErrorMessage } from '@/lib/error-message';
import { pageCountOf } from '@/lib/page-window';
import { safeUrl } from '@/lib/safe-url';
import { useFundAnnouncements, useMarkAnnouncementSeen } from '../api/announcements';
import { useLocalized } from '../fund-format';

type KindFilter = 'all' | FundAnnouncementKind;

/**
 * One announcement or report, opened: its text and document, and "mark as seen". One that needs the
 * user's agreement shows "I agree", and cannot be marked seen until it is ticked (SPEC §2).
 */
export function AnnouncementDialog({
  fundId,
  announcement,
  onClose,
}: {
  fundId: string;
  announcement: FundAnnouncement | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('funds');
  const fmt = useFormat();
  const localized = useLocalized();
  const errorMessage = useErrorMessage();
  const titleId = useId();
  const mark = useMarkAnnouncementSeen(fundId);
  const [agree, setAgree] = useState(false);
  // What the server answered after marking it: the dialog shows the new state at once.
  const [updated, setUpdated] = useState<FundAnnouncement | null>(null);
  const shown = updated && updated.id === announcement?.id ? updated : announcement;

  const close = () => {
    if (mark.isPending) return;
    setAgree(false);
    setUpdated(null);
    mark.reset();
    onClose();
  };

  if (!shown) return null;
  const doc = safeUrl(shown.documentUrl);
  const unseen = shown.seenAt === null;
  const needsAgree = shown.requiresAgreement && shown.agreedAt === null;
  const error =
    mark.error && isApiError(mark.error) && mark.error.code === 'ANNOUNCEMENT_AGREEMENT_REQUIRED'
      ? t('announcements.agreeRequired')
      : mark.error
        ? errorMessage(mark.error)
        : null;

  return (
    <Dialog open onClose={close} aria-labelledby={titleId} fullWidth maxWidth="sm" scroll="paper">
      <DialogTitle id={titleId} sx={{ pb: 1 }}>
        {localized(shown.title)}
      </DialogTitle>
      <DialogContent dividers sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
          <Chip size="small" variant="outlined" label={t(`announcements.kind.${shown.kind}`)} />
          <Typography variant="caption" color="text.secondary">
            {t('announcements.published', { date: fmt.date(shown.publishedAt, 'medium') })}
          </Typography>
        </Box>
        <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{localized(shown.body)}</Typography>
        {doc ? (
          <Link
            href={doc}
            target="_blank"
            rel="noopener noreferrer"
            sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}
          >
            <DescriptionOutlined fontSize="small" aria-hidden="true" />
            {t('announcements.document')}
          </Link>
        ) : null}
        {unseen && needsAgree ? (
          <FormControlLabel
            control={<Checkbox checked={agree} onChange={(e) => setAgree(e.target.checked)} />}
            label={t('announcements.agree')}
            sx={{ mx: 0, alignItems: 'flex-start', '& .MuiCheckbox-root': { mt: -1 } }}
          />
        ) : null}
        {!unseen ? (
          <Alert severity="success" variant="outlined">
            {shown.agreedAt
              ? t('announcements.agreedOn', { date: fmt.date(shown.agreedAt, 'dateTime') })
              : t('announcements.seenOn', { date: fmt.date(shown.seenAt ?? '', 'dateTime') })}
          </Alert>
        ) : null}
        {error ? <FormError message={error} /> : null}
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 1.5 }}>
        <Button onClick={close} color="inherit" disabled={mark.isPending}>
          {t('translation:common.close')}
        </Button>
        {unseen ? (
          <Button
            variant="contained"
            disabled={needsAgree && !agree}
            loading={mark.isPending}
            onClick={() =>
              mark.mutate(
                { announcementId: shown.id, agree: needsAgree ? agree : false },
                { onSuccess: (next) => setUpdated(next) },
              )
            }
          >
            {t('announcements.markSeen')}
          </Button>
        ) : null}
      </DialogActions>
    </Dialog>
  );
}

/**
 * The announcements and reports tab (SPEC §2): newest first, unread ones marked, filtered by kind,
 * paged through the address (`page`). Opening one shows it in a dialog.
 */
export function AnnouncementsTab({ fund, page }: { fund: FundDetail; page: number }) {
  const { t } = useTranslation('funds');
  const fmt = useFormat();
  const localized = useLocalized();
  const navigate = useNavigate();
  const [kind, setKind] = useState<KindFilter>('all');
  const list = useFundAnnouncements(fund.id, kind === 'all' ? undefined : kind, page);
  const [open, setOpen] = useState<FundAnnouncement | null>(null);

  return (
    <Section
      id="fund-announcements"
      title={t('announcements.title')}
      action={
        <ToggleButtonGroup
          exclusive
          size="small"
          value={kind}
          onChange={(_e, next: KindFilter | null) => {
            if (!next) return;
            setKind(next);
            if (page !== 1) void navigate(paths.fund.getHref(fund.id, { content: 'announcements' }), { replace: true });
          }}
          aria-label={t('announcements.filter')}
        >
          {(['all', 'announcement', 'report'] as const).map((k) => (
            <ToggleButton key={k} value={k} sx={{ px: 1.5 }}>
              {t(`announcements.filters.${k}`)}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
      }
    >
      {fund.agreementsPending > 0 ? (
        <Alert severity="warning">{t('announcements.pending', { n: fmt.number(fund.agreementsPending) })}</Alert>
      ) : null}
      {list.isPending ? (
        <SectionLoading />
      ) : list.isError ? (
        <ErrorState error={list.error} onRetry={() => void list.refetch()} isRetrying={list.isFetching} />
      ) : list.data.items.length === 0 ? (
        <Typography color="text.secondary" sx={{ py: 3, textAlign: 'center' }}>
          {t(`announcements.empty.${kind}`)}
        </Typography>
      ) : (
        <>
          <Box
            component="ul"
            aria-label={t('announcements.title')}
            sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1, opacity: list.isPlaceholderData ? 0.6 : 1 }}
          >
            {list.data.items.map((a) => {
              const unread = a.seenAt === null;
              const Icon = a.kind === 'report' ? DescriptionOutlined : CampaignOutlined;
              return (
                <li key={a.id}>
                  <ListItemButton
                    onClick={() => setOpen(a)}
                    sx={{
                      border: 1,
                      borderColor: unread ? 'primary.main' : 'divider',
                      borderRadius: 1,
                      gap: 1.5,
                      alignItems: 'flex-start',
                      py: 1.25,
                    }}
                  >
                    <Icon color={unread ? 'primary' : 'action'} aria-hidden="true" sx={{ mt: 0.25 }} />
                    <Box sx={{ flexGrow: 1, minWidth: 0 }}>
                      <Typography sx={{ fontWeight: unread ? 700 : 400, overflowWrap: 'anywhere' }}>
                        {localized(a.title)}
                        {unread ? (
                          <Box component="span" sx={visuallyHidden}>{` (${t('announcements.unread')})`}</Box>
                        ) : null}
                      </Typography>
                      <Typography variant="caption" color="text.secondary">
                        {t(`announcements.kind.${a.kind}`)} · {fmt.date(a.publishedAt, 'medium')}
                      </Typography>
                    </Box>
                    <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap', justifyContent: 'flex-end' }}>
                      {a.requiresAgreement && a.agreedAt === null ? (
                        <Chip size="small" color="warning" label={t('announcements.needsAgreement')} />
                      ) : null}
                      {unread ? (
                        <Chip size="small" color="primary" label={t('announcements.new')} aria-hidden="true" />
                      ) : null}
                    </Box>
                  </ListItemButton>
                </li>
              );
            })}
          </Box>
          <LinkPagination
            page={page}
            pageCount={pageCountOf(list.data.total, list.data.pageSize)}
            hrefOf={(n) => paths.fund.getHref(fund.id, { content: 'announcements', page: n })}
          />
        </>
      )}
      <AnnouncementDialog fundId={fund.id} announcement={open} onClose={() => setOpen(null)} />
    </Section>
  );
}
