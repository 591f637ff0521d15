import { Container } from '@mantine/core';
import { ar } from '@sira/shared';
import { MyCompaniesPage, myCompaniesTitle } from '~/features/own-companies/components/my-companies-page';
import type { Route } from './+types/my-companies';

export const meta: Route.MetaFunction = () => [{ title: `${myCompaniesTitle} | ${ar.app.name}` }, { name: 'robots', content: 'noindex' }];

export default function MyCompanies() {
  return (
    <Container size="lg" py="xl">
      <MyCompaniesPage />
    </Container>
  );
}
