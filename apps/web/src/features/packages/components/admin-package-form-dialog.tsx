import { Button, Checkbox, Group, NumberInput, SimpleGrid, Stack, Textarea, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { packageFormSchema } from '@sira/shared/forms/packages';
import { packagesAdminMessageForCode, packagesAdminTexts as t } from '@sira/shared/messages/packages-admin';
import type { AdminPackage } from '@sira/shared/schemas/packages-admin';
import { Dialog } from '~/components/ui/dialog';
import { ApiRequestError } from '~/lib/api-client';
import { focusFirstFault, validateWith } from '~/lib/form';
import { notify } from '~/lib/notify';
import { useCreateAdminPackage } from '../api/admin-create-package';
import { useUpdateAdminPackage } from '../api/admin-update-package';
import { bodyOf, newPackageValues, type PackageFormValues, valuesOf, withDerivedDiscount } from './admin-package-form';

// Mantine's default hint (gray.6) and error (red.6) colours fall short of WCAG AA on white.
const fieldStyles = { description: { color: 'var(--mantine-color-gray-8)' }, error: { color: 'var(--mantine-color-red-9)' } };

/** What the dialog is doing: adding a package, editing one, or closed. */
export type PackageDialogState = { mode: 'add' } | { mode: 'edit'; pkg: AdminPackage } | null;

export function AdminPackageFormDialog({ state, onClose }: { state: PackageDialogState; onClose: () => void }) {
  const title = state?.mode === 'edit' ? t.editTitle(state.pkg.name) : t.addTitle;
  return (
    <Dialog opened={state !== null} onClose={onClose} title={title} closeLabel={t.close} size="lg">
      {state ? (
        <PackageForm key={state.mode === 'edit' ? state.pkg.id : 'add'} pkg={state.mode === 'edit' ? state.pkg : null} onClose={onClose} />
      ) : null}
    </Dialog>
  );
}

function PackageForm({ pkg, onClose }: { pkg: AdminPackage | null; onClose: () => void }) {
  const form = useForm<PackageFormValues>({
    name: 'package',
    initialValues: pkg ? valuesOf(pkg) : newPackageValues,
    validate: validateWith(packageFormSchema),
    // A field's message stays until the next save, as the rest of the admin's forms do.
    clearInputErrorOnChange: false,
  });
  const create = useCreateAdminPackage();
  const update = useUpdateAdminPackage();
  const saving = create.isPending || update.isPending;
  const values = form.values;

  const set =
    <K extends keyof PackageFormValues>(key: K) =>
    (value: PackageFormValues[K]) => {
      const next = { ...form.getValues(), [key]: value };
      form.setValues(key === 'price' || key === 'originalPrice' ? withDerivedDiscount(next) : next);
    };

  // A refused save moves focus (and the dialog's scroll) to the first field at fault: the dialog may be
  // scrolled to its buttons, far below the message.
  const onError = (error: Error) => {
    const code = error instanceof ApiRequestError ? error.code : undefined;
    const faults = {
      ...(code === 'PACKAGE_NAME_TAKEN' ? { name: t.nameTaken } : {}),
      ...(code === 'PACKAGE_PRICE_BELOW_MINIMUM' ? { price: t.priceBelowMinimum } : {}),
    };
    form.setErrors(faults);
    focusFirstFault(form, faults);
    notify.error(packagesAdminMessageForCode(code));
  };

  const submit = form.onSubmit(
    (formValues) => {
      const body = bodyOf(formValues);
      const done = (message: string) => () => {
        notify.success(message);
        onClose();
      };
      if (pkg) update.mutate({ id: pkg.id, ...body }, { onSuccess: done(t.updated), onError });
      else create.mutate(body, { onSuccess: done(t.added), onError });
    },
    (errors) => focusFirstFault(form, errors),
  );

  const integer = { min: 0, allowNegative: false, allowDecimal: false, hideControls: true, styles: fieldStyles } as const;

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <TextInput
          label={t.name}
          maxLength={100}
          {...form.getInputProps('name')}
          required
          // A reserved package keeps its name: the app finds it by that name.
          disabled={pkg?.reserved}
          description={pkg?.reserved ? t.reservedHint : undefined}
          styles={fieldStyles}
        />
        {/* Inputs side by side line up although only the price has a hint under its label. */}
        <SimpleGrid cols={{ base: 1, xs: 2 }} style={{ alignItems: 'end' }}>
          <NumberInput label={t.price} description={t.priceHint} {...form.getInputProps('price')} onChange={set('price')} {...integer} />
          <NumberInput label={t.messagesLimit} value={values.messagesLimit} onChange={set('messagesLimit')} {...integer} />
        </SimpleGrid>
        <Textarea
          label={t.features}
          description={t.featuresHint}
          value={values.features}
          onChange={(e) => set('features')(e.currentTarget.value)}
          autosize
          minRows={4}
          maxRows={10}
          styles={fieldStyles}
        />
        <Checkbox
          label={t.canUploadExcel}
          checked={values.canUploadExcel}
          onChange={(e) => set('canUploadExcel')(e.currentTarget.checked)}
        />

        <Title order={3} fz="md" mt="sm">
          {t.displaySection}
        </Title>
        <Textarea
          label={t.description}
          maxLength={2000}
          value={values.description}
          onChange={(e) => set('description')(e.currentTarget.value)}
          autosize
          minRows={2}
          maxRows={6}
        />
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          <TextInput
            label={t.icon}
            maxLength={50}
            description={t.iconHint}
            dir="ltr"
            value={values.icon}
            onChange={(e) => set('icon')(e.currentTarget.value)}
            styles={fieldStyles}
          />
          <TextInput label={t.ctaText} maxLength={100} value={values.ctaText} onChange={(e) => set('ctaText')(e.currentTarget.value)} />
          <NumberInput label={t.originalPrice} value={values.originalPrice} onChange={set('originalPrice')} {...integer} />
          <NumberInput
            label={t.discountPercent}
            value={values.discountPercent}
            onChange={set('discountPercent')}
            min={0}
            max={100}
            decimalScale={2}
            allowNegative={false}
            hideControls
          />
        </SimpleGrid>
        <Checkbox
          label={t.highlighted}
          description={t.highlightedHint}
          checked={values.highlighted}
          onChange={(e) => set('highlighted')(e.currentTarget.checked)}
        />

        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={saving}>
            {t.cancel}
          </Button>
          <Button type="submit" loading={saving}>
            {t.save}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
