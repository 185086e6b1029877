import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { FilePurpose } from '@portal/contract/kyc/kyc';
import { uploadFile } from '@/lib/upload-file';

/**
 * An upload of a KYC file with its progress (0–1 while the bytes leave, `null` when none is under
 * way). A file already uploaded is not sent again (a retry of the submission after it failed), and
 * an upload still running when the screen goes away is cancelled.
 */
export function useKycFileUpload(purpose: FilePurpose) {
  const [progress, setProgress] = useState<number | null>(null);
  const uploaded = useRef(new WeakMap<Blob, string>());
  const controller = useRef<AbortController | null>(null);
  useEffect(() => () => controller.current?.abort(), []);

  const upload = async (file: Blob): Promise<string> => {
    const known = uploaded.current.get(file);
    if (known) return known;
    controller.current?.abort();
    const c = new AbortController();
    controller.current = c;
    setProgress(0);
    try {
      const { fileId } = await uploadFile({ purpose, file, onProgress: setProgress, signal: c.signal });
      uploaded.current.set(file, fileId);
      return fileId;
    } finally {
      if (controller.current === c) {
        controller.current = null;
        setProgress(null);
      }
    }
  };
  return { upload, progress };
}

/** The passport image (foreign track), uploaded as soon as it is chosen; answers the file's id. */
export function useUploadPassportImage() {
  const { upload, progress } = useKycFileUpload('passport_image');
  const mutation = useMutation({ mutationFn: upload });
  return { ...mutation, progress };
}
