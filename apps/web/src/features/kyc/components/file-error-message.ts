import { useTranslation } from 'react-i18next';
import { FILE_PURPOSES, type FilePurpose } from '@portal/contract/kyc/kyc';
import { isApiError } from '@/lib/api-error';
import { useErrorMessage } from '@/lib/error-message';
import { formatNumber } from '@/lib/format';

const MB = 1024 * 1024;

/**
 * The sentence of a failed KYC upload or submission: a file too large or of the wrong kind is
 * explained for what it is (the video, the passport image) with its limit; anything else as usual.
 */
export function useFileErrorMessage(purpose: FilePurpose): (error: unknown) => string {
  const { t, i18n } = useTranslation('kyc');
  const errorMessage = useErrorMessage();
  return (error) => {
    if (isApiError(error) && (error.code === 'FILE_TOO_LARGE' || error.code === 'FILE_TYPE_INVALID')) {
      const maxBytes = error.details?.maxBytes ?? FILE_PURPOSES[purpose].maxBytes;
      const maxMb = formatNumber(Math.floor(maxBytes / MB), i18n.resolvedLanguage ?? i18n.language);
      return t(`fileErrors.${purpose}.${error.code === 'FILE_TOO_LARGE' ? 'tooLarge' : 'type'}`, { maxMb });
    }
    return errorMessage(error);
  };
}
