import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { UserRequest } from '@portal/contract/wallet/user-requests';
import { ChainRefDetails, REQUEST_STATUS_COLOR } from '@/components/chain/chain-details';
import { useFormat } from '@/hooks/use-format';
import { CANCELLABLE_TYPES } from '../api/cancel-user-request';

/**
 * One request: its type, status, amount (and fee), dates, why it was refused, and cancel while it can be; a
 * tether deposit or withdrawal on chain also its network, hash and confirmations (issue 18).
 */
export function RequestItem({ request, onCancel }: { request: UserRequest; onCancel: (r: UserRequest) => void }) {
  const { t, i18n } = useTranslation('requests');
  const fmt = useFormat();
  const headingId = `request-${request.id}`;
  const canCancel = request.canCancel && (CANCELLABLE_TYPES as readonly string[]).includes(request.type);
  const reasonKey = `rejectReasons.${request.type}.${request.rejectReason ?? ''}`;
  const rows: [string, string][] = [
    [t('item.amount'), fmt.money(request.amount, request.currency)],
    ...(request.fee !== '0' ? ([[t('item.fee'), fmt.money(request.fee, request.currency)]] as [string, string][]) : []),
    [t('item.createdAt'), fmt.date(request.createdAt, 'dateTime')],
    ...(request.updatedAt !== request.createdAt
      ? ([[t('item.updatedAt'), fmt.date(request.updatedAt, 'dateTime')]] as [string, string][])
      : []),
    ...(request.status === 'Pending' && request.reviewDeadline
      ? ([[t('item.deadline'), fmt.date(request.reviewDeadline, 'dateTime')]] as [string, string][])
      : []),
    ...(request.rejectReason
      ? ([[t('item.rejectReason'), i18n.exists(`requests:${reasonKey}`) ? t(reasonKey) : t('rejectReasons.other')]] as [
          string,
          string,
        ][])
      : []),
  ];

  return (
    <Box
      component="li"
      aria-labelledby={headingId}
      sx={{
        border: 1,
        borderColor: 'divider',
        borderRadius: 1,
        p: 2,
        display: 'flex',
        flexDirection: 'column',
        gap: 1.5,
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
        <Typography id={headingId} component="h3" sx={{ fontWeight: 700 }}>
          {t(`types.${request.type}`)}
        </Typography>
        <Chip size="small" color={REQUEST_STATUS_COLOR[request.status]} label={t(`statuses.${request.status}`)} />
      </Box>
      <Box
        component="dl"
        sx={{ m: 0, display: 'grid', gridTemplateColumns: { xs: 'auto 1fr', sm: 'auto 1fr auto 1fr' }, gap: 1 }}
      >
        {rows.map(([k, v]) => (
          <Box key={k} sx={{ display: 'contents' }}>
            <Typography component="dt" variant="body2" color="text.secondary">
              {k}
            </Typography>
            <Typography component="dd" variant="body2" sx={{ m: 0, fontWeight: 600 }}>
              {v}
            </Typography>
          </Box>
        ))}
      </Box>
      {request.chain ? <ChainRefDetails chain={request.chain} showStatus={false} /> : null}
      {canCancel ? (
        <Button
          variant="outlined"
          color="error"
          size="small"
          onClick={() => onCancel(request)}
          aria-label={t('item.cancelLabel', {
            type: t(`types.${request.type}`),
            amount: fmt.money(request.amount, request.currency),
          })}
          sx={{ alignSelf: 'flex-start' }}
        >
          {t('item.cancel')}
        </Button>
      ) : null}
    </Box>
  );
}
