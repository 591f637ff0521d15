import { Anchor } from '@mantine/core';
import { paths } from '@sira/shared';
import { myDataText } from '@sira/shared/messages/my-data';
import { Link } from 'react-router';

/** The dashboard's way to the user's data page; apart from the page, so the dashboard loads none of its forms. */
export function MyDataLink() {
  return (
    <Anchor component={Link} to={paths.myData}>
      {myDataText.dashboardLink}
    </Anchor>
  );
}
