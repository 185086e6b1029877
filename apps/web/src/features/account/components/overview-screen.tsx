import ComputerOutlined from '@mui/icons-material/ComputerOutlined';
import PhoneAndroidOutlined from '@mui/icons-material/PhoneAndroidOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import type { AccountInfo } from '@portal/contract/account/account';
import { antiPhishingPhraseSchema, type SecurityEventType } from '@portal/contract/account/security';
import { z } from 'zod';
import type { SessionInfo } from '@portal/contract/account/sessions';
import { ErrorState } from '@/components/errors/error-state';
import { FormError } from '@/components/form/form-error';
import { TextInput } from '@/components/form/text-input';
import { useNotify } from '@/components/notices/notices';
import { paths } from '@/config/paths';
import { useFormat } from '@/hooks/use-format';
import { useLanguage } from '@/hooks/use-language';
import { useErrorMessage } from '@/lib/error-message';
import { displayMobile } from '@/lib/format';
import { useAccount } from '@/lib/session';
import { securityEventsQueryOptions, sessionsQueryOptions } from '../api/account-queries';
import { useEndOtherSessions, useEndSession, useSetAntiPhishingPhrase } from '../api/mutations';
import { PageShell, Section, SectionLoading } from '@/components/layouts/page-shell';
import { ChangePasswordForm, SetPasswordForm } from './password-forms';
import { RecoveryCodesSection } from './recovery-codes';
import { useStepUpGuard } from './step-up';

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Box
      sx={{
        display: 'flex',
        alignItems: 'center',
        gap: 1,
        flexWrap: 'wrap',
        justifyContent: 'space-between',
        py: 1,
      }}
    >
      <Typography color="text.secondary" sx={{ minWidth: 120 }}>
        {label}
      </Typography>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>{children}</Box>
    </Box>
  );
}

function ProfileSection({ user }: { user: AccountInfo }) {
  const { t } = useTranslation('account');
  const { lng } = useLanguage();
  const name = [user.firstName, user.lastName].filter(Boolean).join(' ');
  return (
    <Section id="profile" title={t('overview.profile.title')}>
      <Box>
        <Row label={t('overview.profile.name')}>
          <Typography>{name || t('overview.profile.noName')}</Typography>
        </Row>
        <Divider />
        <Row label={t('overview.profile.mobile')}>
          <Typography dir="ltr">{displayMobile(user.mobile, lng)}</Typography>
          <Button size="small" component={RouterLink} to={paths.changePhone.getHref()}>
            {t('overview.profile.changeMobile')}
          </Button>
        </Row>
        <Divider />
        <Row label={t('overview.profile.email')}>
          {user.email ? (
            <>
              <Typography dir="ltr">{user.email}</Typography>
              <Chip
                size="small"
                color={user.isEmailVerified ? 'success' : 'warning'}
                label={user.isEmailVerified ? t('overview.profile.verified') : t('overview.profile.notVerified')}
              />
            </>
          ) : (
            <Typography color="text.secondary">{t('overview.profile.noEmail')}</Typography>
          )}
          <Button size="small" component={RouterLink} to={paths.email.getHref()}>
            {!user.email
              ? t('overview.profile.addEmail')
              : user.isEmailVerified
                ? t('overview.profile.editEmail')
                : t('overview.profile.verifyEmail')}
          </Button>
        </Row>
      </Box>
    </Section>
  );
}

function PasswordSection({ user }: { user: AccountInfo }) {
  const { t } = useTranslation('account');
  const notices = useNotify();
  const { guard, dialog } = useStepUpGuard();
  return (
    <Section id="password" title={user.hasPassword ? t('overview.password.title') : t('overview.password.setTitle')}>
      {user.hasPassword ? (
        <ChangePasswordForm />
      ) : (
        <>
          <Typography color="text.secondary">{t('overview.password.noPassword')}</Typography>
          <SetPasswordForm guard={guard} onDone={() => notices.success('account:setPassword.done')} />
        </>
      )}
      {dialog}
    </Section>
  );
}

function TwoFactorSection({ user }: { user: AccountInfo }) {
  const { t } = useTranslation('account');
  const on = user.twoFactorEnabled;
  return (
    <Section
      id="two-factor-summary"
      title={t('overview.twoFactor.title')}
      action={
        <Chip
          color={on ? 'success' : 'default'}
          label={on ? t('overview.twoFactor.on') : t('overview.twoFactor.off')}
        />
      }
    >
      <Typography color="text.secondary">
        {on ? t('overview.twoFactor.textOn') : t('overview.twoFactor.textOff')}
      </Typography>
      <Button
        variant={on ? 'outlined' : 'contained'}
        component={RouterLink}
        to={paths.twoFactor.getHref()}
        sx={{ alignSelf: 'flex-start' }}
      >
        {on ? t('overview.twoFactor.manage') : t('overview.twoFactor.enable')}
      </Button>
    </Section>
  );
}

/** The phrase's form: the contract's rule; its length rules (`min`, `max`) read as one sentence. */
const antiPhishingForm = z.object({ phrase: antiPhishingPhraseSchema });
const phraseRule = (rule: string | undefined) =>
  rule === 'min' || rule === 'max' || !rule ? 'antiPhishingPhrase' : rule;

function AntiPhishingSection({ user }: { user: AccountInfo }) {
  const { t } = useTranslation('account');
  const notices = useNotify();
  const errorMessage = useErrorMessage();
  const save = useSetAntiPhishingPhrase();
  const form = useForm<z.input<typeof antiPhishingForm>, unknown, z.output<typeof antiPhishingForm>>({
    resolver: zodResolver(antiPhishingForm),
    defaultValues: { phrase: '' },
    mode: 'onChange',
  });
  return (
    <Section id="anti-phishing" title={t('overview.antiPhishing.title')}>
      <Typography color="text.secondary">{t('overview.antiPhishing.text')}</Typography>
      <Typography>
        {user.antiPhishingPhrase
          ? t('overview.antiPhishing.current', { phrase: user.antiPhishingPhrase })
          : t('overview.antiPhishing.none')}
      </Typography>
      <Stack
        component="form"
        noValidate
        spacing={2}
        onSubmit={form.handleSubmit(({ phrase }) => {
          if (save.isPending) return;
          save.mutate(phrase, {
            onSuccess: () => {
              form.reset();
              notices.success('account:overview.antiPhishing.done');
            },
          });
        })}
      >
        <Controller
          name="phrase"
          control={form.control}
          render={({ field, fieldState }) => {
            // An empty field says nothing (submitting it does nothing); a phrase is checked as it is typed.
            const invalid = Boolean(fieldState.error) && field.value.trim() !== '';
            return (
              <TextInput
                id="anti-phishing-phrase"
                name={field.name}
                label={t('overview.antiPhishing.label')}
                value={field.value}
                onChange={(e) => field.onChange(e.target.value)}
                onBlur={field.onBlur}
                inputRef={field.ref}
                disabled={save.isPending}
                error={invalid}
                helperText={invalid ? t(`translation:validation.${phraseRule(fieldState.error?.message)}`) : ' '}
                inputProps={{ maxLength: 32 }}
              />
            );
          }}
        />
        {save.error ? <FormError message={errorMessage(save.error)} /> : null}
        <Button type="submit" variant="outlined" loading={save.isPending} sx={{ alignSelf: 'flex-start' }}>
          {t('overview.antiPhishing.submit')}
        </Button>
      </Stack>
    </Section>
  );
}

function sessionLabel(s: SessionInfo, unknown: string): string {
  return [s.browser, s.os].filter(Boolean).join(' · ') || unknown;
}

function SessionsSection() {
  const { t } = useTranslation('account');
  const fmt = useFormat();
  const notices = useNotify();
  const errorMessage = useErrorMessage();
  const navigate = useNavigate();
  const sessions = useQuery(sessionsQueryOptions());
  const endOne = useEndSession();
  const endOthers = useEndOtherSessions();
  const [confirmOpen, setConfirmOpen] = useState(false);
  const titleId = useId();
  const items = sessions.data?.items ?? [];
  const others = items.filter((s) => !s.isCurrent);

  return (
    <Section
      id="sessions"
      title={t('overview.sessions.title')}
      action={
        others.length > 0 ? (
          <Button color="error" onClick={() => setConfirmOpen(true)}>
            {t('overview.sessions.endAll')}
          </Button>
        ) : null
      }
    >
      <Typography color="text.secondary">{t('overview.sessions.text')}</Typography>
      {sessions.isPending ? (
        <SectionLoading />
      ) : sessions.isError ? (
        <ErrorState error={sessions.error} onRetry={() => void sessions.refetch()} isRetrying={sessions.isFetching} />
      ) : (
        <>
          <List disablePadding aria-label={t('overview.sessions.title')}>
            {items.map((s) => {
              const Icon =
                s.deviceType === 'mobile' || s.deviceType === 'tablet' ? PhoneAndroidOutlined : ComputerOutlined;
              const label = sessionLabel(s, t('overview.sessions.unknownDevice'));
              return (
                <ListItem
                  key={s.id}
                  divider
                  disableGutters
                  secondaryAction={
                    s.isCurrent ? (
                      <Chip size="small" color="primary" label={t('overview.sessions.current')} />
                    ) : (
                      <Button
                        size="small"
                        color="error"
                        aria-label={`${t('overview.sessions.end')}: ${label}`}
                        loading={endOne.isPending && endOne.variables === s.id}
                        onClick={() =>
                          endOne.mutate(s.id, {
                            onSuccess: (r) => {
                              if (r.wasCurrent) void navigate(paths.auth.getHref(), { replace: true });
                              else notices.success('account:overview.sessions.ended');
                            },
                          })
                        }
                      >
                        {t('overview.sessions.end')}
                      </Button>
                    )
                  }
                  sx={{ pr: 14 }}
                >
                  <ListItemIcon sx={{ minWidth: 40 }}>
                    <Icon />
                  </ListItemIcon>
                  <ListItemText
                    primary={<span dir="ltr">{label}</span>}
                    secondary={
                      <>
                        {t('overview.sessions.lastUsed', { time: fmt.date(s.lastSeenAt, 'dateTime') })}
                        {s.ip ? (
                          <>
                            {' – '}
                            <bdi>{t('overview.sessions.ip', { ip: s.ip })}</bdi>
                          </>
                        ) : null}
                      </>
                    }
                  />
                </ListItem>
              );
            })}
          </List>
          {others.length === 0 ? <Typography color="text.secondary">{t('overview.sessions.empty')}</Typography> : null}
          {endOne.error ? <FormError message={errorMessage(endOne.error)} /> : null}
        </>
      )}
      <Dialog open={confirmOpen} onClose={() => setConfirmOpen(false)} aria-labelledby={titleId}>
        <DialogTitle id={titleId}>{t('overview.sessions.endAllConfirmTitle')}</DialogTitle>
        <DialogContent>
          <DialogContentText>{t('overview.sessions.endAllConfirmText')}</DialogContentText>
          {endOthers.error ? <FormError message={errorMessage(endOthers.error)} /> : null}
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button color="inherit" onClick={() => setConfirmOpen(false)} disabled={endOthers.isPending}>
            {t('common.cancel')}
          </Button>
          <Button
            variant="contained"
            color="error"
            loading={endOthers.isPending}
            onClick={() =>
              endOthers.mutate(undefined, {
                onSuccess: () => {
                  setConfirmOpen(false);
                  notices.success('account:overview.sessions.endedAll');
                },
              })
            }
          >
            {t('overview.sessions.endAllConfirm')}
          </Button>
        </DialogActions>
      </Dialog>
    </Section>
  );
}

const EVENT_KEYS: Record<SecurityEventType, string> = {
  signed_up: 'signUp',
  logged_in: 'login',
  login_failed: 'loginFailed',
  logged_out: 'logout',
  locked: 'locked',
  step_up: 'stepUp',
  password_set: 'passwordSet',
  password_changed: 'passwordChanged',
  password_reset: 'passwordReset',
  two_factor_enabled: 'twoFactorEnabled',
  two_factor_disabled: 'twoFactorDisabled',
  phone_changed: 'phoneChanged',
  email_verified: 'emailVerified',
  session_ended: 'sessionEnded',
  other_sessions_ended: 'sessionsEnded',
  anti_phishing_set: 'antiPhishingSet',
  anti_phishing_cleared: 'antiPhishingCleared',
  recovery_code_used: 'recoveryCodeUsed',
  recovery_codes_generated: 'recoveryCodesGenerated',
  new_device_notice: 'newDeviceNotice',
};

const WARNING_EVENTS: ReadonlySet<SecurityEventType> = new Set([
  'login_failed',
  'locked',
  'recovery_code_used',
  'new_device_notice',
]);

function HistorySection() {
  const { t } = useTranslation('account');
  const fmt = useFormat();
  const events = useQuery(securityEventsQueryOptions());
  const items = events.data?.items ?? [];
  return (
    <Section id="history" title={t('overview.history.title')}>
      {events.isPending ? (
        <SectionLoading />
      ) : events.isError ? (
        <ErrorState error={events.error} onRetry={() => void events.refetch()} isRetrying={events.isFetching} />
      ) : items.length === 0 ? (
        <Typography color="text.secondary">{t('overview.history.empty')}</Typography>
      ) : (
        <List disablePadding aria-label={t('overview.history.title')}>
          {items.map((e) => (
            <ListItem key={e.id} divider disableGutters>
              <ListItemText
                primary={
                  <Typography
                    component="span"
                    sx={{ fontWeight: 500, color: WARNING_EVENTS.has(e.type) ? 'warning.main' : 'text.primary' }}
                  >
                    {t(`overview.history.events.${EVENT_KEYS[e.type]}`)}
                  </Typography>
                }
                secondary={
                  <>
                    {fmt.date(e.at, 'dateTime')}
                    {e.browser || e.os ? (
                      <>
                        {' – '}
                        <span dir="ltr">{[e.browser, e.os].filter(Boolean).join(' · ')}</span>
                      </>
                    ) : null}
                    {e.ip ? (
                      <>
                        {' – '}
                        <bdi>{t('overview.history.ip', { ip: e.ip })}</bdi>
                      </>
                    ) : null}
                  </>
                }
              />
            </ListItem>
          ))}
        </List>
      )}
    </Section>
  );
}

/**
 * `/update-profile` (SPEC §2 "Profile"): the profile, password, two-factor and its recovery codes, phrase,
 * sessions and history.
 */
export default function OverviewScreen() {
  const { t } = useTranslation('account');
  const user = useAccount().data?.user;
  if (!user) return null;
  return (
    <PageShell title={t('overview.title')} wide>
      <Box sx={{ display: 'grid', gap: 2.5, gridTemplateColumns: { xs: '1fr', lg: '1fr 1fr' }, alignItems: 'start' }}>
        <Stack spacing={2.5}>
          <ProfileSection user={user} />
          <TwoFactorSection user={user} />
          {user.twoFactorEnabled ? <RecoveryCodesSection /> : null}
          <PasswordSection user={user} />
        </Stack>
        <Stack spacing={2.5}>
          <SessionsSection />
          <AntiPhishingSection user={user} />
          <HistorySection />
        </Stack>
      </Box>
    </PageShell>
  );
}
