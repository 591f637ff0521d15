import type { useResumeAttachment } from '../hooks/use-resume-attachment';
import { ResumeCheckReport } from './resume-check-report';
import { ResumeFileField } from './resume-file-field';

/** The résumé picker and, once the chosen file is uploaded, what its check found (useResumeAttachment). */
export function ResumeAttachment({
  attachment,
  value,
  onChange,
  onPick,
  disabled,
}: {
  attachment: ReturnType<typeof useResumeAttachment>;
  value: File | null;
  onChange: (file: File | null) => void;
  onPick?: () => void;
  disabled: boolean;
}) {
  const report = attachment.report(value);
  return (
    <>
      <ResumeFileField value={value} onChange={onChange} onPick={onPick} disabled={disabled} />
      {report ? <ResumeCheckReport {...report} disabled={disabled} /> : null}
    </>
  );
}
