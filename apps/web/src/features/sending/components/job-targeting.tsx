import { Text } from '@mantine/core';
import { targetingText } from '@sira/shared/messages/sending';
import type { SendJobSummary } from '@sira/shared/schemas/sending';
import { withLtrRuns } from '~/components/ui/ltr-runs';

/** Which companies a send was narrowed to, and when its messages may leave, under its subject on the dashboard. */
export function JobTargeting({ job }: { job: Pick<SendJobSummary, 'targeting' | 'sendWindow'> }) {
  const { targeting } = job;
  const parts = [
    ...(targeting.sectors.length > 0 ? [targetingText.jobSectors(targeting.sectors)] : []),
    ...(targeting.cities.length > 0 ? [targetingText.jobCities(targeting.cities)] : []),
  ];
  const companies = parts.length > 0 ? parts.join(' · ') : targetingText.jobAll;
  const when = job.sendWindow === 'working_hours' ? targetingText.jobWorkingHours : targetingText.jobAnyTime;
  return (
    <Text size="xs" c="gray.8" data-testid="job-targeting">
      {withLtrRuns(`${companies} · ${when}`)}
    </Text>
  );
}
