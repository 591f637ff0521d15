import { Select, Stack, TextInput } from '@mantine/core';
import { checkCompanyInput, companiesMessageForCode } from '@sira/shared/messages/companies-admin';
import { type ChangeEvent, type FormEvent, useState } from 'react';
import { Dialog } from '~/components/ui/dialog';
import { FormActions } from '~/components/ui/form-actions';
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

const empty = { name: '', email: '', sector: '', location: '', packageId: null as string | null };

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
  const [form, setForm] = useState(empty);
  const [error, setError] = useState<string | null>(null);
  const create = useCreateAdminCompany();

  const close = () => {
    setForm(empty);
    setError(null);
    onClose();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const rule = checkCompanyInput(form);
    if (rule) {
      setError(companiesMessageForCode(rule) ?? rule);
      return;
    }
    setError(null);
    create.mutate(form, {
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
  };

  const field = (key: 'name' | 'email' | 'sector' | 'location') => ({
    value: form[key],
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      const value = event.currentTarget.value;
      setForm((f) => ({ ...f, [key]: value }));
    },
  });

  return (
    <Dialog opened={opened} onClose={close} title={texts.title} closeLabel={texts.cancel}>
      <form onSubmit={submit} noValidate>
        <Stack>
          <TextInput label={companyColumns.name} maxLength={300} required data-autofocus {...field('name')} />
          <TextInput label={companyColumns.email} maxLength={320} type="email" dir="ltr" required {...field('email')} />
          <TextInput label={companyColumns.sector} maxLength={200} description={texts.optional} {...field('sector')} />
          <TextInput label={companyColumns.location} maxLength={200} description={texts.optional} {...field('location')} />
          <Select
            label={companyColumns.package}
            placeholder={texts.choosePackage}
            data={packageOptions}
            value={form.packageId}
            onChange={(packageId) => setForm((f) => ({ ...f, packageId }))}
            required
          />
          <FormActions error={error} onCancel={close} cancelLabel={texts.cancel} submitLabel={texts.add} saving={create.isPending} />
        </Stack>
      </form>
    </Dialog>
  );
}
