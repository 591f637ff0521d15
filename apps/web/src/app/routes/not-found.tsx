import { Button, Container, Text, Title } from '@mantine/core';
import { ar, paths } from '@sira/shared';
import { Link } from 'react-router';
import type { Route } from './+types/not-found';

export const meta: Route.MetaFunction = () => [
  { title: `${ar.app.notFoundTitle} | ${ar.app.name}` },
  { name: 'robots', content: 'noindex' },
];

export default function NotFound() {
  return (
    <Container size="sm" py={80} style={{ textAlign: 'center' }}>
      <Text fz={72} fw={700} c="teal.8" aria-hidden="true">
        404
      </Text>
      <Title order={1} mb="md">
        {ar.app.notFoundTitle}
      </Title>
      <Text c="gray.8" mb="xl">
        {ar.app.notFoundBody}
      </Text>
      <Button component={Link} to={paths.home} size="md">
        {ar.app.backHome}
      </Button>
    </Container>
  );
}
