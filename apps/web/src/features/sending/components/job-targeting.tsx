import { Text } from '@mantine/core';
import { targetingText } from '@sira/shared/messages/sending';
import type { SendJobSummary } from '@sira/shared/schemas/sending';
import { withLtrRuns } from '~/components/ui/ltr-runs';

/** Which companies a send was narrowed to, under its subject on the dashboard. */
export function JobTargeting({ targeting }: { targeting: SendJobSummary['targeting'] }) {
  const parts = [
    ...(targeting.sectors.length > 0 ? [targetingText.jobSectors(targeting.sectors)] : []),
    ...(targeting.cities.length > 0 ? [targetingText.jobCities(targeting.cities)] : []),
  ];
  return (
    <Text size="xs" c="gray.8" data-testid="job-targeting">
      {parts.length > 0 ? withLtrRuns(parts.join(' · ')) : targetingText.jobAll}
    </Text>
  );
}
