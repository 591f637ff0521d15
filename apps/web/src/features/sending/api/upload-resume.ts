import { UPLOAD_RETRY } from '@sira/shared';
import { contract } from '@sira/shared/contract';
import { useMutation } from '@tanstack/react-query';
import { upload } from '~/lib/api-client';
import { withRetry } from '../utils/retry';

export const uploadResume = (file: File) => {
  const form = new FormData();
  form.append('file', file, file.name);
  return upload(contract.sending.uploadResume, form);
};

/** Spec §8/§9: the upload is retried 3 times on network or server failures, 2 s doubling up to 10 s. */
export const uploadPolicy = { retries: UPLOAD_RETRY.attempts, baseDelayMs: UPLOAD_RETRY.baseDelayMs, maxDelayMs: UPLOAD_RETRY.maxDelayMs };

export interface UploadResumeInput {
  file: File;
  /** Called before each retry with its number (1…3), so the page can say it is trying again. */
  onRetry?: (retry: number) => void;
}

export const useUploadResume = () =>
  useMutation({
    mutationFn: ({ file, onRetry }: UploadResumeInput) => withRetry(() => uploadResume(file), { policy: uploadPolicy, onRetry }),
  });
