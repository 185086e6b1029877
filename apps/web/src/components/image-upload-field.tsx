import CheckCircle from '@mui/icons-material/CheckCircle';
import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import Typography from '@mui/material/Typography';
import type { UseMutationResult } from '@tanstack/react-query';
import { useEffect, useId, useState, type ChangeEvent } from 'react';
import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';
import { FormError } from '@/components/form/form-error';
import { UploadProgress } from '@/components/upload-progress';

/** Visually hidden, still focusable: the keyboard reaches the file input through it. */
const visuallyHidden = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

/** An upload of the chosen file that answers its id, with its progress (0–1, `null` when none is under way). */
export type ImageUpload = Pick<
  UseMutationResult<string, Error, Blob>,
  'mutate' | 'isPending' | 'isSuccess' | 'error'
> & { progress: number | null };

/**
 * The sentences of an image field by name: `label`, `preview` (the preview's alternative text),
 * `uploading`, `uploaded`, `choose` and `change` (the button before an image is chosen, and after), and
 * `hint` (under the button while the field has no error: the kinds and size it takes).
 */
export type ImageUploadText = (
  key: 'label' | 'preview' | 'uploading' | 'uploaded' | 'choose' | 'change' | 'hint',
) => string;

/**
 * An image chosen (of the `accept` kinds), shown, and uploaded at once with its progress; the form
 * field `name` holds the uploaded file's id (`''` while there is none). A refused upload leaves no
 * preview; its error is told by `uploadError`, a rule of the field by `message`.
 */
export function ImageUploadField<T extends FieldValues, O extends FieldValues = T>({
  name,
  control,
  disabled,
  accept,
  upload,
  text,
  message,
  uploadError,
}: {
  name: Path<T>;
  control: Control<T, unknown, O>;
  disabled?: boolean | undefined;
  accept: string;
  upload: ImageUpload;
  text: ImageUploadText;
  message: (rule: string | undefined) => string;
  uploadError: (error: unknown) => string;
}) {
  const [preview, setPreview] = useState<string | null>(null);
  const id = useId();
  useEffect(() => (preview ? () => URL.revokeObjectURL(preview) : undefined), [preview]);

  return (
    <Controller<T, Path<T>, O>
      name={name}
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
            // A refused file is not the one asked for: no preview of it stays on the page.
            onError: () => setPreview(null),
            onSettled: () => field.onBlur(),
          });
        };
        return (
          <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
            <Typography id={`${id}-label`} sx={{ fontWeight: 500 }}>
              {text('label')}
            </Typography>
            {preview ? (
              <Box
                component="img"
                src={preview}
                alt={text('preview')}
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
            {upload.progress !== null ? <UploadProgress value={upload.progress} label={text('uploading')} /> : null}
            {upload.isSuccess && field.value ? (
              <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 1, color: 'success.main' }}>
                <CheckCircle aria-hidden="true" fontSize="small" />
                <Typography variant="body2">{text('uploaded')}</Typography>
              </Box>
            ) : null}
            {upload.error ? <FormError message={uploadError(upload.error)} /> : null}
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
              {preview ? text('change') : text('choose')}
              <Box
                component="input"
                type="file"
                name={field.name}
                accept={accept}
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
              {show ? message(fieldState.error?.message) : text('hint')}
            </FormHelperText>
          </Box>
        );
      }}
    />
  );
}
