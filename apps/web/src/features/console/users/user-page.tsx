import ComputerOutlined from '@mui/icons-material/ComputerOutlined';
import PhoneAndroidOutlined from '@mui/icons-material/PhoneAndroidOutlined';
import ReceiptLongOutlined from '@mui/icons-material/ReceiptLongOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { AdminUserDetail } from '@portal/contract/admin/admin';
import { ErrorState } from '@/components/errors/error-state';
import { paths } from '@/config/paths';
import { useFormat } from '@/hooks/use-format';
import { displayMobile, formatDigits } from '@/lib/format';
import { userQueryOptions } from './api';
import { countryName, formatDay } from '../shell/dates';
import { useCan } from '../shell/operator';
import { personName } from '../shell/schemas';
import { ConsolePage, Detail, Details, Loading, Panel, PanelColumns } from '../shell/console-page';
import { KycStatusChip } from '../shell/kyc-labels';
import { FreezeButton, RecoverOperatorButton, RoleButton } from './user-actions';
import { MoneyPanel } from './user-money';
import { NotesPanel } from './user-notes';

type Detailed = AdminUserDetail['user'];

function ProfilePanel({ user }: { user: Detailed }) {
  const { t } = useTranslation('admin');
  const fmt = useFormat();
  const none = <Typography color="text.secondary">{t('common.none')}</Typography>;
  return (
    <Panel id="user-profile" title={t('user.profile.title')}>
      <Details>
        <Detail label={t('user.profile.mobile')}>
          <Typography dir="ltr">{displayMobile(user.mobile, fmt.lng)}</Typography>
        </Detail>
        <Detail label={t('user.profile.firstName')}>{user.firstName ?? none}</Detail>
        <Detail label={t('user.profile.lastName')}>{user.lastName ?? none}</Detail>
        <Detail label={t('user.profile.email')}>
          {user.email ? (
            <Typography dir="ltr" sx={{ overflowWrap: 'anywhere' }}>
              {user.email}
            </Typography>
          ) : (
            none
          )}
        </Detail>
        <Detail label={t('user.profile.nationalCode')}>
          {user.nationalCode ? formatDigits(user.nationalCode, fmt.lng) : none}
        </Detail>
        <Detail label={t('user.profile.birthDate')}>
          {user.birthDate ? formatDay(user.birthDate, fmt.lng, fmt.calendar) : none}
        </Detail>
        {user.kycTrack === 'foreign' || user.firstNameEn || user.passportNumber ? (
          <>
            <Detail label={t('user.profile.firstNameEn')}>
              {user.firstNameEn ? <span dir="ltr">{user.firstNameEn}</span> : none}
            </Detail>
            <Detail label={t('user.profile.lastNameEn')}>
              {user.lastNameEn ? <span dir="ltr">{user.lastNameEn}</span> : none}
            </Detail>
            <Detail label={t('user.profile.nationality')}>
              {user.nationality ? countryName(user.nationality, fmt.lng) : none}
            </Detail>
            <Detail label={t('user.profile.passportNumber')}>
              {user.passportNumber ? <span dir="ltr">{user.passportNumber}</span> : none}
            </Detail>
          </>
        ) : null}
        <Detail label={t('user.profile.role')}>{t(`roles.${user.role}`)}</Detail>
        <Detail label={t('user.profile.twoFactor')}>
          <Chip
            size="small"
            color={user.twoFactorEnabled ? 'success' : 'default'}
            label={user.twoFactorEnabled ? t('user.profile.on') : t('user.profile.off')}
          />
        </Detail>
        <Detail label={t('user.profile.status')}>
          {user.frozenAt ? (
            <Box sx={{ display: 'flex', flexDirection: 'column', gap: 0.5 }}>
              <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
                <Chip size="small" color="error" label={t('users.frozen')} />
                <Typography variant="body2" color="text.secondary">
                  {t('user.profile.frozenSince', { date: fmt.date(user.frozenAt, 'dateTime') })}
                </Typography>
              </Box>
              {user.frozenReason ? (
                <Typography variant="body2">{t('user.profile.frozenReason', { reason: user.frozenReason })}</Typography>
              ) : null}
            </Box>
          ) : (
            <Chip size="small" color="success" variant="outlined" label={t('users.active')} />
          )}
        </Detail>
        <Detail label={t('user.profile.createdAt')}>{fmt.date(user.createdAt, 'dateTime')}</Detail>
      </Details>
    </Panel>
  );
}

function KycPanel({ detail }: { detail: AdminUserDetail }) {
  const { t } = useTranslation('admin');
  const fmt = useFormat();
  const can = useCan();
  const { user, kycSubmissions } = detail;
  return (
    <Panel id="user-kyc" title={t('user.kyc.title')}>
      <Details>
        <Detail label={t('user.kyc.level')}>{t(`user.kyc.levels.${user.kycLevel}`)}</Detail>
        <Detail label={t('user.kyc.track')}>{t(`user.kyc.tracks.${user.kycTrack ?? 'none'}`)}</Detail>
        <Detail label={t('user.kyc.shahkar')}>
          <Chip
            size="small"
            color={user.shahkarPassed ? 'success' : 'default'}
            label={user.shahkarPassed ? t('user.kyc.shahkarPassed') : t('user.kyc.shahkarNotPassed')}
          />
        </Detail>
      </Details>
      <Typography component="h3" sx={{ fontWeight: 700, mt: 1 }}>
        {t('user.kyc.history')}
      </Typography>
      {kycSubmissions.length === 0 ? (
        <Typography color="text.secondary">{t('user.kyc.noHistory')}</Typography>
      ) : (
        <List disablePadding>
          {kycSubmissions.map((s) => (
            <ListItem
              key={s.id}
              divider
              disableGutters
              sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}
            >
              <Box sx={{ flex: '1 1 200px', minWidth: 0 }}>
                <Typography sx={{ fontWeight: 600 }}>{t(`kyc.kinds.${s.kind}`)}</Typography>
                <Typography variant="body2" color="text.secondary">
                  {t('user.kyc.submittedAt', { date: fmt.date(s.createdAt, 'dateTime') })}
                </Typography>
                {s.rejectReason ? (
                  <Typography variant="body2">
                    {t('user.kyc.rejectReason', { reason: t(`kyc.reasons.${s.rejectReason}`) })}
                  </Typography>
                ) : null}
              </Box>
              <KycStatusChip status={s.status} />
              {can('kyc.read') ? (
                <Button size="small" component={RouterLink} to={paths.adminKycItem.getHref(s.id)}>
                  {t('user.kyc.open')}
                </Button>
              ) : null}
            </ListItem>
          ))}
        </List>
      )}
    </Panel>
  );
}

function SessionsPanel({ sessions }: { sessions: AdminUserDetail['sessions'] }) {
  const { t } = useTranslation('admin');
  const fmt = useFormat();
  const now = Date.now();
  return (
    <Panel id="user-sessions" title={t('user.sessions.title')}>
      {sessions.length === 0 ? (
        <Typography color="text.secondary">{t('user.sessions.empty')}</Typography>
      ) : (
        <List disablePadding>
          {sessions.map((s) => {
            const Icon =
              s.deviceType === 'mobile' || s.deviceType === 'tablet' ? PhoneAndroidOutlined : ComputerOutlined;
            const state = s.revokedAt ? 'revoked' : new Date(s.expiresAt).getTime() < now ? 'expired' : 'active';
            return (
              <ListItem key={s.id} divider disableGutters sx={{ alignItems: 'flex-start', gap: 1 }}>
                <ListItemIcon sx={{ minWidth: 32, mt: 0.5 }}>
                  <Icon fontSize="small" />
                </ListItemIcon>
                <ListItemText
                  primary={[s.browser, s.os].filter(Boolean).join(' · ') || t('user.sessions.unknownDevice')}
                  secondary={
                    <>
                      <Box component="span" sx={{ display: 'block' }}>
                        {t('user.sessions.ip')}:{' '}
                        <Box component="span" dir="ltr">
                          {s.ip ?? t('common.none')}
                        </Box>
                      </Box>
                      <Box component="span" sx={{ display: 'block' }}>
                        {t('user.sessions.lastSeen', { date: fmt.date(s.lastSeenAt, 'dateTime') })}
                      </Box>
                      <Box component="span" sx={{ display: 'block' }}>
                        {s.revokedAt
                          ? t('user.sessions.revokedAt', { date: fmt.date(s.revokedAt, 'dateTime') })
                          : t('user.sessions.createdAt', { date: fmt.date(s.createdAt, 'dateTime') })}
                      </Box>
                    </>
                  }
                />
                <Chip
                  size="small"
                  variant="outlined"
                  color={state === 'active' ? 'success' : 'default'}
                  label={t(`user.sessions.states.${state}`)}
                />
              </ListItem>
            );
          })}
        </List>
      )}
    </Panel>
  );
}

/**
 * A user (`/admin/users/:userId`): profile, KYC level, track and history, wallets (`money.read`),
 * sessions, internal notes, and
 * what the operator's role allows: freeze or unfreeze, change the role, read the user's audit log.
 */
export default function UserPage({ userId }: { userId: string }) {
  const { t } = useTranslation('admin');
  const can = useCan();
  const detail = useQuery(userQueryOptions(userId));
  const back = { to: paths.adminUsers.getHref(), label: t('user.back') };

  if (detail.isPending) {
    return (
      <ConsolePage title={t('user.title')} back={back}>
        <Loading />
      </ConsolePage>
    );
  }
  if (detail.isError) {
    return (
      <ConsolePage title={t('user.title')} back={back}>
        <ErrorState error={detail.error} onRetry={() => void detail.refetch()} isRetrying={detail.isFetching} />
      </ConsolePage>
    );
  }

  const { user } = detail.data;
  const name = personName(user.firstName, user.lastName) ?? t('users.noName');
  return (
    <ConsolePage
      title={name}
      back={back}
      actions={
        <>
          {can('users.freeze') ? <FreezeButton user={user} /> : null}
          {can('users.role') ? <RoleButton user={user} /> : null}
          {can('operators.recover') ? <RecoverOperatorButton user={user} /> : null}
          {can('audit.read') ? (
            <Button
              variant="outlined"
              component={RouterLink}
              to={paths.adminAudit.getHref(user.id)}
              startIcon={<ReceiptLongOutlined />}
            >
              {t('user.auditLink')}
            </Button>
          ) : null}
        </>
      }
    >
      <PanelColumns>
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2, minWidth: 0 }}>
          <ProfilePanel user={user} />
          <SessionsPanel sessions={detail.data.sessions} />
        </Box>
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2, minWidth: 0 }}>
          <KycPanel detail={detail.data} />
          {can('money.read') ? <MoneyPanel userId={user.id} /> : null}
          <NotesPanel userId={user.id} notes={detail.data.notes} />
        </Box>
      </PanelColumns>
    </ConsolePage>
  );
}
