import type { Control, FieldValues, Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FILE_PURPOSES } from '@portal/contract/kyc/kyc';
import { ImageUploadField } from '@/components/image-upload-field';
import { useFormat } from '@/hooks/use-format';
import { isApiError } from '@/lib/api-error';
import { useErrorMessage } from '@/lib/error-message';
import { useUploadReceipt } from '../api/upload-receipt';

const RULE = FILE_PURPOSES.deposit_receipt;
const ACCEPT = RULE.mimes.join(',');
const MAX_MB = RULE.maxBytes / (1024 * 1024);

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
  const uploadError = (error: unknown) =>
    isApiError(error) && (error.code === 'FILE_TOO_LARGE' || error.code === 'FILE_TYPE_INVALID')
      ? t(error.code === 'FILE_TOO_LARGE' ? 'offline.receipt.tooLarge' : 'offline.receipt.type', {
          maxMb: number(MAX_MB),
        })
      : errorMessage(error);

  return (
    <ImageUploadField<T, O>
      name={'receiptFileId' as Path<T>}
      control={control}
      disabled={disabled}
      accept={ACCEPT}
      upload={upload}
      text={(key) => t(`offline.receipt.${key}`, { maxMb: number(MAX_MB) })}
      message={message}
      uploadError={uploadError}
    />
  );
}
