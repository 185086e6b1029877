import ContentCopy from '@mui/icons-material/ContentCopy';
import VerifiedUserOutlined from '@mui/icons-material/VerifiedUserOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isOperatorRole } from '@portal/contract/admin/roles';
import type { OtpChannel } from '@portal/contract/auth/auth';
import type { RecoveryCodesIssued } from '@portal/contract/auth/recovery-codes';
import type { CodeSent, SetupTwoFactorResponse } from '@portal/contract/auth/two-factor';
import { FormError } from '@/components/form/form-error';
import { useNotify } from '@/components/notices/notices';
import { CodeEntry } from '@/components/otp/code-entry';
import { SecondFactorEntry } from '@/components/otp/second-factor-entry';
import { QrCode } from '@/components/qr-code';
import { paths } from '@/config/paths';
import { useCopyToClipboard } from '@/hooks/use-copy-to-clipboard';
import { useLanguage } from '@/hooks/use-language';
import { useErrorMessage } from '@/lib/error-message';
import { displayMobile } from '@/lib/format';
import { useAccount } from '@/lib/session';
import {
  useDisableTwoFactor,
  useEnableTwoFactor,
  useRequestDisableTwoFactorCode,
  useSetupTwoFactor,
} from '../api/mutations';
import { PageShell, Section } from '@/components/layouts/page-shell';
import { RecoveryCodesSection, RecoveryCodesShown } from './recovery-codes';
import { useStepUpGuard, type StepUpGuard } from './step-up';

/** The key in groups of four, as authenticator apps show it: easier to type. */
function groupKey(secret: string): string {
  return secret.replace(/(.{4})/g, '$1 ').trim();
}

function EnableTwoFactor({ guard, onEnabled }: { guard: StepUpGuard; onEnabled: (codes: string[]) => void }) {
  const { t } = useTranslation('account');
  const notices = useNotify();
  const errorMessage = useErrorMessage();
  const copy = useCopyToClipboard();
  const setup = useSetupTwoFactor(guard);
  const enable = useEnableTwoFactor(guard);
  const [secret, setSecret] = useState<SetupTwoFactorResponse | null>(null);

  const start = () => {
    if (setup.isPending) return;
    setup.mutate(undefined, { onSuccess: setSecret });
  };

  return (
    <Stack spacing={3}>
      <Box>
        <Typography variant="h3" component="h3" sx={{ fontSize: '1rem', fontWeight: 700, mb: 0.5 }}>
          {t('twoFactor.step1.title')}
        </Typography>
        <Typography color="text.secondary">{t('twoFactor.step1.text')}</Typography>
      </Box>
      {secret ? (
        <>
          <Box>
            <Typography variant="h3" component="h3" sx={{ fontSize: '1rem', fontWeight: 700, mb: 0.5 }}>
              {t('twoFactor.step2.title')}
            </Typography>
            <Typography color="text.secondary" sx={{ mb: 2 }}>
              {t('twoFactor.step2.text')}
            </Typography>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2.5} sx={{ alignItems: 'center' }}>
              <QrCode text={secret.otpauthUri} label={t('twoFactor.step2.qr')} size={184} />
              <Stack spacing={1} sx={{ minWidth: 0, width: '100%' }}>
                <Typography variant="body2" color="text.secondary" id="two-factor-key-label">
                  {t('twoFactor.step2.key')}
                </Typography>
                <Typography
                  dir="ltr"
                  aria-labelledby="two-factor-key-label"
                  data-secret={secret.secret}
                  sx={{
                    fontFamily: 'monospace',
                    fontSize: '1.05rem',
                    wordBreak: 'break-all',
                    bgcolor: 'action.hover',
                    p: 1.5,
                    borderRadius: 1,
                    // 'start' of an LTR block: the RTL style plugin would turn a 'left' into 'right'.
                    textAlign: 'start',
                  }}
                >
                  {groupKey(secret.secret)}
                </Typography>
                <Button
                  startIcon={<ContentCopy />}
                  sx={{ alignSelf: 'flex-start' }}
                  onClick={() =>
                    void copy(secret.secret).then((ok) =>
                      ok ? notices.success('account:twoFactor.step2.copied') : notices.errorKey('notices.copyFailed'),
                    )
                  }
                >
                  {t('twoFactor.step2.copy')}
                </Button>
              </Stack>
            </Stack>
          </Box>
          <Box>
            <Typography variant="h3" component="h3" sx={{ fontSize: '1rem', fontWeight: 700, mb: 0.5 }}>
              {t('twoFactor.step3.title')}
            </Typography>
            <Typography color="text.secondary" sx={{ mb: 2 }}>
              {t('twoFactor.step3.text')}
            </Typography>
            <CodeEntry
              id="two-factor-enable-code"
              label={t('twoFactor.step3.label')}
              submitLabel={t('twoFactor.step3.submit')}
              autoFocus={false}
              isPending={enable.isPending}
              error={enable.error}
              onSubmit={(code) =>
                enable.mutate(code, {
                  onSuccess: (r) => {
                    onEnabled(r.recoveryCodes);
                    notices.success('account:twoFactor.enabled');
                  },
                })
              }
            />
          </Box>
        </>
      ) : (
        <>
          {setup.error ? <FormError message={errorMessage(setup.error)} /> : null}
          <Button variant="contained" onClick={start} loading={setup.isPending} sx={{ alignSelf: 'flex-start' }}>
            {t('twoFactor.start')}
          </Button>
        </>
      )}
    </Stack>
  );
}

/**
 * Turning two-factor off: a secondary, error-coloured action that opens the form (by the app's code or an
 * SMS code) only when asked for, with what it costs said first; its submit is error-coloured too.
 */
function TurnOffTwoFactor({ guard, mobile }: { guard: StepUpGuard; mobile: string }) {
  const { t } = useTranslation('account');
  const [open, setOpen] = useState(false);
  if (!open) {
    return (
      <Button variant="outlined" color="error" onClick={() => setOpen(true)} sx={{ alignSelf: 'flex-start' }}>
        {t('twoFactor.disable.open')}
      </Button>
    );
  }
  return (
    <Stack spacing={2}>
      <Alert severity="warning">{t('twoFactor.disable.warning')}</Alert>
      <DisableTwoFactor guard={guard} mobile={mobile} />
      <Button color="inherit" onClick={() => setOpen(false)} sx={{ alignSelf: 'flex-start' }}>
        {t('common.cancel')}
      </Button>
    </Stack>
  );
}

function DisableTwoFactor({ guard, mobile }: { guard: StepUpGuard; mobile: string }) {
  const { t } = useTranslation('account');
  const { lng } = useLanguage();
  const notices = useNotify();
  const errorMessage = useErrorMessage();
  const disable = useDisableTwoFactor(guard);
  const requestCode = useRequestDisableTwoFactorCode();
  const [tab, setTab] = useState<'totp' | 'sms'>('totp');
  const [sent, setSent] = useState<{ code: CodeSent; at: number } | null>(null);
  const [sending, setSending] = useState<OtpChannel | null>(null);
  const done = () => notices.success('account:twoFactor.disable.done');

  const send = (channel: OtpChannel) => {
    setSending(channel);
    requestCode.mutate(channel, {
      onSuccess: (code) => setSent({ code, at: Date.now() }),
      onSettled: () => setSending(null),
    });
  };

  return (
    <Stack spacing={2}>
      <Typography variant="h3" component="h3" sx={{ fontSize: '1rem', fontWeight: 700 }}>
        {t('twoFactor.disable.title')}
      </Typography>
      <Tabs
        value={tab}
        onChange={(_e, v: 'totp' | 'sms') => {
          disable.reset();
          setTab(v);
        }}
        variant="fullWidth"
      >
        <Tab value="totp" label={t('twoFactor.disable.byApp')} />
        <Tab value="sms" label={t('twoFactor.disable.byPhone')} />
      </Tabs>
      {tab === 'totp' ? (
        <SecondFactorEntry
          key="totp"
          id="two-factor-disable-totp"
          label={t('twoFactor.disable.appLabel')}
          submitLabel={t('twoFactor.disable.submit')}
          autoFocus={false}
          danger
          isPending={disable.isPending}
          error={disable.error}
          onSwitch={() => disable.reset()}
          onSubmit={(code) => disable.mutate({ method: 'totp', code }, { onSuccess: done })}
        />
      ) : sent ? (
        <Stack spacing={2} key="sms">
          <Typography color="text.secondary">
            {t('twoFactor.disable.sentTo', { mobile: displayMobile(sent.code.maskedMobile, lng) })}
          </Typography>
          <CodeEntry
            id="two-factor-disable-sms"
            label={t('twoFactor.disable.phoneLabel')}
            submitLabel={t('twoFactor.disable.submit')}
            danger
            isPending={disable.isPending}
            error={disable.error ?? requestCode.error}
            onSubmit={(code) => disable.mutate({ method: 'sms', code }, { onSuccess: done })}
            resend={{
              resendInSeconds: sent.code.resendInSeconds,
              onResend: send,
              sending,
              resendLabel: t('twoFactor.disable.resend'),
              sentAt: sent.at,
            }}
          />
        </Stack>
      ) : (
        <Stack spacing={2} key="sms-send">
          <Typography color="text.secondary">
            {t('twoFactor.disable.phoneText')}{' '}
            <Box component="span" dir="ltr">
              {displayMobile(mobile, lng)}
            </Box>
          </Typography>
          {requestCode.error ? <FormError message={errorMessage(requestCode.error)} /> : null}
          <Button
            variant="outlined"
            onClick={() => send('sms')}
            loading={requestCode.isPending}
            sx={{ alignSelf: 'flex-start' }}
          >
            {t('twoFactor.disable.sendCode')}
          </Button>
        </Stack>
      )}
    </Stack>
  );
}

/** An operator's two-factor is not turned off or replaced here: an admin recovers the account (decision 011). */
function OperatorTwoFactor() {
  const { t } = useTranslation('account');
  return (
    <Stack spacing={1}>
      <Typography variant="h3" component="h3" sx={{ fontSize: '1rem', fontWeight: 700 }}>
        {t('twoFactor.operator.title')}
      </Typography>
      <Typography color="text.secondary">{t('twoFactor.operator.text')}</Typography>
    </Stack>
  );
}

/**
 * `/update-profile/2fa` (SPEC §2 "Two-factor"): enable with app, QR and key, and a code, then save the
 * recovery codes shown this once; or disable. An operator (any role but investor) enables it here but does
 * not disable it: an admin recovers them.
 */
export default function TwoFactorScreen() {
  const { t } = useTranslation('account');
  const account = useAccount().data?.user;
  const { guard, dialog } = useStepUpGuard();
  // The codes of the enabling answer: kept here, above the enable form that the account's refresh replaces.
  const [issued, setIssued] = useState<RecoveryCodesIssued | null>(null);
  if (!account) return null;
  const on = account.twoFactorEnabled;
  return (
    <PageShell title={t('twoFactor.pageTitle')} backTo={paths.updateProfile.getHref()}>
      <Section id="two-factor" title={t('twoFactor.title')}>
        <Alert severity={on ? 'success' : 'info'} icon={<VerifiedUserOutlined fontSize="inherit" />} role="status">
          {on ? t('twoFactor.statusOn') : t('twoFactor.statusOff')}
        </Alert>
        {issued ? (
          <RecoveryCodesShown issued={issued} onDone={() => setIssued(null)} />
        ) : !on ? (
          <EnableTwoFactor
            guard={guard}
            onEnabled={(codes) => setIssued({ codes, generatedAt: new Date().toISOString() })}
          />
        ) : isOperatorRole(account.role) ? (
          <OperatorTwoFactor />
        ) : (
          <TurnOffTwoFactor guard={guard} mobile={account.mobile} />
        )}
      </Section>
      {/* While it is on: the recovery codes left, and a new set (the API's regenerate), as on the security page. */}
      {on && !issued ? <RecoveryCodesSection /> : null}
      {dialog}
    </PageShell>
  );
}
