import { isKnownCode, messageForCode, TOAST_RETRY_EXHAUSTED_MS } from '@sira/shared';
import { sendingMessage, sendingText } from '@sira/shared/messages/sending';
import type { UploadedResume } from '@sira/shared/schemas/sending';
import { useState } from 'react';
import { ApiRequestError } from '~/lib/api-client';
import { useUploadResume } from '../api/upload-resume';
import { resumeWarnings } from '../utils/resume-check';
import { isTransient } from '../utils/retry';

/** Why the résumé cannot go yet, as the form shows it; `autoClose`: how long its toast stays. */
export type ResumeProblem = { kind: 'text'; text: string; autoClose?: number } | { kind: 'no-balance' };

/** What the form does with the résumé when the user submits: send with it, or say why not. */
export type ResumeReadiness = { resume: UploadedResume } | { problem: ResumeProblem };

/**
 * The résumé of a send (/send-resume, /apply): uploaded when the user submits (retried on network and server
 * failures) and not uploaded twice for the same file, then held back until the user has read what its check
 * found and chosen the name the companies see. `onAccepted` and `onNamed` hear the user's decisions, so the
 * form can take away the message that asked for them.
 */
export function useResumeAttachment({ onAccepted, onNamed }: { onAccepted?: () => void; onNamed?: () => void } = {}) {
  const upload = useUploadResume();
  const [uploaded, setUploaded] = useState<{ file: File; resume: UploadedResume } | null>(null);
  /** null while no upload runs; else the retry under way (0: the first try). */
  const [uploading, setUploading] = useState<number | null>(null);
  /** The uploaded résumé whose check's warnings the user has confirmed reading (ResumeCheckReport). */
  const [acceptedResumeId, setAcceptedResumeId] = useState<string | null>(null);
  /** The uploaded résumé whose uninformative name the user renamed or chose to keep (ResumeCheckReport). */
  const [namedResumeId, setNamedResumeId] = useState<string | null>(null);
  const [showAcceptError, setShowAcceptError] = useState(false);

  const nameChosen = (resumeId: string) => {
    setNamedResumeId(resumeId);
    onNamed?.();
  };

  const uploadOnce = async (file: File): Promise<ResumeReadiness> => {
    if (uploaded?.file === file) return { resume: uploaded.resume };
    setUploading(0);
    try {
      const resume = await upload.mutateAsync({ file, onRetry: (retry) => setUploading(retry) });
      setUploaded({ file, resume });
      return { resume };
    } catch (error) {
      const code = error instanceof ApiRequestError ? error.code : undefined;
      // After the retries, the spec's upload failure (shown longer: retries were exhausted); a refusal of the file itself says why.
      if (isTransient(error)) return { problem: { kind: 'text', text: sendingText.uploadFailed, autoClose: TOAST_RETRY_EXHAUSTED_MS } };
      if (code === 'NO_BALANCE') return { problem: { kind: 'no-balance' } };
      const known = code !== 'INTERNAL' && isKnownCode(code) ? messageForCode(code) : undefined;
      return { problem: { kind: 'text', text: sendingMessage(code) ?? known ?? sendingText.uploadFailed } };
    } finally {
      setUploading(null);
    }
  };

  /** Uploads the file if it is not yet, and says whether the send may go with it. */
  const ready = async (file: File): Promise<ResumeReadiness> => {
    const outcome = await uploadOnce(file);
    if (!('resume' in outcome)) return outcome;
    const { resume } = outcome;
    // Nothing is scheduled, and no credit spent, until the user has read what the check found and said go.
    if (resumeWarnings(resume.check).length > 0 && acceptedResumeId !== resume.id) {
      setShowAcceptError(true);
      return { problem: { kind: 'text', text: sendingText.resumeWarningsMustAccept } };
    }
    // A device's file name (Document.pdf, scan0001.pdf) is what every company would see: the user chooses first.
    if (resume.check.suggestedName && namedResumeId !== resume.id) {
      return { problem: { kind: 'text', text: sendingText.resumeNameMustDecide } };
    }
    return { resume };
  };

  return {
    ready,
    /** The retry under way while the file uploads (0: the first try), else null. */
    uploading,
    /** The server no longer has the uploaded file: the next submit uploads it again. */
    forget: () => setUploaded(null),
    /** What ResumeCheckReport shows and hears, for the file now chosen (null when it is not uploaded yet). */
    report(file: File | null) {
      if (!uploaded || uploaded.file !== file) return null;
      const { resume } = uploaded;
      return {
        resume,
        accepted: acceptedResumeId === resume.id,
        onAcceptedChange: (accepted: boolean) => {
          setAcceptedResumeId(accepted ? resume.id : null);
          if (accepted) onAccepted?.();
        },
        onRenamed: (name: string) => {
          setUploaded({ file: uploaded.file, resume: { ...resume, name } });
          nameChosen(resume.id);
        },
        nameDecided: namedResumeId === resume.id,
        onKeepName: () => nameChosen(resume.id),
        showAcceptError,
      };
    },
  };
}
