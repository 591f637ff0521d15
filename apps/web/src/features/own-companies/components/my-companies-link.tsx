import { Anchor } from '@mantine/core';
import { paths } from '@sira/shared';
import { Link } from 'react-router';

const texts = { link: 'شركاتي: قائمتك الخاصة من الشركات' };

/** The way to /my-companies from the dashboard and the send page; apart from the page, so neither loads its code. */
export function MyCompaniesLink() {
  return (
    <Anchor component={Link} to={paths.myCompanies}>
      {texts.link}
    </Anchor>
  );
}
