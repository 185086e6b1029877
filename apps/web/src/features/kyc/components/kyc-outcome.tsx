import CheckCircleOutline from '@mui/icons-material/CheckCircleOutline';
import HighlightOff from '@mui/icons-material/HighlightOff';
import HourglassTop from '@mui/icons-material/HourglassTop';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { KycSubmission } from '@portal/contract/kyc/kyc';
import { useFormat } from '@/hooks/use-format';

const LOOK = {
  pending: { Icon: HourglassTop, color: 'warning.main' },
  approved: { Icon: CheckCircleOutline, color: 'success.main' },
  rejected: { Icon: HighlightOff, color: 'error.main' },
} as const;

/**
 * What became of a video or foreign submission (SPEC §4 "Identity verification"): waiting for
 * review, success, or failure with the operator's reason (translated) and a way to try again.
 */
export function KycOutcome({ submission, onRetry }: { submission: KycSubmission; onRetry?: () => void }) {
  const { t } = useTranslation('kyc');
  const format = useFormat();
  const { status } = submission;
  const { Icon, color } = LOOK[status];
  const when = status === 'pending' ? submission.createdAt : (submission.reviewedAt ?? submission.createdAt);
  return (
    <Stack
      role={status === 'rejected' ? 'alert' : 'status'}
      spacing={1.5}
      sx={{ alignItems: 'center', textAlign: 'center', py: 2 }}
    >
      <Icon aria-hidden="true" sx={{ fontSize: 56, color }} />
      <Typography variant="h3" component="h3" sx={{ fontSize: '1.15rem', fontWeight: 700 }}>
        {t(`outcome.${status}.title`)}
      </Typography>
      <Typography color="text.secondary" sx={{ maxWidth: 480 }}>
        {t(`outcome.${status}.text.${submission.kind === 'foreign' ? 'foreign' : 'video'}`)}
      </Typography>
      {status === 'rejected' ? (
        <Box sx={{ p: 1.5, borderRadius: 1, border: 1, borderColor: 'divider', maxWidth: 480 }}>
          <Typography>
            {t('outcome.rejected.reason', { reason: t(`reasons.${submission.rejectReason ?? 'other'}`) })}
          </Typography>
        </Box>
      ) : null}
      <Typography variant="body2" color="text.secondary">
        {t(`outcome.${status}.when`, { date: format.date(when, 'dateTime') })}
      </Typography>
      {status === 'rejected' && onRetry ? (
        <Button variant="contained" onClick={onRetry}>
          {t('outcome.rejected.retry')}
        </Button>
      ) : null}
    </Stack>
  );
}
