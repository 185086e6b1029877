import ContentCopy from '@mui/icons-material/ContentCopy';
import GroupsOutlined from '@mui/icons-material/GroupsOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { LIMITS } from '@portal/contract/core/constants';
import { useNotify } from '@/components/notices/notices';
import { inviteLink } from '@/config/paths';
import { useCopyToClipboard } from '@/hooks/use-copy-to-clipboard';
import { useFormat } from '@/hooks/use-format';

/** The referral card (SPEC §2, §9): invite friends, earn 25% of their trading fees. */
export function ReferralCard({ referralCode }: { referralCode: string }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const copy = useCopyToClipboard();
  const { success, errorKey } = useNotify();
  const percent = fmt.percent(LIMITS.referralSharePercent / 100);

  const copyText = async (text: string, successKey: string) => {
    if (await copy(text)) success(successKey);
    else errorKey('notices.copyFailed');
  };

  return (
    <Card component="section" aria-labelledby="referral-title" sx={{ height: '100%' }}>
      <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'center' }}>
          <GroupsOutlined color="secondary" aria-hidden="true" />
          <Typography id="referral-title" variant="h2">
            {t('dashboard.referral.title')}
          </Typography>
        </Box>
        <Typography color="text.secondary">{t('dashboard.referral.text', { percent })}</Typography>
        <Box
          sx={{
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'space-between',
            gap: 1,
            border: 1,
            borderColor: 'divider',
            borderRadius: 1,
            pl: 2,
            pr: 0.5,
            py: 0.5,
          }}
        >
          <div>
            <Typography variant="caption" color="text.secondary" component="p">
              {t('dashboard.referral.codeLabel')}
            </Typography>
            <Typography dir="ltr" sx={{ fontWeight: 700, letterSpacing: '0.08em' }}>
              {referralCode}
            </Typography>
          </div>
          {/* The native hint, not MUI's Tooltip (Popper: 11.5 kB on the first load; decision 024). */}
          <IconButton
            aria-label={t('dashboard.referral.copyCode')}
            title={t('dashboard.referral.copyCode')}
            onClick={() => void copyText(referralCode, 'notices.codeCopied')}
          >
            <ContentCopy />
          </IconButton>
        </Box>
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between' }}>
          <Button
            variant="contained"
            color="secondary"
            startIcon={<ContentCopy />}
            onClick={() => void copyText(inviteLink(window.location.origin, referralCode), 'notices.inviteLinkCopied')}
          >
            {t('dashboard.referral.copyLink')}
          </Button>
        </Box>
      </CardContent>
    </Card>
  );
}
