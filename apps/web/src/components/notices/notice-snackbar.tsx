import Alert, { type AlertColor } from '@mui/material/Alert';
import Snackbar from '@mui/material/Snackbar';
import { useTranslation } from 'react-i18next';

/** The snackbar of the notice system; its own chunk, loaded with the first notice. */
export default function NoticeSnackbar({
  id,
  open,
  severity,
  text,
  autoHideDuration,
  onClose,
}: {
  id: number;
  open: boolean;
  severity: AlertColor;
  text: string;
  autoHideDuration: number | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Snackbar
      key={id}
      open={open}
      autoHideDuration={autoHideDuration}
      onClose={(_e, reason) => {
        if (reason !== 'clickaway') onClose();
      }}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
      sx={{ bottom: { xs: 80, md: 24 } }}
    >
      <Alert
        onClose={onClose}
        severity={severity}
        variant="filled"
        closeText={t('common.close')}
        sx={{ width: '100%', alignItems: 'center' }}
      >
        {text}
      </Alert>
    </Snackbar>
  );
}
