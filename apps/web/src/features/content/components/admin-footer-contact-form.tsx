import { Checkbox, SimpleGrid, Textarea, TextInput } from '@mantine/core';
import { checkFooterContact, contentAdminMessage, footerAdminText as t } from '@sira/shared/messages/content-admin';
import type { FooterContact } from '@sira/shared/schemas/content-admin';
import { useState } from 'react';
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
  const [values, setValues] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const save = useUpdateFooterContact();
  const set = <K extends keyof FooterContact>(key: K, value: FooterContact[K]) => setValues((v) => ({ ...v, [key]: value }));

  const submit = () => {
    const rule = checkFooterContact(values);
    if (rule) return setError(contentAdminMessage(rule) ?? null);
    setError(null);
    save.mutate(values, {
      onSuccess: (saved) => {
        setValues(saved);
        notify.success(t.contactSaved);
      },
      onError: (e) => notify.error(contentAdminErrorMessage(e, t.contactSaveFailed)),
    });
  };

  return (
    <AdminSettingsCard
      headingId="footer-contact-heading"
      title={t.contactHeading}
      hint={t.contactHint}
      error={error}
      submitLabel={t.saveContact}
      saving={save.isPending}
      onSubmit={submit}
    >
      <Textarea
        label={t.description}
        value={values.description}
        onChange={(e) => set('description', e.currentTarget.value)}
        autosize
        minRows={2}
        maxLength={1000}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          label={t.contactEmail}
          type="email"
          dir="ltr"
          value={values.email}
          onChange={(e) => set('email', e.currentTarget.value)}
          maxLength={320}
        />
        <TextInput
          label={t.contactPhone}
          type="tel"
          dir="ltr"
          value={values.phone}
          onChange={(e) => set('phone', e.currentTarget.value)}
          maxLength={32}
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {flags.map(([key, label]) => (
          <Checkbox key={key} label={label} checked={values[key]} onChange={(e) => set(key, e.currentTarget.checked)} />
        ))}
      </SimpleGrid>
    </AdminSettingsCard>
  );
}
