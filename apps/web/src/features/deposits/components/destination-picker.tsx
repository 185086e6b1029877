import ContentCopy from '@mui/icons-material/ContentCopy';
import Box from '@mui/material/Box';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { OFFLINE_DEPOSIT_DESTINATIONS } from '@portal/contract/wallet/offline-deposits';
import { useNotify } from '@/components/notices/notices';
import { useCopyToClipboard } from '@/hooks/use-copy-to-clipboard';
import { useFormat } from '@/hooks/use-format';
import { formatDigits } from '@/lib/format';
import { ltr } from './card-label';

/**
 * The portal's published bank accounts (contract `OFFLINE_DEPOSIT_DESTINATIONS`): the investor chooses
 * the one they paid into; each shows its account number and sheba with a button that copies it (the
 * copied text is in Latin digits, as a bank's form wants it).
 */
export function DestinationPicker<T extends FieldValues & { destination: string }, O extends FieldValues = T>({
  control,
  message,
  disabled,
}: {
  control: Control<T, unknown, O>;
  message: (rule: string | undefined) => string;
  disabled?: boolean;
}) {
  const { t } = useTranslation('deposit');
  const { t: tBank } = useTranslation('bank');
  const { lng } = useFormat();
  const copy = useCopyToClipboard();
  const { success, errorKey } = useNotify();
  const copyText = async (text: string, what: string) => {
    if (await copy(text)) success('deposit:offline.destination.copied', { what });
    else errorKey('notices.copyFailed');
  };

  return (
    <Controller<T, Path<T>, O>
      name={'destination' as Path<T>}
      control={control}
      render={({ field, fieldState, formState }) => {
        const show = Boolean(fieldState.error) && (fieldState.isTouched || formState.isSubmitted);
        return (
          <FormControl component="fieldset" error={show} disabled={disabled}>
            <FormLabel component="legend" sx={{ mb: 1 }}>
              {t('offline.destination.legend')}
            </FormLabel>
            <RadioGroup
              name={field.name}
              value={field.value}
              onChange={(e) => {
                field.onChange(e.target.value);
                field.onBlur();
              }}
              sx={{ gap: 1.5 }}
            >
              {OFFLINE_DEPOSIT_DESTINATIONS.map((d, i) => {
                const bank = tBank(`banks.${d.bank}`);
                const numbers = [
                  { key: 'accountNumber', label: t('offline.destination.accountNumber'), value: d.accountNumber },
                  { key: 'sheba', label: t('offline.destination.sheba'), value: d.sheba },
                ] as const;
                return (
                  <Paper
                    key={d.id}
                    variant="outlined"
                    sx={{
                      p: 1.5,
                      borderColor: field.value === d.id ? 'primary.main' : 'divider',
                    }}
                  >
                    <FormControlLabel
                      value={d.id}
                      control={<Radio inputRef={i === 0 ? field.ref : undefined} />}
                      label={<Typography sx={{ fontWeight: 600 }}>{bank}</Typography>}
                      sx={{ mx: 0 }}
                    />
                    <Box component="dl" sx={{ m: 0, display: 'grid', gap: 0.5, ps: 1 }}>
                      {numbers.map((n) => (
                        <Box
                          key={n.key}
                          sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', minWidth: 0 }}
                        >
                          <Typography component="dt" variant="body2" color="text.secondary">
                            {n.label}
                          </Typography>
                          <Typography
                            component="dd"
                            variant="body2"
                            sx={{ m: 0, overflowWrap: 'anywhere', display: 'flex', alignItems: 'center', gap: 0.5 }}
                          >
                            {ltr(formatDigits(n.value, lng))}
                            <IconButton
                              size="small"
                              aria-label={t(`offline.destination.copy.${n.key}`, { bank })}
                              onClick={() => void copyText(n.value, n.label)}
                            >
                              <ContentCopy fontSize="inherit" />
                            </IconButton>
                          </Typography>
                        </Box>
                      ))}
                    </Box>
                  </Paper>
                );
              })}
            </RadioGroup>
            <FormHelperText sx={{ mx: 0 }}>
              {show ? message(fieldState.error?.message) : t('offline.destination.hint')}
            </FormHelperText>
          </FormControl>
        );
      }}
    />
  );
}
