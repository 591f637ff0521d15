import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { paths } from '@sira/shared';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { jobAdText as texts } from '../utils/texts';

/** The application is on its way: how many messages, the way to follow them, and the way to the next ad. */
export function JobAdApplied({ scheduled, onAnother }: { scheduled: number; onAnother: () => void }) {
  const ref = useRef<HTMLDivElement>(null);
  // The outcome replaces the form the user was at the bottom of: focus (and a phone's view) moves to it.
  useEffect(() => ref.current?.focus(), []);
  return (
    <Alert color="teal" title={texts.doneTitle} role="status" data-testid="job-ad-applied" ref={ref} tabIndex={-1}>
      <Stack gap="sm">
        <Text size="sm" c="dark.9">
          {texts.done(scheduled)}
        </Text>
        <Group gap="sm">
          <Button component={Link} to={paths.dashboard} color="teal.9">
            {texts.toDashboard}
          </Button>
          <Button variant="default" onClick={onAnother}>
            {texts.another}
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}
