import { Alert, Anchor, Stack, Text } from '@mantine/core';
import { paths } from '@sira/shared';
import { Link } from 'react-router';
import { jobAdText as texts } from '../utils/texts';

/** An application leaves from the user's own mailbox: without a linked one, the way to link it (/send-resume's panel). */
export function MailboxNeeded() {
  return (
    <Alert color="yellow" role="status" data-testid="job-ad-not-linked">
      <Stack gap={4}>
        <Text size="sm" c="dark.9">
          {texts.linkFirst}
        </Text>
        <Anchor component={Link} to={paths.sendResume} size="sm" fw={700} c="dark.9" td="underline">
          {texts.linkAction}
        </Anchor>
      </Stack>
    </Alert>
  );
}
