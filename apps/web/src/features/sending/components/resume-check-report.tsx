import { Alert, Button, Checkbox, Group, List, Stack, Text, TextInput } from '@mantine/core';
import { sendingText } from '@sira/shared/messages/sending';
import type { UploadedResume } from '@sira/shared/schemas/sending';
import { useState } from 'react';
import { typedTextDirection } from '~/components/ui/auto-direction';
import { notify } from '~/lib/notify';
import { useRenameResume } from '../api/rename-resume';
import { resumeWarnings } from '../utils/resume-check';

/**
 * What the server read from the uploaded résumé, shown before anything is scheduled: its pages, what may cost the
 * applicant replies (to be confirmed once before sending), and a better attachment name when the file's own one
 * says nothing — which the applicant may edit and apply, or decline by keeping the name (one or the other before
 * sending).
 */
export function ResumeCheckReport({
  resume,
  accepted,
  onAcceptedChange,
  onRenamed,
  nameDecided,
  onKeepName,
  showAcceptError,
  disabled,
}: {
  resume: UploadedResume;
  accepted: boolean;
  onAcceptedChange: (accepted: boolean) => void;
  onRenamed: (name: string) => void;
  /** The applicant renamed the file or chose to keep its name. */
  nameDecided: boolean;
  onKeepName: () => void;
  /** After a send refused for want of the confirmation, the checkbox is marked. */
  showAcceptError: boolean;
  disabled: boolean;
}) {
  const warnings = resumeWarnings(resume.check);
  return (
    <Alert
      color={warnings.length > 0 ? 'yellow' : 'teal'}
      variant="light"
      title={sendingText.resumeCheckHeading}
      role="region"
      aria-label={sendingText.resumeCheckHeading}
    >
      <Stack gap="xs">
        <Text size="sm" c="gray.9">
          {sendingText.resumeCheckPages(resume.check.pages)}
        </Text>
        {warnings.length === 0 ? (
          <Text size="sm" c="gray.9">
            {sendingText.resumeCheckOk}
          </Text>
        ) : (
          <List size="sm" c="gray.9" spacing={4}>
            {warnings.map((warning) => (
              <List.Item key={warning}>{warning}</List.Item>
            ))}
          </List>
        )}
        {resume.check.suggestedName ? (
          nameDecided ? (
            <Text size="sm" c="gray.9" role="status">
              {sendingText.resumeRenamed(resume.name)}
            </Text>
          ) : (
            <RenameSuggestion
              resume={resume}
              suggested={resume.check.suggestedName}
              onRenamed={onRenamed}
              onKeepName={onKeepName}
              disabled={disabled}
            />
          )
        ) : null}
        {warnings.length > 0 ? (
          <Checkbox
            label={sendingText.resumeWarningsAccept}
            checked={accepted}
            onChange={(event) => onAcceptedChange(event.currentTarget.checked)}
            // Marked only: the form's one message (its alert) says why.
            error={showAcceptError && !accepted}
            disabled={disabled}
          />
        ) : null}
      </Stack>
    </Alert>
  );
}

function RenameSuggestion({
  resume,
  suggested,
  onRenamed,
  onKeepName,
  disabled,
}: {
  resume: UploadedResume;
  suggested: string;
  onRenamed: (name: string) => void;
  onKeepName: () => void;
  disabled: boolean;
}) {
  const rename = useRenameResume();
  const [name, setName] = useState(suggested);
  const apply = () => {
    rename.mutate(
      { id: resume.id, name },
      {
        onSuccess: (renamed) => onRenamed(renamed.name),
        onError: () => notify.error(sendingText.resumeRenameFailed),
      },
    );
  };
  return (
    <Stack gap={4}>
      <Text size="sm" c="gray.9">
        {sendingText.resumeRenameHint(resume.name)}
      </Text>
      <Group gap="xs" align="flex-end" wrap="wrap">
        <TextInput
          label={sendingText.resumeRenameLabel}
          value={name}
          onChange={(event) => setName(event.currentTarget.value)}
          ref={typedTextDirection}
          maxLength={120}
          disabled={disabled || rename.isPending}
          style={{ flex: '1 1 16rem' }}
        />
        <Button variant="default" onClick={apply} loading={rename.isPending} disabled={disabled || !name.trim()}>
          {sendingText.resumeRename}
        </Button>
        <Button variant="subtle" onClick={onKeepName} disabled={disabled || rename.isPending}>
          {sendingText.resumeKeepName}
        </Button>
      </Group>
    </Stack>
  );
}
