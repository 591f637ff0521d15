import { Checkbox, SimpleGrid, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { footerContactFormSchema } from '@sira/shared/forms/content';
import { footerAdminText as t } from '@sira/shared/messages/content-admin';
import type { FooterContact } from '@sira/shared/schemas/content-admin';
import { useState } from 'react';
import { formMessage, validateWith } from '~/lib/form';
import { notify } from '~/lib/notify';
import { contentAdminErrorMessage } from '../api/admin-error';
import { useUpdateFooterContact } from '../api/admin-update-footer-contact';
import { AdminSettingsCard } from './admin-settings-card';

const flags = [
  ['showContact', t.showContact],
  ['showEmail', t.showEmail],
  ['showPhone', t.showPhone],
  ['showSocial', t.showSocial],
] as const;

/**
 * The footer's short description and contact block (settings footer_description, contact_info,
 * footer_settings): production starts with none of them, so an administrator enters the real ones here.
 */
export function AdminFooterContactForm({ initial }: { initial: FooterContact }) {
  const form = useForm<FooterContact>({ name: 'footer-contact', initialValues: initial, validate: validateWith(footerContactFormSchema) });
  const [error, setError] = useState<string | null>(null);
  const save = useUpdateFooterContact();

  const submit = form.onSubmit(
    (values) => {
      setError(null);
      save.mutate(values, {
        onSuccess: (saved) => {
          form.setValues(saved);
          notify.success(t.contactSaved);
        },
        onError: (e) => notify.error(contentAdminErrorMessage(e, t.contactSaveFailed)),
      });
    },
    (errors) => setError(formMessage(errors)),
  );

  return (
    <AdminSettingsCard
      headingId="footer-contact-heading"
      title={t.contactHeading}
      hint={t.contactHint}
      error={error}
      submitLabel={t.saveContact}
      saving={save.isPending}
      onSubmit={() => submit()}
    >
      <Textarea label={t.description} {...form.getInputProps('description')} autosize minRows={2} maxLength={1000} />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput label={t.contactEmail} type="email" dir="ltr" {...form.getInputProps('email')} maxLength={320} />
        <TextInput label={t.contactPhone} type="tel" dir="ltr" {...form.getInputProps('phone')} maxLength={32} />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {flags.map(([key, label]) => (
          <Checkbox key={key} label={label} {...form.getInputProps(key, { type: 'checkbox' })} />
        ))}
      </SimpleGrid>
    </AdminSettingsCard>
  );
}
