import { Button, Card, Group, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { checkSocialLinks, contentAdminMessage, SOCIAL_NETWORKS, footerAdminText as t } from '@sira/shared/messages/content-admin';
import type { SocialLinks } from '@sira/shared/schemas/content-admin';
import { type FormEvent, useState } from 'react';
import { FormError } from '~/components/ui/form-error';
import { notify } from '~/lib/notify';
import { contentAdminErrorMessage } from '../api/admin-error';
import { useUpdateSocialLinks } from '../api/admin-update-social-links';

/** The four social URLs of the footer (spec §2, settings.social_media): each http(s) or empty. */
export function AdminSocialLinksForm({ initial }: { initial: SocialLinks }) {
  const [links, setLinks] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const save = useUpdateSocialLinks();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const rule = checkSocialLinks(links);
    if (rule) return setError(contentAdminMessage(rule) ?? null);
    setError(null);
    save.mutate(links, {
      onSuccess: (saved) => {
        setLinks(saved);
        notify.success(t.socialSaved);
      },
      onError: (e) => notify.error(contentAdminErrorMessage(e, t.socialSaveFailed)),
    });
  };

  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="social-heading">
      <form onSubmit={submit} noValidate>
        <Stack>
          <div>
            <Title order={3} id="social-heading" fz="lg">
              {t.socialHeading}
            </Title>
            <Text size="sm" c="gray.8">
              {t.socialHint}
            </Text>
          </div>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {SOCIAL_NETWORKS.map((network) => (
              <TextInput
                key={network}
                label={t[network]}
                maxLength={500}
                type="url"
                dir="ltr"
                placeholder="https://"
                value={links[network]}
                onChange={(e) => setLinks({ ...links, [network]: e.currentTarget.value })}
              />
            ))}
          </SimpleGrid>
          <FormError error={error} />
          <Group justify="flex-end">
            <Button type="submit" loading={save.isPending}>
              {t.saveSocial}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
