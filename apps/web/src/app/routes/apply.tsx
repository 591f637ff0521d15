import { Container, Stack, Text, Title } from '@mantine/core';
import { ar } from '@sira/shared';
import type { JobAdApplied as Applied } from '@sira/shared/schemas/job-ads';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { JobAdApplied } from '~/features/job-ads/components/job-ad-applied';
import { type JobAdChoice, JobAdReader } from '~/features/job-ads/components/job-ad-reader';
import { MailboxNeeded } from '~/features/job-ads/components/mailbox-needed';
import { jobAdText } from '~/features/job-ads/utils/texts';
import { mailboxStatusQueryOptions } from '~/features/mailbox/api/mailbox-queries';
import { JobAdApplicationForm } from '~/features/sending/components/job-ad-application-form';
import { useLiveSending } from '~/features/sending/hooks/use-live-sending';
import type { Route } from './+types/apply';

export const meta: Route.MetaFunction = () => [{ title: `${jobAdText.heading} | ${ar.app.name}` }, { name: 'robots', content: 'noindex' }];

/**
 * /apply (ADR 029): the post read and confirmed (features/job-ads), then the message sent through the sending
 * engine (features/sending); the outcome in place of both, with the way to the next ad.
 */
export default function Apply() {
  const mailbox = useQuery(mailboxStatusQueryOptions());
  useLiveSending();
  const [choice, setChoice] = useState<JobAdChoice | null>(null);
  const [faults, setFaults] = useState<readonly string[]>([]);
  const [applied, setApplied] = useState<Applied | null>(null);
  /** A new ad starts the reader afresh; the message and the résumé stay for it. */
  const [round, setRound] = useState(0);
  // Until the mailbox's state is known the form is not held back: the server refuses an unlinked send anyway.
  const linked = mailbox.data?.linked !== false;
  return (
    <Container size="sm" py="xl" px="md">
      <Stack gap="lg">
        <div>
          <Title order={1} fz={28}>
            {jobAdText.heading}
          </Title>
          <Text c="gray.8" mt={4}>
            {jobAdText.intro}
          </Text>
        </div>
        {linked ? null : <MailboxNeeded />}
        {applied ? (
          <JobAdApplied
            scheduled={applied.scheduled}
            onAnother={() => {
              setApplied(null);
              setChoice(null);
              setFaults([]);
              setRound((r) => r + 1);
            }}
          />
        ) : (
          <JobAdReader
            key={round}
            onChoice={(next) => {
              setChoice(next);
              setFaults([]);
            }}
            faults={faults}
            disabled={false}
          />
        )}
        <JobAdApplicationForm choice={applied ? null : choice} linked={linked} onFault={setFaults} onApplied={setApplied} />
      </Stack>
    </Container>
  );
}
