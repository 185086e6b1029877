import KeyOutlined from '@mui/icons-material/KeyOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { paths } from '@/config/paths';
import { useHydrated } from '@/hooks/use-hydrated';
import { useAccount } from '@/lib/session';
import { dismissSetPasswordPrompt, isSetPasswordPromptDismissed } from '../set-password-prompt-state';

/**
 * After sign-up (SPEC §2 "Set password"): a card above the dashboard inviting the user to set a
 * password, with "fill later". Shown while the account has no password and the user has not put it off.
 */
export default function SetPasswordPrompt() {
  const { t } = useTranslation('account');
  const user = useAccount().data?.user;
  const titleId = useId();
  const [dismissedHere, setDismissed] = useState(false);
  // What this browser remembers is read once the page is React's: the server (decision 043: the dashboard is
  // rendered there) cannot read it, and the markup it sent must be what the browser first renders.
  const hydrated = useHydrated();
  const dismissed = dismissedHere || (hydrated && !!user && isSetPasswordPromptDismissed(user.id));
  if (!user || user.hasPassword || dismissed) return null;
  return (
    <Paper
      component="section"
      aria-labelledby={titleId}
      variant="outlined"
      sx={{
        p: 2,
        mb: 2.5,
        display: 'flex',
        gap: 2,
        alignItems: 'center',
        flexWrap: 'wrap',
        borderColor: 'primary.main',
      }}
    >
      <KeyOutlined color="primary" aria-hidden="true" />
      <Box sx={{ flex: '1 1 240px', minWidth: 0 }}>
        <Typography id={titleId} component="h2" sx={{ fontWeight: 700 }}>
          {t('setPassword.promptTitle')}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t('setPassword.promptText')}
        </Typography>
      </Box>
      <Box sx={{ display: 'flex', gap: 1 }}>
        <Button variant="contained" component={RouterLink} to={paths.setPassword.getHref()}>
          {t('setPassword.promptAction')}
        </Button>
        <Button
          color="inherit"
          onClick={() => {
            dismissSetPasswordPrompt(user.id);
            setDismissed(true);
          }}
        >
          {t('setPassword.later')}
        </Button>
      </Box>
    </Paper>
  );
}
