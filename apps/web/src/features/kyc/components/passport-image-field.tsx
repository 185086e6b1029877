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
import { useFormat } from '@/hooks/use-format';
import { useUploadPassportImage } from '../api/upload-kyc-file';
import { useFieldMessage } from './field-message';
import { useFileErrorMessage } from './file-error-message';
import { UploadProgress } from '@/components/upload-progress';

const ACCEPT = FILE_PURPOSES.passport_image.mimes.join(',');
const MAX_MB = FILE_PURPOSES.passport_image.maxBytes / (1024 * 1024);

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
 * The passport image of the foreign track: chosen (JPEG, PNG or WebP), shown, and uploaded at once
 * with its progress; the form field holds the uploaded file's id.
 */
export function PassportImageField<T extends FieldValues & { passportImageFileId: string }, O extends FieldValues = T>({
  control,
  disabled,
}: {
  control: Control<T, unknown, O>;
  disabled?: boolean;
}) {
  const { t } = useTranslation('kyc');
  const { number } = useFormat();
  const message = useFieldMessage();
  const fileError = useFileErrorMessage('passport_image');
  const upload = useUploadPassportImage();
  const [preview, setPreview] = useState<string | null>(null);
  const id = useId();
  useEffect(() => (preview ? () => URL.revokeObjectURL(preview) : undefined), [preview]);

  return (
    <Controller<T, Path<T>, O>
      name={'passportImageFileId' as Path<T>}
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
            // A refused file is not the passport image: no preview of it stays on the page.
            onError: () => setPreview(null),
            onSettled: () => field.onBlur(),
          });
        };
        return (
          <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
            <Typography id={`${id}-label`} sx={{ fontWeight: 500 }}>
              {t('foreign.passportImage.label')}
            </Typography>
            {preview ? (
              <Box
                component="img"
                src={preview}
                alt={t('foreign.passportImage.preview')}
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
              <UploadProgress value={upload.progress} label={t('foreign.passportImage.uploading')} />
            ) : null}
            {upload.isSuccess && field.value ? (
              <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 1, color: 'success.main' }}>
                <CheckCircle aria-hidden="true" fontSize="small" />
                <Typography variant="body2">{t('foreign.passportImage.uploaded')}</Typography>
              </Box>
            ) : null}
            {upload.error ? <FormError message={fileError(upload.error)} /> : null}
            {/* A label around the (visually hidden) file input, as MUI documents it: no button role and
                not a tab stop of its own, so the input is the one control (no nested interactive). */}
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
              {t(preview ? 'foreign.passportImage.change' : 'foreign.passportImage.choose')}
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
              {show ? message(fieldState.error?.message) : t('foreign.passportImage.hint', { maxMb: number(MAX_MB) })}
            </FormHelperText>
          </Box>
        );
      }}
    />
  );
}
