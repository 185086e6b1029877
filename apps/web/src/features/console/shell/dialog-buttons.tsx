import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import { useTranslation } from 'react-i18next';

/**
 * The actions of a console dialog: cancel (off while the action runs) and the confirming button, which
 * submits the dialog's form unless it has an `onConfirm` of its own.
 */
export function DialogButtons({
  onCancel,
  pending,
  confirm,
  color,
  onConfirm,
}: {
  onCancel: () => void;
  pending: boolean;
  confirm: string;
  color?: 'success' | 'error' | undefined;
  onConfirm?: () => void;
}) {
  const { t } = useTranslation('admin');
  return (
    <DialogActions sx={{ px: 3, pb: 2 }}>
      <Button onClick={onCancel} color="inherit" disabled={pending}>
        {t('translation:common.cancel')}
      </Button>
      <Button
        type={onConfirm ? 'button' : 'submit'}
        variant="contained"
        color={color}
        loading={pending}
        onClick={onConfirm}
      >
        {confirm}
      </Button>
    </DialogActions>
  );
}
