import BadgeOutlined from '@mui/icons-material/BadgeOutlined';
import PublicOutlined from '@mui/icons-material/PublicOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { KycTrack } from '@portal/contract/kyc/kyc';

const TRACKS = [
  { track: 'iranian', Icon: BadgeOutlined },
  { track: 'foreign', Icon: PublicOutlined },
] as const;

/**
 * The first step when no track is chosen yet (decision 015): Iranian investors verify with their
 * national code, foreign investors with their passport. The server records the track with the first
 * submission.
 */
export function TrackChoice({ onChoose }: { onChoose: (track: KycTrack) => void }) {
  const { t } = useTranslation('kyc');
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2 }}>
      {TRACKS.map(({ track, Icon }) => (
        <Paper
          key={track}
          variant="outlined"
          component="section"
          aria-labelledby={`kyc-track-${track}`}
          sx={{ p: 2.5, display: 'flex', flexDirection: 'column', gap: 1.5 }}
        >
          <Icon color="primary" aria-hidden="true" sx={{ fontSize: 36 }} />
          <Typography
            id={`kyc-track-${track}`}
            variant="h3"
            component="h3"
            sx={{ fontSize: '1.05rem', fontWeight: 700 }}
          >
            {t(`track.${track}.title`)}
          </Typography>
          <Typography color="text.secondary" sx={{ flexGrow: 1 }}>
            {t(`track.${track}.text`)}
          </Typography>
          <Button variant={track === 'iranian' ? 'contained' : 'outlined'} onClick={() => onChoose(track)}>
            {t(`track.${track}.choose`)}
          </Button>
        </Paper>
      ))}
    </Box>
  );
}
