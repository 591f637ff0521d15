import { Text } from '@mantine/core';

/** A form's error under its fields, read out by screen readers as soon as it appears. */
export function FormError({ error }: { error: string | null | undefined }) {
  if (!error) return null;
  return (
    <Text c="red.8" size="sm" role="alert">
      {error}
    </Text>
  );
}
