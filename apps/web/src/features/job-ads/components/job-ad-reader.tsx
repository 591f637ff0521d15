import { Button, Card, Stack, Text, Textarea, Title } from '@mantine/core';
import { JOB_AD_TEXT_MAX, type JobAdReading } from '@sira/shared/schemas/job-ads';
import { useEffect, useRef, useState } from 'react';
import { ApiRequestError } from '~/lib/api-client';
import { notify } from '~/lib/notify';
import { useReadJobAd } from '../api/read-job-ad';
import { initiallyChosen, readErrorText } from '../utils/job-ad-reading';
import { jobAdText as texts } from '../utils/texts';
import { type JobAdConfirmed, type JobAdField, JobAdFindings } from './job-ad-findings';

/** What the user confirmed of the post: the text as read, the addresses chosen, the job and the company. */
export interface JobAdChoice extends JobAdConfirmed {
  text: string;
}

/**
 * The post and what the server read from it. The user pastes the post and asks for it to be read; the findings
 * (job-ad-findings.tsx) start from what was read and are the user's to correct. `onChoice` hears the choice as it
 * changes: null before a reading, when no address may be written to, or once the post is edited after its
 * reading (the application carries the text that was read, so it is read again first). `faults`: the fields
 * an application was refused for, marked, the first one focused.
 */
export function JobAdReader({
  onChoice,
  faults,
  disabled,
}: {
  onChoice: (choice: JobAdChoice | null) => void;
  faults: readonly string[];
  disabled: boolean;
}) {
  const read = useReadJobAd();
  const [post, setPost] = useState('');
  /** What the server read, and the text it read it from. */
  const [reading, setReading] = useState<{ text: string; result: JobAdReading } | null>(null);
  const [confirmed, setConfirmed] = useState<JobAdConfirmed>({ emails: [], jobTitle: '', companyName: '' });
  const [problem, setProblem] = useState<string | null>(null);
  const findingsRef = useRef<HTMLHeadingElement>(null);
  const stale = reading !== null && reading.text !== post;
  const reachable = reading?.result.addresses.some((a) => a.blocked === null) ?? false;

  // The parent keeps the choice; reported whenever what it is made of changes.
  // biome-ignore lint/correctness/useExhaustiveDependencies: onChoice is the parent's setter, called on the choice's own changes.
  useEffect(() => {
    onChoice(reading && reachable && !stale ? { text: reading.text, ...confirmed } : null);
  }, [reading, reachable, stale, confirmed]);

  // What was found is where the user reads next: on a phone it is below the fold.
  useEffect(() => {
    if (reading) findingsRef.current?.focus();
  }, [reading]);

  useEffect(() => {
    const first = faults.find((field): field is JobAdField => field === 'emails' || field === 'jobTitle' || field === 'companyName');
    if (!first) return;
    const field = document.getElementById(`job-ad-${first}`);
    (first === 'emails' ? field?.querySelector<HTMLElement>('input:not([disabled])') : field)?.focus();
  }, [faults]);

  const readPost = () => {
    setProblem(null);
    if (post.trim() === '') return setProblem(texts.postRequired);
    const text = post;
    read.mutate(text, {
      onSuccess: (result) => {
        setReading({ text, result });
        setConfirmed({ emails: initiallyChosen(result.addresses), jobTitle: result.jobTitle ?? '', companyName: result.companyName ?? '' });
      },
      onError: (error) => {
        const message = readErrorText(error instanceof ApiRequestError ? error.code : undefined);
        setProblem(message);
        notify.error(message);
      },
    });
  };

  return (
    <>
      <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="job-ad-post-heading">
        <Stack gap="sm">
          <Title order={2} fz="xl" id="job-ad-post-heading">
            {texts.postLabel}
          </Title>
          <Textarea
            aria-labelledby="job-ad-post-heading"
            placeholder={texts.postPlaceholder}
            value={post}
            onChange={(event) => {
              setPost(event.currentTarget.value);
              setProblem(null);
            }}
            autosize
            minRows={8}
            maxRows={20}
            maxLength={JOB_AD_TEXT_MAX}
            dir="auto"
            error={problem}
            disabled={read.isPending || disabled}
            // 16px: a phone's browser does not zoom into the field when it is focused.
            styles={{ input: { fontFamily: 'inherit', fontSize: 16 } }}
            data-testid="job-ad-post"
          />
          {stale ? (
            <Text size="sm" c="orange.9" role="status">
              {texts.postChanged}
            </Text>
          ) : null}
          <Button size="md" onClick={readPost} loading={read.isPending} disabled={disabled} style={{ alignSelf: 'flex-start' }}>
            {texts.read}
          </Button>
          {read.isPending ? (
            <Text size="sm" c="gray.8" role="status">
              {texts.reading}
            </Text>
          ) : null}
        </Stack>
      </Card>
      {reading ? (
        <JobAdFindings
          reading={reading.result}
          headingRef={findingsRef}
          value={confirmed}
          onChange={setConfirmed}
          faults={faults}
          disabled={disabled}
        />
      ) : null}
    </>
  );
}
