import CheckCircle from '@mui/icons-material/CheckCircle';
import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import Typography from '@mui/material/Typography';
import { useEffect, useId, useState, type ChangeEvent } from 'react';
import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FILE_PURPOSES } from '@portal/contract/kyc/kyc';
import { FormError } from '@/components/form/form-error';
import { UploadProgress } from '@/components/upload-progress';
import { useFormat } from '@/hooks/use-format';
import { isApiError } from '@/lib/api-error';
import { useErrorMessage } from '@/lib/error-message';
import { useUploadReceipt } from '../api/upload-receipt';

const RULE = FILE_PURPOSES.deposit_receipt;
const ACCEPT = RULE.mimes.join(',');
const MAX_MB = RULE.maxBytes / (1024 * 1024);

/** Visually hidden, still focusable: the keyboard reaches the file input through it. */
const visuallyHidden = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

/**
 * The photo of the bank receipt: chosen (JPEG, PNG or WebP, up to 8 MB), shown, and uploaded at once
 * with its progress; the form field holds the uploaded file's id.
 */
export function ReceiptField<T extends FieldValues & { receiptFileId: string }, O extends FieldValues = T>({
  control,
  message,
  disabled,
}: {
  control: Control<T, unknown, O>;
  message: (rule: string | undefined) => string;
  disabled?: boolean;
}) {
  const { t } = useTranslation('deposit');
  const { number } = useFormat();
  const errorMessage = useErrorMessage();
  const upload = useUploadReceipt();
  const [preview, setPreview] = useState<string | null>(null);
  const id = useId();
  useEffect(() => (preview ? () => URL.revokeObjectURL(preview) : undefined), [preview]);
  const uploadError = (error: unknown) =>
    isApiError(error) && (error.code === 'FILE_TOO_LARGE' || error.code === 'FILE_TYPE_INVALID')
      ? t(error.code === 'FILE_TOO_LARGE' ? 'offline.receipt.tooLarge' : 'offline.receipt.type', {
          maxMb: number(MAX_MB),
        })
      : errorMessage(error);

  return (
    <Controller<T, Path<T>, O>
      name={'receiptFileId' as Path<T>}
      control={control}
      render={({ field, fieldState, formState }) => {
        const show =
          Boolean(fieldState.error) &&
          (fieldState.isTouched || formState.isSubmitted) &&
          !upload.isPending &&
          !upload.error;
        const choose = (e: ChangeEvent<HTMLInputElement>) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          if (!file) return;
          setPreview(URL.createObjectURL(file));
          field.onChange('');
          upload.mutate(file, {
            onSuccess: (fileId) => field.onChange(fileId),
            // A refused file is not the receipt: no preview of it stays on the page.
            onError: () => setPreview(null),
            onSettled: () => field.onBlur(),
          });
        };
        return (
          <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
            <Typography id={`${id}-label`} sx={{ fontWeight: 500 }}>
              {t('offline.receipt.label')}
            </Typography>
            {preview ? (
              <Box
                component="img"
                src={preview}
                alt={t('offline.receipt.preview')}
                sx={{
                  maxWidth: '100%',
                  maxHeight: 220,
                  objectFit: 'contain',
                  alignSelf: 'flex-start',
                  borderRadius: 1,
                  border: 1,
                  borderColor: 'divider',
                }}
              />
            ) : null}
            {upload.progress !== null ? (
              <UploadProgress value={upload.progress} label={t('offline.receipt.uploading')} />
            ) : null}
            {upload.isSuccess && field.value ? (
              <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 1, color: 'success.main' }}>
                <CheckCircle aria-hidden="true" fontSize="small" />
                <Typography variant="body2">{t('offline.receipt.uploaded')}</Typography>
              </Box>
            ) : null}
            {upload.error ? <FormError message={uploadError(upload.error)} /> : null}
            {/* A label around the (visually hidden) file input: no button role and not a tab stop of its
                own, so the input is the one control (no nested interactive). */}
            <Button
              component="label"
              role={undefined}
              tabIndex={-1}
              variant="outlined"
              startIcon={<UploadFileOutlined />}
              disabled={disabled || upload.isPending}
              sx={{
                alignSelf: 'flex-start',
                '&:has(input:focus-visible)': { outline: 2, outlineColor: 'primary.main' },
              }}
            >
              {t(preview ? 'offline.receipt.change' : 'offline.receipt.choose')}
              <Box
                component="input"
                type="file"
                name={field.name}
                accept={ACCEPT}
                onChange={choose}
                ref={field.ref}
                disabled={disabled || upload.isPending}
                aria-labelledby={`${id}-label`}
                aria-describedby={`${id}-helper`}
                aria-invalid={show || undefined}
                sx={visuallyHidden}
              />
            </Button>
            <FormHelperText id={`${id}-helper`} error={show} sx={{ mx: 0, mt: -0.5 }}>
              {show ? message(fieldState.error?.message) : t('offline.receipt.hint', { maxMb: number(MAX_MB) })}
            </FormHelperText>
          </Box>
        );
      }}
    />
  );
}
