import { Button, Group, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { Dialog } from './dialog';

/**
 * Asks before something that cannot be undone (spec §8 confirmations): what it is about, then "cancel"
 * and the red action. Cancel waits while the action runs, so the dialog cannot vanish mid-request and
 * leave the user unsure whether it happened; the action's button shows it is busy instead.
 * The body goes as soon as the dialog is closed rather than fading out with it: the item it spoke of is
 * usually gone by then, and a fading second "delete" button would be one too many on the page.
 */
export type ConfirmDialogProps = {
  opened: boolean;
  onClose: () => void;
  title: ReactNode;
  closeLabel: string;
  cancelLabel: string;
  confirmLabel: string;
  pending: boolean;
  onConfirm: () => void;
  /** What is at stake: the question, the item's name, a warning. */
  children: ReactNode;
};

/** The state a confirmation gets from the screen that opens it; the feature's wrapper adds the texts. */
export type ConfirmDialogState = Pick<ConfirmDialogProps, 'opened' | 'onClose' | 'pending' | 'onConfirm'>;

export function ConfirmDialog({
  opened,
  onClose,
  title,
  closeLabel,
  cancelLabel,
  confirmLabel,
  pending,
  onConfirm,
  children,
}: ConfirmDialogProps) {
  return (
    <Dialog opened={opened} onClose={onClose} title={title} closeLabel={closeLabel}>
      {opened ? (
        <Stack>
          {children}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={pending}>
              {cancelLabel}
            </Button>
            <Button color="red.9" onClick={onConfirm} loading={pending}>
              {confirmLabel}
            </Button>
          </Group>
        </Stack>
      ) : null}
    </Dialog>
  );
}
