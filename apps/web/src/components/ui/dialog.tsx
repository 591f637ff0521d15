import { Group, Modal } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * Mantine's Modal with a plain <div> header: its default <header> would be a second "banner" landmark next
 * to the site header (an axe violation) because the modal is portalled to <body>.
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
  return (
    <Modal.Root opened={opened} onClose={onClose} centered size={size}>
      <Modal.Overlay />
      <Modal.Content>
        <Group justify="space-between" p="md" wrap="nowrap">
          <Modal.Title fw={700}>{title}</Modal.Title>
          <Modal.CloseButton aria-label={closeLabel} />
        </Group>
        <Modal.Body>{children}</Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}
