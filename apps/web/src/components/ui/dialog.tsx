import { Group, Modal } from '@mantine/core';
import { useIsMutating } from '@tanstack/react-query';
import type { ReactNode } from 'react';

/**
 * Mantine's Modal with a plain <div> header: its default <header> would be a second "banner" landmark next
 * to the site header (an axe violation) because the modal is portalled to <body>. It cannot be closed while a
 * request is pending.
 */
export function Dialog({
  opened,
  onClose,
  title,
  closeLabel,
  children,
  size,
}: {
  opened: boolean;
  onClose: () => void;
  title: ReactNode;
  closeLabel: string;
  children: ReactNode;
  size?: string;
}) {
  // While a request is on its way the dialog stays: closing it would drop the form whose callbacks show the
  // answer, and a refusal (a name taken, a balance changed) would go unseen. The form closes it when done.
  const saving = useIsMutating() > 0;
  return (
    <Modal.Root
      opened={opened}
      onClose={saving ? () => undefined : onClose}
      closeOnEscape={!saving}
      closeOnClickOutside={!saving}
      centered
      size={size}
    >
      <Modal.Overlay />
      <Modal.Content>
        <Group justify="space-between" p="md" wrap="nowrap">
          <Modal.Title fw={700}>{title}</Modal.Title>
          <Modal.CloseButton aria-label={closeLabel} disabled={saving} />
        </Group>
        <Modal.Body>{children}</Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}
