import { Container, Group, Stack } from '@mantine/core';
import { ar } from '@sira/shared';
import { MyCompaniesLink } from '~/features/own-companies/components/my-companies-link';
import { SendingActivity } from '~/features/sending/components/sending-activity';
import { SendingOverviewPanel } from '~/features/sending/components/sending-overview-panel';
import { useLiveSending } from '~/features/sending/hooks/use-live-sending';
import { MyDataLink } from '~/features/users/components/my-data-link';
import { RetentionNotice } from '~/features/users/components/retention-notice';
import { SignInsCard } from '~/features/users/components/sign-ins-card';
import type { Route } from './+types/dashboard';

export const meta: Route.MetaFunction = () => [{ title: `لوحة التحكم | ${ar.app.name}` }, { name: 'robots', content: 'noindex' }];

/** /dashboard (spec §2): the account header and tiles, then the sending status, kept live over SSE. */
export default function Dashboard() {
  useLiveSending();
  return (
    <Container size="lg" py="xl">
      <Stack gap="xl">
        <SendingOverviewPanel />
        <SendingActivity />
        <RetentionNotice />
        <SignInsCard />
        <Group gap="lg">
          <MyCompaniesLink />
          <MyDataLink />
        </Group>
      </Stack>
    </Container>
  );
}
