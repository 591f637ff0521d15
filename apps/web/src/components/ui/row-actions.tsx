import { Button, Group } from '@mantine/core';

interface RowActionsProps {
  /** What the row is called, so each button says which row it acts on to a screen reader. */
  name: string;
  editLabel: string;
  deleteLabel: string;
  disabled?: boolean;
  onEdit: () => void;
  onDelete: () => void;
}

/** The edit and delete buttons of an admin table row. */
export function RowActions({ name, editLabel, deleteLabel, disabled = false, onEdit, onDelete }: RowActionsProps) {
  return (
    <Group gap="xs" wrap="nowrap">
      <Button size="xs" variant="outline" disabled={disabled} onClick={onEdit} aria-label={`${editLabel} ${name}`}>
        {editLabel}
      </Button>
      <Button size="xs" variant="outline" color="red.9" disabled={disabled} onClick={onDelete} aria-label={`${deleteLabel} ${name}`}>
        {deleteLabel}
      </Button>
    </Group>
  );
}

interface RowEditActionsProps {
  saveLabel: string;
  cancelLabel: string;
  saving: boolean;
  onSave: () => void;
  onCancel: () => void;
}

/** The save and cancel buttons of a row being edited in place; cancel waits while the row saves. */
export function RowEditActions({ saveLabel, cancelLabel, saving, onSave, onCancel }: RowEditActionsProps) {
  return (
    <Group gap="xs" wrap="nowrap">
      <Button size="xs" onClick={onSave} loading={saving}>
        {saveLabel}
      </Button>
      <Button size="xs" variant="default" onClick={onCancel} disabled={saving}>
        {cancelLabel}
      </Button>
    </Group>
  );
}
