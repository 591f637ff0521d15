import { Container } from '@mantine/core';
import { ar } from '@sira/shared';
import { ProfileOverviewPanel } from '~/features/profiles/components/profile-overview';
import type { Route } from './+types/dashboard';

export const meta: Route.MetaFunction = () => [{ title: `لوحة التحكم | ${ar.app.name}` }, { name: 'robots', content: 'noindex' }];

export default function Dashboard() {
  return (
    <Container size="lg" py="xl">
      <ProfileOverviewPanel />
    </Container>
  );
}
