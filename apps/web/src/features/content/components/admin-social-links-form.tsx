import { SimpleGrid, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { socialLinksFormSchema } from '@sira/shared/forms/content';
import { SOCIAL_NETWORKS, footerAdminText as t } from '@sira/shared/messages/content-admin';
import type { SocialLinks } from '@sira/shared/schemas/content-admin';
import { useState } from 'react';
import { formMessage, validateWith } from '~/lib/form';
import { notify } from '~/lib/notify';
import { contentAdminErrorMessage } from '../api/admin-error';
import { useUpdateSocialLinks } from '../api/admin-update-social-links';
import { AdminSettingsCard } from './admin-settings-card';

/** The four social URLs of the footer (spec §2, settings.social_media): each http(s) or empty. */
export function AdminSocialLinksForm({ initial }: { initial: SocialLinks }) {
  const form = useForm<SocialLinks>({ name: 'social-links', initialValues: initial, validate: validateWith(socialLinksFormSchema) });
  const [error, setError] = useState<string | null>(null);
  const save = useUpdateSocialLinks();

  const submit = form.onSubmit(
    (links) => {
      setError(null);
      save.mutate(links, {
        onSuccess: (saved) => {
          form.setValues(saved);
          notify.success(t.socialSaved);
        },
        onError: (e) => notify.error(contentAdminErrorMessage(e, t.socialSaveFailed)),
      });
    },
    (errors) => setError(formMessage(errors)),
  );

  return (
    <AdminSettingsCard
      headingId="social-heading"
      title={t.socialHeading}
      hint={t.socialHint}
      error={error}
      submitLabel={t.saveSocial}
      saving={save.isPending}
      onSubmit={() => submit()}
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {SOCIAL_NETWORKS.map((network) => (
          <TextInput
            key={network}
            label={t[network]}
            maxLength={500}
            type="url"
            dir="ltr"
            placeholder="https://"
            {...form.getInputProps(network)}
          />
        ))}
      </SimpleGrid>
    </AdminSettingsCard>
  );
}
