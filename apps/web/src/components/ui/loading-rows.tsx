import { Skeleton, Stack } from '@mantine/core';

/**
 * Placeholder rows while a panel's data loads. The region is marked busy, so assistive technology waits for
 * the content instead of reading out empty bars.
 */
export function LoadingRows({
  count,
  height = 36,
  gap = 'xs',
  testId,
}: {
  count: number;
  height?: number;
  gap?: 'xs' | 'sm';
  testId?: string;
}) {
  return (
    <Stack gap={gap} aria-busy="true" data-testid={testId}>
      {Array.from({ length: count }, (_, row) => row).map((row) => (
        <Skeleton key={row} height={height} radius="sm" />
      ))}
    </Stack>
  );
}
