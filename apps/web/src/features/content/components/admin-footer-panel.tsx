import { Button, Group, Skeleton, Stack, Title } from '@mantine/core';
import { footerAdminText as t } from '@sira/shared/messages/content-admin';
import { useState } from 'react';
import { LoadError } from '~/components/ui/load-error';
import { useErrorToast } from '~/lib/use-error-toast';
import { useAdminFooter } from '../api/admin-get-footer';
import { AdminFooterContactForm } from './admin-footer-contact-form';
import { AdminFooterLinkDialog } from './admin-footer-link-dialog';
import { AdminFooterLinksTable } from './admin-footer-links-table';
import { AdminFooterSectionDialog } from './admin-footer-section-dialog';
import { AdminFooterSectionsTable } from './admin-footer-sections-table';
import { AdminSocialLinksForm } from './admin-social-links-form';

function FooterSkeleton() {
  return (
    <Stack gap="sm" aria-busy="true" data-testid="footer-admin-skeleton">
      <Skeleton height={160} />
      {[0, 1, 2, 3].map((i) => (
        <Skeleton key={i} height={36} />
      ))}
    </Stack>
  );
}

/** The admin footer tab (spec §2): social links, footer sections and footer links. */
export function AdminFooterPanel() {
  const footer = useAdminFooter();
  useErrorToast(footer, t.loadFailed);
  const [addingSection, setAddingSection] = useState(false);
  const [addingLink, setAddingLink] = useState(false);
  const data = footer.data;

  return (
    <Stack component="section" aria-labelledby="footer-heading" gap="xl">
      <Title order={2} id="footer-heading" fz="xl">
        {t.heading}
      </Title>
      {footer.isPending ? <FooterSkeleton /> : null}
      {footer.isError ? <LoadError title={t.loadFailed} retryLabel={t.retry} query={footer} /> : null}
      {data ? (
        <>
          <AdminFooterContactForm initial={data.contact} />
          <AdminSocialLinksForm initial={data.social} />
          <Stack component="section" aria-labelledby="sections-heading">
            <Group justify="space-between">
              <Title order={3} id="sections-heading" fz="lg">
                {t.sectionsHeading}
              </Title>
              <Button onClick={() => setAddingSection(true)}>{t.addSection}</Button>
            </Group>
            <AdminFooterSectionsTable sections={data.sections} links={data.links} />
          </Stack>
          <Stack component="section" aria-labelledby="links-heading">
            <Group justify="space-between">
              <Title order={3} id="links-heading" fz="lg">
                {t.linksHeading}
              </Title>
              <Button onClick={() => setAddingLink(true)}>{t.addLink}</Button>
            </Group>
            <AdminFooterLinksTable links={data.links} sections={data.sections} />
          </Stack>
        </>
      ) : null}
      <AdminFooterSectionDialog opened={addingSection} onClose={() => setAddingSection(false)} />
      <AdminFooterLinkDialog opened={addingLink} onClose={() => setAddingLink(false)} sections={data?.sections ?? []} />
    </Stack>
  );
}
