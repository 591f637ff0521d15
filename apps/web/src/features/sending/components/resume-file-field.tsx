import { FileInput, Text } from '@mantine/core';
import { sendingText } from '@sira/shared/messages/sending';
import { useState } from 'react';
import { notify } from '~/lib/notify';
import { formatFileSize, resumeFileProblem } from '../utils/resume-file';

const texts = {
  label: 'ملف السيرة الذاتية (PDF)',
  placeholder: 'اختر ملف PDF',
  chosen: (size: string) => `حجم الملف: ${size}`,
};

/**
 * The résumé picker (spec §5: PDF only, up to 5MB). A refused file replaces the previous choice — the user
 * picked it to replace that one, and the old name beside the refusal read as if it were still attached — and
 * the field says why, inline and as a toast. `onPick` hears of every pick, refused ones too, so the form can
 * drop a message about the file picked before.
 */
export function ResumeFileField({
  value,
  onChange,
  onPick,
  disabled,
}: {
  value: File | null;
  onChange: (file: File | null) => void;
  onPick?: () => void;
  disabled: boolean;
}) {
  const [problem, setProblem] = useState<string | null>(null);
  const choose = (file: File | null) => {
    onPick?.();
    const refused = file ? resumeFileProblem(file) : null;
    setProblem(refused);
    if (refused) notify.error(refused);
    onChange(refused ? null : file);
  };
  return (
    <div>
      <FileInput
        label={texts.label}
        description={sendingText.resumeSizeHint}
        placeholder={texts.placeholder}
        accept="application/pdf,.pdf"
        value={value}
        onChange={choose}
        clearable
        clearButtonProps={{ 'aria-label': 'إزالة الملف' }}
        disabled={disabled}
        error={problem}
        withAsterisk
      />
      {value && !problem ? (
        <Text size="sm" c="gray.8" mt={4}>
          {texts.chosen(formatFileSize(value.size))}
        </Text>
      ) : null}
    </div>
  );
}
