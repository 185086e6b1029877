import Chip from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';
import type { KycSubmissionStatus } from '@portal/contract/kyc/kyc';

const STATUS_COLOR = { pending: 'warning', approved: 'success', rejected: 'error' } as const;

/** A submission's status as a coloured chip. */
export function KycStatusChip({ status }: { status: KycSubmissionStatus }) {
  const { t } = useTranslation('admin');
  return <Chip size="small" color={STATUS_COLOR[status]} variant="outlined" label={t(`kyc.statuses.${status}`)} />;
}
