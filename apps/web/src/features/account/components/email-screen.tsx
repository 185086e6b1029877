import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { emailSchema } from '@portal/contract/account/email';
import { FormError } from '@/components/form/form-error';
import { TextInput } from '@/components/form/text-input';
import { useFieldForm } from '@/components/form/use-field-form';
import { useNotify } from '@/components/notices/notices';
import { CodeEntry } from '@/components/otp/code-entry';
import { paths } from '@/config/paths';
import { useErrorMessage } from '@/lib/error-message';
import { useAccount } from '@/lib/session';
import { useSendEmailCode, useVerifyEmail } from '../api/mutations';
import { PageShell, Section } from '@/components/layouts/page-shell';

/** `/update-profile/email` (SPEC §2 "Profile", §7): enter the address → a mailed code → verified. */
export default function EmailScreen() {
  const { t } = useTranslation('account');
  const errorMessage = useErrorMessage();
  const notices = useNotify();
  const user = useAccount().data?.user;
  const send = useSendEmailCode();
  const verify = useVerifyEmail();
  const [sent, setSent] = useState<{ email: string; resendInSeconds: number; at: number } | null>(null);

  const sendCode = (address: string) => {
    if (send.isPending) return;
    verify.reset();
    send.mutate(address, {
      onSuccess: (r) => setSent({ email: r.email, resendInSeconds: r.resendInSeconds, at: Date.now() }),
    });
  };
  const address = useFieldForm(emailSchema, { onSubmit: sendCode, isPending: send.isPending });

  if (!user) return null;

  return (
    <PageShell title={t('email.pageTitle')} backTo={paths.updateProfile.getHref()}>
      <Section id="email" title={t('email.title')}>
        {user.email ? (
          <Alert severity={user.isEmailVerified ? 'success' : 'info'} role="status">
            {user.isEmailVerified ? `${t('email.verified')} ` : null}
            {t('email.current')} <span dir="ltr">{user.email}</span>
          </Alert>
        ) : null}
        {sent ? (
          <Stack spacing={2}>
            <Typography color="text.secondary">
              {t('email.sentTo')} <span dir="ltr">{sent.email}</span>
            </Typography>
            <CodeEntry
              id="email-code"
              label={t('email.codeLabel')}
              submitLabel={t('email.submit')}
              isPending={verify.isPending}
              error={verify.error ?? send.error}
              onSubmit={(code) =>
                verify.mutate(
                  { email: sent.email, code },
                  {
                    onSuccess: () => {
                      setSent(null);
                      address.form.reset();
                      notices.success('account:email.done');
                    },
                  },
                )
              }
              resend={{
                resendInSeconds: sent.resendInSeconds,
                onResend: () => sendCode(sent.email),
                sending: send.isPending ? 'sms' : null,
                resendLabel: t('email.resend'),
                sentAt: sent.at,
              }}
            />
            <Button color="inherit" onClick={() => setSent(null)} sx={{ alignSelf: 'flex-start' }}>
              {t('email.change')}
            </Button>
          </Stack>
        ) : (
          <Stack component="form" noValidate spacing={2} onSubmit={address.submit}>
            <TextInput
              id="email-address"
              name="email"
              label={t('email.label')}
              type="email"
              autoComplete="email"
              {...address.input}
              disabled={send.isPending}
              error={Boolean(address.rule)}
              helperText={address.rule ? t(`translation:validation.${address.rule}`) : ' '}
              inputProps={{ dir: 'ltr', maxLength: 254, inputMode: 'email' }}
            />
            {send.error ? <FormError message={errorMessage(send.error)} /> : null}
            <Button type="submit" variant="contained" loading={send.isPending} sx={{ alignSelf: 'flex-start' }}>
              {t('email.send')}
            </Button>
          </Stack>
        )}
      </Section>
    </PageShell>
  );
}
