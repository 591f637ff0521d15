import { Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { OwnCompany } from '@sira/shared/schemas/own-companies';
import { useEffect, useState } from 'react';
import { Dialog } from '~/components/ui/dialog';
import { FormActions } from '~/components/ui/form-actions';
import { formMessage, markWithoutMessage, validateWith } from '~/lib/form';
import { notify } from '~/lib/notify';
import { useCreateOwnCompany, useUpdateOwnCompany } from '../api/own-companies';
import { ownCompaniesErrorText, ownCompanyColumns } from '../utils/own-companies-texts';
import {
  emptyOwnCompany,
  type OwnCompanyFormValues,
  ownCompanyBody,
  ownCompanyFormSchema,
  ownCompanyFormValues,
} from '../utils/own-company-form';

const texts = {
  addTitle: 'إضافة شركة إلى قائمتك',
  editTitle: 'تعديل الشركة',
  add: 'إضافة',
  save: 'حفظ',
  cancel: 'إلغاء',
  optional: 'اختياري، الافتراضي «غير محدد»',
  contactHint: 'اختياري: من تُوجَّه إليه التحية في الرسالة',
  added: 'تمت إضافة الشركة إلى قائمتك',
  updated: 'تم تحديث الشركة',
  addFailed: (msg: string) => `تعذّرت إضافة الشركة: ${msg}`,
  updateFailed: (msg: string) => `تعذّر تحديث الشركة: ${msg}`,
};

/**
 * Adds a company to the user's list, or edits one (`company`): name and address required, sector, city and the
 * contact's name optional. The one message of a refusal is said under the form.
 */
export function OwnCompanyDialog({ opened, company, onClose }: { opened: boolean; company: OwnCompany | null; onClose: () => void }) {
  const form = useForm<OwnCompanyFormValues>({
    initialValues: emptyOwnCompany,
    validate: validateWith(ownCompanyFormSchema),
    enhanceGetInputProps: markWithoutMessage,
  });
  const [error, setError] = useState<string | null>(null);
  const create = useCreateOwnCompany();
  const update = useUpdateOwnCompany();
  const saving = create.isPending || update.isPending;

  // Each opening starts from the row edited, or from empty fields.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only an opening (or another row) resets the form.
  useEffect(() => {
    if (!opened) return;
    form.setValues(company ? ownCompanyFormValues(company) : emptyOwnCompany);
    form.resetDirty();
    setError(null);
  }, [opened, company?.id]);

  const submit = form.onSubmit(
    (values) => {
      setError(null);
      const body = ownCompanyBody(values);
      const fail = (e: unknown) => setError((company ? texts.updateFailed : texts.addFailed)(ownCompaniesErrorText(e)));
      if (company)
        update.mutate(
          { id: company.id, ...body },
          {
            onSuccess: () => {
              notify.success(texts.updated);
              onClose();
            },
            onError: fail,
          },
        );
      else
        create.mutate(body, {
          onSuccess: () => {
            notify.success(texts.added);
            onClose();
          },
          onError: fail,
        });
    },
    (errors) => setError(formMessage(errors)),
  );

  return (
    <Dialog opened={opened} onClose={onClose} title={company ? texts.editTitle : texts.addTitle} closeLabel={texts.cancel}>
      <form onSubmit={submit} noValidate>
        <Stack>
          <TextInput label={ownCompanyColumns.name} maxLength={300} required data-autofocus {...form.getInputProps('name')} />
          <TextInput label={ownCompanyColumns.email} maxLength={320} type="email" dir="ltr" required {...form.getInputProps('email')} />
          <TextInput label={ownCompanyColumns.sector} maxLength={200} description={texts.optional} {...form.getInputProps('sector')} />
          <TextInput label={ownCompanyColumns.city} maxLength={200} description={texts.optional} {...form.getInputProps('city')} />
          <TextInput
            label={ownCompanyColumns.contactName}
            maxLength={200}
            description={texts.contactHint}
            {...form.getInputProps('contactName')}
          />
          <FormActions
            error={error}
            onCancel={onClose}
            cancelLabel={texts.cancel}
            submitLabel={company ? texts.save : texts.add}
            saving={saving}
          />
        </Stack>
      </form>
    </Dialog>
  );
}
