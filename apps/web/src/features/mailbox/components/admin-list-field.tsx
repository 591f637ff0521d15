import { Button, Fieldset, Group, Stack, Text, TextInput } from '@mantine/core';
import { mailboxAdminText as t } from '@sira/shared/messages/mailbox-admin';
import { useId, useState } from 'react';

/**
 * An editable list of values (redirect URIs, JavaScript origins, scopes): each shown with a remove button,
 * and a field to add one more, checked as it is added so a bad value never enters the list.
 */
export function AdminListField({
  legend,
  inputLabel,
  items,
  onChange,
  isValid,
  invalidMessage,
  error,
  disabled,
  testId,
  onDraftChange,
}: {
  legend: string;
  inputLabel: string;
  items: string[];
  onChange: (items: string[]) => void;
  isValid: (value: string) => boolean;
  invalidMessage: string;
  /** A problem with the list as a whole (e.g. empty), shown under it. */
  error?: string | undefined;
  disabled?: boolean;
  testId: string;
  /** The value typed but not yet added: the form refuses to save while one waits, rather than drop it. */
  onDraftChange?: (draft: string) => void;
}) {
  const [draft, setDraft] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const errorId = useId();

  const add = () => {
    const value = draft.trim();
    if (!isValid(value)) return setProblem(invalidMessage);
    if (items.includes(value)) return setProblem(t.duplicate);
    onChange([...items, value]);
    setDraft('');
    onDraftChange?.('');
    setProblem(null);
  };

  return (
    <Fieldset legend={legend} data-testid={testId} aria-describedby={error ? errorId : undefined}>
      <Stack gap="xs">
        {items.length === 0 ? (
          <Text size="sm" c="gray.7">
            {t.emptyList}
          </Text>
        ) : (
          <Stack component="ul" gap={4} m={0} p={0} style={{ listStyle: 'none' }}>
            {items.map((item) => (
              <Group component="li" key={item} justify="space-between" wrap="nowrap" gap="xs">
                <Text size="sm" dir="ltr" style={{ overflowWrap: 'anywhere' }}>
                  {item}
                </Text>
                <Button
                  size="compact-sm"
                  variant="outline"
                  color="red.9"
                  aria-label={t.removeItem(item)}
                  disabled={disabled}
                  onClick={() => onChange(items.filter((i) => i !== item))}
                >
                  {t.remove}
                </Button>
              </Group>
            ))}
          </Stack>
        )}
        <Group align="flex-start" wrap="nowrap" gap="xs">
          <TextInput
            style={{ flex: 1 }}
            label={inputLabel}
            dir="ltr"
            value={draft}
            disabled={disabled}
            error={problem}
            onChange={(event) => {
              setDraft(event.currentTarget.value);
              onDraftChange?.(event.currentTarget.value);
              setProblem(null);
            }}
            onKeyDown={(event) => {
              // Enter adds the value rather than submitting the whole form.
              if (event.key === 'Enter') {
                event.preventDefault();
                add();
              }
            }}
          />
          <Button variant="light" mt={25} onClick={add} disabled={disabled}>
            {t.addItem}
          </Button>
        </Group>
        {error ? (
          <Text size="sm" c="red.9" id={errorId} role="alert">
            {error}
          </Text>
        ) : null}
      </Stack>
    </Fieldset>
  );
}
