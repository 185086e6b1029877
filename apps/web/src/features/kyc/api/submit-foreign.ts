import { useMutation } from '@tanstack/react-query';
import { submitForeign, type SubmitForeignBody } from '@portal/contract/kyc/kyc';
import { callApi } from '@/lib/api-client';
import { useKycStateUpdate } from './kyc-cache';
import { useKycFileUpload } from './upload-kyc-file';

export type ForeignDetails = Omit<SubmitForeignBody, 'videoFileId'>;

/** Foreign investors: the details and passport image (uploaded already), then the video, for review. */
export function useSubmitForeign() {
  const update = useKycStateUpdate();
  const { upload, progress } = useKycFileUpload('kyc_video');
  const mutation = useMutation({
    mutationFn: async ({ details, video }: { details: ForeignDetails; video: Blob }) =>
      callApi(submitForeign, { body: { ...details, videoFileId: await upload(video) } }),
    onSuccess: update,
  });
  return { ...mutation, progress };
}
