import { Anchor, Group, Text } from '@mantine/core';
import type { MouseEvent } from 'react';

export interface SectionLink {
  /** The id of the section's heading. */
  id: string;
  label: string;
}

/** Moves to a section and gives its heading the focus, so a keyboard continues from there. */
function goTo(event: MouseEvent<HTMLAnchorElement>, id: string) {
  const heading = document.getElementById(id);
  if (!heading) return;
  event.preventDefault();
  if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
  heading.scrollIntoView();
  heading.focus({ preventScroll: true });
  history.replaceState(history.state, '', `#${id}`);
}

/** A page's sections, one link each, at its top: a long section above another is one click away, not a scroll. */
export function SectionNav({ label, title, sections }: { label: string; title: string; sections: SectionLink[] }) {
  return (
    <Group component="nav" aria-label={label} gap="md" wrap="wrap">
      <Text size="sm" c="gray.8">
        {title}
      </Text>
      {sections.map((section) => (
        <Anchor key={section.id} href={`#${section.id}`} onClick={(event) => goTo(event, section.id)} size="sm">
          {section.label}
        </Anchor>
      ))}
    </Group>
  );
}
