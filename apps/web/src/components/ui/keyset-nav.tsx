import { Button, Group } from '@mantine/core';
import { ar } from '@sira/shared';

type Way = 'first' | 'previous' | 'next' | 'last';

/**
 * The page buttons of a list paged by key (the server's cursors, ADR 024 "Long lists"): first, previous, next
 * and last, in a named <nav>, each disabled where there is no such page. No page numbers: a page is reached from
 * the one beside it or from either end. Nothing at all when the list fits one page.
 */
export function KeysetNav({
  label,
  cursors,
  onChange,
}: {
  /** The landmark's name: which list these pages belong to. */
  label: string;
  cursors: { previous: string | null; next: string | null; last: string | null };
  /** The cursor of the page asked for; undefined for the first page. */
  onChange: (cursor: string | undefined) => void;
}) {
  if (!cursors.previous && !cursors.next) return null;
  const target: Record<Way, string | null | undefined> = {
    first: cursors.previous ? undefined : null,
    previous: cursors.previous,
    next: cursors.next,
    last: cursors.last,
  };
  return (
    <nav aria-label={label}>
      <Group gap="xs">
        {(['first', 'previous', 'next', 'last'] as const).map((way) => (
          <Button key={way} size="xs" variant="default" disabled={target[way] === null} onClick={() => onChange(target[way] ?? undefined)}>
            {ar.lists[way]}
          </Button>
        ))}
      </Group>
    </nav>
  );
}
