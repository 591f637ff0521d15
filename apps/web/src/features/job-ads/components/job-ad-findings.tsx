import { Alert, Card, Checkbox, Stack, Text, TextInput, Title } from '@mantine/core';
import { DISPLAY_LOCALE, DISPLAY_TIME_ZONE } from '@sira/shared';
import type { JobAdReading } from '@sira/shared/schemas/job-ads';
import type { Ref } from 'react';
import { withLtrRuns } from '~/components/ui/ltr-runs';
import { blockedReason } from '../utils/job-ad-reading';
import { jobAdText as texts } from '../utils/texts';

/** What the user confirms or corrects of what was read. */
export interface JobAdConfirmed {
  emails: string[];
  jobTitle: string;
  companyName: string;
}
export type JobAdField = keyof JobAdConfirmed;

/** The id of a field's input (or group), which the reader focuses when an application is refused for it. */
const fieldId = (field: JobAdField) => `job-ad-${field}`;

const date = new Intl.DateTimeFormat(DISPLAY_LOCALE, { dateStyle: 'long', timeZone: DISPLAY_TIME_ZONE });
const formatDate = (iso: string) => date.format(new Date(iso));

/**
 * What the server found in the post: each address with a box to choose it (one this user may no longer write
 * to is shown disabled, with why), and the job title and company, which the user may correct. A post without
 * an address says so, and where else to look.
 */
export function JobAdFindings({
  reading,
  headingRef,
  value: values,
  onChange: change,
  faults,
  disabled,
}: {
  reading: JobAdReading;
  headingRef: Ref<HTMLHeadingElement>;
  value: JobAdConfirmed;
  onChange: (next: JobAdConfirmed) => void;
  faults: readonly string[];
  disabled: boolean;
}) {
  const onChange = <K extends JobAdField>(field: K, next: JobAdConfirmed[K]) => change({ ...values, [field]: next });
  const faulty = (field: JobAdField) => faults.includes(field);
  const none = reading.addresses.length === 0;
  const allBlocked = !none && reading.addresses.every((a) => a.blocked !== null);
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="job-ad-found-heading" data-testid="job-ad-findings">
      <Stack gap="md">
        <Title order={2} fz="xl" id="job-ad-found-heading" ref={headingRef} tabIndex={-1}>
          {texts.foundHeading}
        </Title>
        {none ? (
          <Alert color="yellow" role="status" title={texts.noAddress} data-testid="job-ad-no-address">
            <Text size="sm" c="dark.9">
              {texts.noAddressHint}
            </Text>
          </Alert>
        ) : (
          <div id={fieldId('emails')}>
            <Checkbox.Group
              label={texts.addressesLabel}
              description={texts.addressesHint}
              value={values.emails}
              onChange={(emails) => onChange('emails', emails)}
              error={faulty('emails')}
            >
              <Stack gap="sm" mt="xs">
                {reading.addresses.map((address) => {
                  const reason = blockedReason(address, formatDate);
                  return (
                    <Checkbox
                      key={address.email}
                      value={address.email}
                      label={<bdi dir="ltr">{address.email}</bdi>}
                      description={reason ? withLtrRuns(reason) : undefined}
                      disabled={disabled || reason !== null}
                      data-testid="job-ad-address"
                      styles={{ description: { color: 'var(--mantine-color-gray-8)' } }}
                    />
                  );
                })}
              </Stack>
            </Checkbox.Group>
          </div>
        )}
        {allBlocked ? (
          <Alert color="orange" role="status">
            <Text size="sm" c="dark.9">
              {texts.allBlocked}
            </Text>
          </Alert>
        ) : null}
        {none || allBlocked ? null : (
          <>
            <TextInput
              id={fieldId('jobTitle')}
              label={texts.jobTitle}
              description={withLtrRuns(texts.jobTitleHint)}
              value={values.jobTitle}
              onChange={(event) => onChange('jobTitle', event.currentTarget.value)}
              error={faulty('jobTitle')}
              maxLength={200}
              withAsterisk
              dir="auto"
              disabled={disabled}
            />
            <TextInput
              id={fieldId('companyName')}
              label={texts.companyName}
              description={withLtrRuns(texts.companyNameHint)}
              value={values.companyName}
              onChange={(event) => onChange('companyName', event.currentTarget.value)}
              error={faulty('companyName')}
              maxLength={300}
              withAsterisk
              dir="auto"
              disabled={disabled}
            />
          </>
        )}
      </Stack>
    </Card>
  );
}
