import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { useErrorMessage } from '@/lib/error-message';
import { useLogout } from '@/lib/session';
import { useNotify } from './notices/notices';

/** Logout with confirmation (SPEC §2): ends the session on the server, then goes to the auth page. */
export function LogoutDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const titleId = useId();
  const textId = useId();
  const logout = useLogout();
  const navigate = useNavigate();
  const notices = useNotify();
  const errorMessage = useErrorMessage();

  const confirm = () => {
    if (logout.isPending) return;
    logout.mutate(undefined, {
      onSuccess: () => {
        onClose();
        void navigate(paths.auth.getHref(), { replace: true });
        notices.success('notices.loggedOut');
      },
      onError: (e) => notices.error(errorMessage(e)),
    });
  };

  return (
    <Dialog
      open={open}
      onClose={logout.isPending ? undefined : onClose}
      aria-labelledby={titleId}
      aria-describedby={textId}
    >
      <DialogTitle id={titleId}>{t('layout.logout.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText id={textId}>{t('layout.logout.message')}</DialogContentText>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} disabled={logout.isPending} color="inherit">
          {t('common.cancel')}
        </Button>
        <Button onClick={confirm} loading={logout.isPending} variant="contained" color="error">
          {t('layout.logout.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
