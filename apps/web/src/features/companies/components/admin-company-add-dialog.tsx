import { Select, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { type CompanyFormValues, companyFormSchema } from '@sira/shared/forms/companies';
import { useState } from 'react';
import { Dialog } from '~/components/ui/dialog';
import { FormActions } from '~/components/ui/form-actions';
import { formMessage, validateWith } from '~/lib/form';
import { notify } from '~/lib/notify';
import { useCreateAdminCompany } from '../api/create-company';
import { companiesErrorText, companiesToasts } from '../utils/companies-feedback';
import { companyColumns } from '../utils/company-columns';
import { errorCode } from '../utils/error-code';

const texts = {
  title: 'إضافة شركة',
  add: 'إضافة',
  cancel: 'إلغاء',
  optional: 'اختياري، الافتراضي "غير محدد"',
  choosePackage: 'اختر الباقة',
};

/** The add-company modal (spec §5 "Add company"): name, e-mail and package required. */
export function AdminCompanyAddDialog({
  opened,
  onClose,
  packageOptions,
}: {
  opened: boolean;
  onClose: () => void;
  packageOptions: Array<{ value: string; label: string }>;
}) {
  const form = useForm<CompanyFormValues>({
    initialValues: { name: '', email: '', sector: '', location: '', packageId: null },
    validate: validateWith(companyFormSchema),
  });
  const [error, setError] = useState<string | null>(null);
  const create = useCreateAdminCompany();

  const close = () => {
    form.reset();
    setError(null);
    onClose();
  };

  const submit = form.onSubmit(
    (values) => {
      setError(null);
      create.mutate(values, {
        onSuccess: () => {
          notify.success(companiesToasts.added);
          close();
        },
        onError: (e) => {
          const text = companiesToasts.addFailed(companiesErrorText(errorCode(e)));
          setError(text);
          notify.error(text);
        },
      });
    },
    (errors) => setError(formMessage(errors)),
  );

  return (
    <Dialog opened={opened} onClose={close} title={texts.title} closeLabel={texts.cancel}>
      <form onSubmit={submit} noValidate>
        <Stack>
          <TextInput label={companyColumns.name} maxLength={300} required data-autofocus {...form.getInputProps('name')} />
          <TextInput label={companyColumns.email} maxLength={320} type="email" dir="ltr" required {...form.getInputProps('email')} />
          <TextInput label={companyColumns.sector} maxLength={200} description={texts.optional} {...form.getInputProps('sector')} />
          <TextInput label={companyColumns.location} maxLength={200} description={texts.optional} {...form.getInputProps('location')} />
          <Select
            label={companyColumns.package}
            placeholder={texts.choosePackage}
            data={packageOptions}
            {...form.getInputProps('packageId')}
            required
          />
          <FormActions error={error} onCancel={close} cancelLabel={texts.cancel} submitLabel={texts.add} saving={create.isPending} />
        </Stack>
      </form>
    </Dialog>
  );
}
