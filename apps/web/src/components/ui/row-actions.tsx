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
