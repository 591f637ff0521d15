import { Button, Group, Select, Table, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { type CompanyFormValues, companyFormSchema } from '@sira/shared/forms/companies';
import type { AdminCompany } from '@sira/shared/schemas/companies-admin';
import { formMessage, validateWith } from '~/lib/form';
import { notify } from '~/lib/notify';
import { useUpdateAdminCompany } from '../api/update-company';
import { companiesErrorText, companiesToasts } from '../utils/companies-feedback';
import { companyColumns } from '../utils/company-columns';
import { errorCode } from '../utils/error-code';
import type { RowPlacement } from '../utils/row-placement';

const texts = { save: 'حفظ', cancel: 'إلغاء', editing: (name: string) => `تعديل الشركة ${name}` };

/** A directory row turned into inputs. Save stays disabled until name, e-mail and package are filled (spec §5). */
export function AdminCompanyEditRow({
  number,
  company,
  packageOptions,
  onDone,
  rowProps,
}: {
  number: number;
  company: AdminCompany;
  packageOptions: Array<{ value: string; label: string }>;
  onDone: () => void;
  /** The row's place in a virtualised table (admin-companies-table.tsx). */
  rowProps?: RowPlacement;
}) {
  const form = useForm<CompanyFormValues>({
    initialValues: {
      name: company.name,
      email: company.email,
      sector: company.sector,
      location: company.location,
      packageId: company.packageId,
    },
    validate: validateWith(companyFormSchema),
  });
  const update = useUpdateAdminCompany();
  const draft = form.values;
  const complete = Boolean(draft.name.trim() && draft.email.trim() && draft.packageId);

  const save = () => {
    // A row has no room for a message under it: the one message is a toast.
    const { hasErrors, errors } = form.validate();
    if (hasErrors) {
      notify.error(formMessage(errors));
      return;
    }
    update.mutate(
      { id: company.id, ...draft },
      {
        onSuccess: () => {
          notify.success(companiesToasts.updated);
          onDone();
        },
        onError: (error) => notify.error(companiesToasts.updateFailed(companiesErrorText(errorCode(error)))),
      },
    );
  };

  return (
    <Table.Tr aria-label={texts.editing(company.name)} {...rowProps}>
      <Table.Td data-label={companyColumns.number}>{number}</Table.Td>
      <Table.Td data-label={companyColumns.name}>
        <TextInput aria-label={companyColumns.name} maxLength={300} {...form.getInputProps('name')} required size="xs" miw={160} />
      </Table.Td>
      <Table.Td data-label={companyColumns.email}>
        <TextInput
          aria-label={companyColumns.email}
          maxLength={320}
          type="email"
          dir="ltr"
          {...form.getInputProps('email')}
          required
          size="xs"
          miw={180}
        />
      </Table.Td>
      <Table.Td data-label={companyColumns.sector}>
        <TextInput aria-label={companyColumns.sector} maxLength={200} {...form.getInputProps('sector')} size="xs" miw={110} />
      </Table.Td>
      <Table.Td data-label={companyColumns.location}>
        <TextInput aria-label={companyColumns.location} maxLength={200} {...form.getInputProps('location')} size="xs" miw={100} />
      </Table.Td>
      <Table.Td data-label={companyColumns.package}>
        <Select
          aria-label={companyColumns.package}
          data={packageOptions}
          {...form.getInputProps('packageId')}
          required
          size="xs"
          miw={130}
        />
      </Table.Td>
      <Table.Td data-label={companyColumns.actions}>
        <Group gap="xs" wrap="nowrap">
          <Button size="xs" onClick={save} disabled={!complete} loading={update.isPending}>
            {texts.save}
          </Button>
          <Button size="xs" variant="default" onClick={onDone} disabled={update.isPending}>
            {texts.cancel}
          </Button>
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}
