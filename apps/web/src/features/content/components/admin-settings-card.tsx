import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { FormError } from '~/components/ui/form-error';

/**
 * One settings form of the footer tab (text and contact, social links): a titled card with its hint, the
 * fields, the form's error and a save button.
 */
export function AdminSettingsCard({
  headingId,
  title,
  hint,
  error,
  submitLabel,
  saving,
  onSubmit,
  children,
}: {
  headingId: string;
  title: string;
  hint: string;
  error: string | null;
  submitLabel: string;
  saving: boolean;
  onSubmit: () => void;
  children: ReactNode;
}) {
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby={headingId}>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          onSubmit();
        }}
      >
        <Stack>
          <div>
            <Title order={3} id={headingId} fz="lg">
              {title}
            </Title>
            <Text size="sm" c="gray.8">
              {hint}
            </Text>
          </div>
          {children}
          <FormError error={error} />
          <Group justify="flex-end">
            <Button type="submit" loading={saving}>
              {submitLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
