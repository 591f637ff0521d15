import { Container } from '@mantine/core';
import { ar } from '@sira/shared';
import { myDataText } from '@sira/shared/messages/my-data';
import { MyDataPage } from '~/features/users/my-data-page';
import type { Route } from './+types/my-data';

export const meta: Route.MetaFunction = () => [{ title: `${myDataText.title} | ${ar.app.name}` }, { name: 'robots', content: 'noindex' }];

export default function MyData() {
  return (
    <Container size="md" py="xl">
      <MyDataPage />
    </Container>
  );
}
