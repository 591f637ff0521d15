import { Alert, Button, Text } from '@mantine/core';
import { ar } from '@sira/shared';
import type { ReactNode } from 'react';

/**
 * What a panel shows when its data could not be loaded: an alert (announced at once, so a screen reader
 * user learns the page is not empty but failed) with a button that asks again. One component so every
 * panel fails the same way and the retry button keeps the contrast it was tuned for (red.9 on red).
 */
export function LoadError({
  title,
  detail,
  retryLabel = ar.errors.retry,
  query,
}: {
  title: ReactNode;
  /** The server's or network's own words, under the title, where the panel has something useful to add. */
  detail?: ReactNode;
  retryLabel?: string;
  /** The query that failed: the button asks it again and shows busy while it does, so one click is enough. */
  query: { refetch: () => unknown; isFetching: boolean };
}) {
  return (
    <Alert color="red" role="alert" title={title}>
      {detail ? <Text size="sm">{detail}</Text> : null}
      <Button mt="sm" color="red.9" onClick={() => query.refetch()} loading={query.isFetching}>
        {retryLabel}
      </Button>
    </Alert>
  );
}
