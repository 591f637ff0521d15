import { Button, Card, Checkbox, Group, SimpleGrid, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { checkFooterContact, contentAdminMessage, footerAdminText as t } from '@sira/shared/messages/content-admin';
import type { FooterContact } from '@sira/shared/schemas/content-admin';
import { type FormEvent, useState } from 'react';
import { FormError } from '~/components/ui/form-error';
import { notify } from '~/lib/notify';
import { contentAdminErrorMessage } from '../api/admin-error';
import { useUpdateFooterContact } from '../api/admin-update-footer-contact';

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

  const submit = (event: FormEvent) => {
    event.preventDefault();
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
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="footer-contact-heading">
      <form onSubmit={submit} noValidate>
        <Stack>
          <div>
            <Title order={3} id="footer-contact-heading" fz="lg">
              {t.contactHeading}
            </Title>
            <Text size="sm" c="gray.8">
              {t.contactHint}
            </Text>
          </div>
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
          <FormError error={error} />
          <Group justify="flex-end">
            <Button type="submit" loading={save.isPending}>
              {t.saveContact}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
