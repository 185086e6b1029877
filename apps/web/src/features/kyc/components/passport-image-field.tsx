import type { Control, FieldValues, Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FILE_PURPOSES } from '@portal/contract/kyc/kyc';
import { ImageUploadField } from '@/components/image-upload-field';
import { useFormat } from '@/hooks/use-format';
import { useUploadPassportImage } from '../api/upload-kyc-file';
import { useFieldMessage } from './field-message';
import { useFileErrorMessage } from './file-error-message';

const ACCEPT = FILE_PURPOSES.passport_image.mimes.join(',');
const MAX_MB = FILE_PURPOSES.passport_image.maxBytes / (1024 * 1024);

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

  return (
    <ImageUploadField<T, O>
      name={'passportImageFileId' as Path<T>}
      control={control}
      disabled={disabled}
      accept={ACCEPT}
      upload={upload}
      text={(key) => t(`foreign.passportImage.${key}`, { maxMb: number(MAX_MB) })}
      message={message}
      uploadError={fileError}
    />
  );
}
