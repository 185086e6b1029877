import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { uploadFile } from '@/lib/upload-file';

/**
 * The photo of the bank receipt (`POST /files?purpose=deposit_receipt`, decision 018), uploaded as soon
 * as it is chosen, with its progress (0–1 while the bytes leave, `null` when none is under way); answers
 * the file's id. An upload still running when another photo is chosen, or the page goes away, is cancelled.
 */
export function useUploadReceipt() {
  const [progress, setProgress] = useState<number | null>(null);
  const controller = useRef<AbortController | null>(null);
  useEffect(() => () => controller.current?.abort(), []);

  const mutation = useMutation({
    mutationFn: async (file: Blob): Promise<string> => {
      controller.current?.abort();
      const c = new AbortController();
      controller.current = c;
      setProgress(0);
      try {
        const { fileId } = await uploadFile({
          purpose: 'deposit_receipt',
          file,
          onProgress: setProgress,
          signal: c.signal,
        });
        return fileId;
      } finally {
        if (controller.current === c) {
          controller.current = null;
          setProgress(null);
        }
      }
    },
  });
  return { ...mutation, progress };
}
