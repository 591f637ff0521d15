import { Stack, Table, Text, TextInput } from '@mantine/core';
import { DISPLAY_LOCALE, DISPLAY_TIME_ZONE } from '@sira/shared';
import { htmlRemovedMessage } from '@sira/shared/messages/rich-html';
import { checkTemplateInput, templatesAdminText as t, templatesAdminMessage } from '@sira/shared/messages/templates-admin';
import type { AdminTemplate, TemplatePackageOption } from '@sira/shared/schemas/templates-admin';
import { useState } from 'react';
import { LazyRichTextField } from '~/components/rich-text/lazy-rich-text-field';
import { MessagePreview } from '~/components/ui/message-preview';
import { RowActions, RowEditActions } from '~/components/ui/row-actions';
import { notify } from '~/lib/notify';
import { useUpdateTemplate } from '../api/update-template';
import { htmlPreview, templateErrorMessage } from '../utils/error-message';
import { TemplatePackagesField } from './template-packages-field';

const dateFormat = new Intl.DateTimeFormat(DISPLAY_LOCALE, { dateStyle: 'medium', timeStyle: 'short', timeZone: DISPLAY_TIME_ZONE });

/** One template as a table row: read-only, or edited in place (spec §2 "inline edit"). */
export function TemplateRow({
  template,
  packages,
  editing,
  locked,
  onEdit,
  onDone,
  onDelete,
}: {
  template: AdminTemplate;
  packages: TemplatePackageOption[];
  /** This row is the one being edited. */
  editing: boolean;
  /** Another row is being edited: one row at a time. */
  locked: boolean;
  onEdit: () => void;
  onDone: () => void;
  onDelete: () => void;
}) {
  const names = new Map(packages.map((p) => [p.id, p.name]));
  if (editing) return <EditingRow template={template} packages={packages} onDone={onDone} />;
  return (
    <Table.Tr>
      <Table.Td fw={600} data-label={t.name}>
        {template.name}
      </Table.Td>
      <Table.Td data-label={t.content}>
        <Text size="sm" c="gray.8" maw={360}>
          {htmlPreview(template.content)}
        </Text>
      </Table.Td>
      <Table.Td data-label={t.packages}>
        <Text size="sm">{template.packageIds.map((id) => names.get(id) ?? id).join('، ')}</Text>
      </Table.Td>
      <Table.Td data-label={t.updatedAt}>
        <Text size="sm" c="gray.8">
          {dateFormat.format(new Date(template.updatedAt))}
        </Text>
      </Table.Td>
      <Table.Td data-label={t.actions}>
        <RowActions name={template.name} editLabel={t.edit} deleteLabel={t.delete} disabled={locked} onEdit={onEdit} onDelete={onDelete} />
      </Table.Td>
    </Table.Tr>
  );
}

function EditingRow({ template, packages, onDone }: { template: AdminTemplate; packages: TemplatePackageOption[]; onDone: () => void }) {
  const [form, setForm] = useState({
    name: template.name,
    subject: template.subject,
    content: template.content,
    packageIds: template.packageIds,
  });
  const update = useUpdateTemplate();

  const save = () => {
    const rule = checkTemplateInput(form);
    if (rule) return notify.error(templatesAdminMessage(rule) ?? t.updateFailed);
    update.mutate(
      { id: template.id, ...form },
      {
        onSuccess: (saved) => {
          notify.success(t.updated);
          const removed = htmlRemovedMessage(saved.removed);
          if (removed) notify.warning(removed, false);
          onDone();
        },
        onError: (e) => notify.error(templateErrorMessage(e, t.updateFailed)),
      },
    );
  };

  return (
    <Table.Tr aria-label={t.editing(template.name)}>
      <Table.Td style={{ verticalAlign: 'top' }} data-label={t.name}>
        <Stack gap="xs">
          <TextInput
            aria-label={t.name}
            maxLength={200}
            value={form.name}
            onChange={(e) => setForm({ ...form, name: e.currentTarget.value })}
          />
        </Stack>
      </Table.Td>
      <Table.Td style={{ verticalAlign: 'top' }} data-label={t.content}>
        {/* Not min-width on a phone: there the stacked row gives it what its label leaves. */}
        <Stack gap="xs" miw={{ xs: 360 }}>
          {/* The subject above the body, as a mail client shows them, with the body's width: in the name
              column it had a narrow column's. */}
          <TextInput
            aria-label={t.subject}
            maxLength={300}
            placeholder={t.subject}
            value={form.subject}
            onChange={(e) => setForm({ ...form, subject: e.currentTarget.value })}
          />
          <LazyRichTextField
            label={t.content}
            initialValue={template.content}
            onChange={(content) => setForm((f) => ({ ...f, content }))}
            withPlaceholders
            minHeight={160}
          />
          <MessagePreview subject={form.subject} content={form.content} />
        </Stack>
      </Table.Td>
      <Table.Td style={{ verticalAlign: 'top' }} data-label={t.packages}>
        <TemplatePackagesField options={packages} value={form.packageIds} onChange={(packageIds) => setForm({ ...form, packageIds })} />
      </Table.Td>
      <Table.Td style={{ verticalAlign: 'top' }} data-label={t.updatedAt}>
        <Text size="sm" c="gray.8">
          {dateFormat.format(new Date(template.updatedAt))}
        </Text>
      </Table.Td>
      <Table.Td style={{ verticalAlign: 'top' }} data-label={t.actions}>
        <RowEditActions saveLabel={t.save} cancelLabel={t.cancel} saving={update.isPending} onSave={save} onCancel={onDone} />
      </Table.Td>
    </Table.Tr>
  );
}
