import { Button, Group } from '@mantine/core';
import { FormError } from './form-error';

/**
 * The foot of an admin form: the form's error (read out as an alert) and its cancel and submit buttons.
 * Cancel is disabled while saving, so a dialog cannot be closed under a request that is still changing data.
 */
export function FormActions({
  error,
  onCancel,
  cancelLabel,
  submitLabel,
  saving,
}: {
  error: string | null;
  onCancel: () => void;
  cancelLabel: string;
  submitLabel: string;
  saving: boolean;
}) {
  return (
    <>
      <FormError error={error} />
      <Group justify="flex-end">
        <Button variant="default" onClick={onCancel} disabled={saving}>
          {cancelLabel}
        </Button>
        <Button type="submit" loading={saving}>
          {submitLabel}
        </Button>
      </Group>
    </>
  );
}
