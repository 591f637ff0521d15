import { Group, Modal } from '@mantine/core';
import { useIsMutating } from '@tanstack/react-query';
import { type ReactNode, useLayoutEffect, useRef } from 'react';

/**
 * Mantine's Modal with a plain <div> header: its default <header> would be a second "banner" landmark next
 * to the site header (an axe violation) because the modal is portalled to <body>. It cannot be closed while a
 * request is pending. Focus goes back to what opened it — or, when that is gone (the row just deleted), to the
 * heading of the section it was in, so a keyboard or screen-reader user is not dropped at the top of the page.
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
  const openedAt = useRef(Number.POSITIVE_INFINITY);
  // While its own request is on its way the dialog stays: closing it would drop the form whose callbacks show
  // the answer, and a refusal (a name taken, a balance changed) would go unseen. The form closes it when done.
  // Its own: one sent since it opened — a long import started before it does not pin it open.
  const saving = useIsMutating({ predicate: (mutation) => mutation.state.submittedAt >= openedAt.current }) > 0;
  const opener = useRef<{ element: HTMLElement; region: Element | null } | null>(null);
  // Before Mantine moves focus into the dialog (a layout effect runs ahead of its effects).
  useLayoutEffect(() => {
    openedAt.current = opened ? Date.now() : Number.POSITIVE_INFINITY;
    const active = document.activeElement;
    if (opened && active instanceof HTMLElement && active !== document.body) {
      opener.current = { element: active, region: active.closest('section') ?? active.closest('main') };
    }
  }, [opened]);
  const focusWhereOpenerWas = () => {
    const from = opener.current;
    opener.current = null;
    // The modal unmounts right after its exit transition ends; focus is settled on the next task.
    window.setTimeout(() => {
      if (!from || from.element.isConnected || !from.region?.isConnected) return;
      if (document.activeElement && document.activeElement !== document.body) return;
      focusRegion(from.region);
    }, 0);
  };
  return (
    <Modal.Root
      opened={opened}
      onExitTransitionEnd={focusWhereOpenerWas}
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

function focusRegion(region: Element) {
  const target = region.querySelector<HTMLElement>('h1, h2, h3') ?? (region instanceof HTMLElement ? region : null);
  if (!target) return;
  // Focusable for this moment only: a heading is not a stop on the keyboard's way through the page.
  if (!target.hasAttribute('tabindex')) {
    target.setAttribute('tabindex', '-1');
    target.addEventListener('blur', () => target.removeAttribute('tabindex'), { once: true });
  }
  target.focus({ preventScroll: true });
}
