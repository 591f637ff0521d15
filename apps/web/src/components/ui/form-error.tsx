import { Text } from '@mantine/core';
import { withLtrRuns } from './ltr-runs';

/**
 * A form's error under its fields, read out by screen readers as soon as it appears — unless a toast with the
 * same words already is (`announced={false}`): the account forms show both (spec §4), and one announcement
 * is enough.
 */
export function FormError({ error, announced = true }: { error: string | null | undefined; announced?: boolean }) {
  if (!error) return null;
  return (
    <Text c="red.8" size="sm" role={announced ? 'alert' : undefined}>
      {withLtrRuns(error)}
    </Text>
  );
}
