import { Text } from '@mantine/core';
import { targetingText } from '@sira/shared/messages/sending';
import type { SendJobSummary } from '@sira/shared/schemas/sending';
import { withLtrRuns } from '~/components/ui/ltr-runs';
import { jobSourceLabel } from '../utils/target-source';

/**
 * Whom a send reached (the directory, the user's own companies, both, or a job ad), which companies of the
 * directory it was narrowed to, and when its messages may leave, under its subject on the dashboard.
 */
export function JobTargeting({ job }: { job: Pick<SendJobSummary, 'targeting' | 'sendWindow' | 'source'> }) {
  const { targeting, source } = job;
  // Sectors and cities narrow the directory only: a send without it says only whom it reached.
  const narrowed =
    source === 'directory' || source === 'both'
      ? [
          ...(targeting.sectors.length > 0 ? [targetingText.jobSectors(targeting.sectors)] : []),
          ...(targeting.cities.length > 0 ? [targetingText.jobCities(targeting.cities)] : []),
        ]
      : [];
  const companies = [jobSourceLabel[source], ...(narrowed.length > 0 || source !== 'directory' ? narrowed : [targetingText.jobAll])].join(
    ' · ',
  );
  const when = job.sendWindow === 'working_hours' ? targetingText.jobWorkingHours : targetingText.jobAnyTime;
  return (
    <Text size="xs" c="gray.8" data-testid="job-targeting">
      {withLtrRuns(`${companies} · ${when}`)}
    </Text>
  );
}
