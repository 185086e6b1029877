import { useMutation } from '@tanstack/react-query';
import { submitVideo } from '@portal/contract/kyc/kyc';
import { callApi } from '@/lib/api-client';
import { useKycStateUpdate } from './kyc-cache';
import { useKycFileUpload } from './upload-kyc-file';

/** Level two (Iranian): the recorded video is uploaded (with progress), then submitted for review. */
export function useSubmitVideo() {
  const update = useKycStateUpdate();
  const { upload, progress } = useKycFileUpload('kyc_video');
  const mutation = useMutation({
    mutationFn: async (video: Blob) => callApi(submitVideo, { body: { fileId: await upload(video) } }),
    onSuccess: update,
  });
  return { ...mutation, progress };
}
