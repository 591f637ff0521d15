import { Table } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { ReactNode } from 'react';
import classes from './stacked-table.module.css';

/** The width below which rows stack (stacked-table.module.css); Mantine's `xs` breakpoint. */
const PHONE = '(max-width: 36em)';

/**
 * A table that scrolls sideways from `minWidth` on wider screens and stacks each row on a phone. Its cells
 * carry `data-label` with their column's title, which the stacked row shows before each value.
 *
 * Where it scrolls, the scrolling area takes keyboard focus, so a keyboard user can scroll a table whose
 * rows hold no link or button (WCAG 2.1.1).
 */
export function StackedTable({ minWidth, children }: { minWidth: number; children: ReactNode }) {
  const phone = useMediaQuery(PHONE);
  return (
    <Table.ScrollContainer
      minWidth={phone ? 0 : minWidth}
      className={classes.stacked}
      scrollAreaProps={phone ? undefined : { viewportProps: { tabIndex: 0 } }}
    >
      {children}
    </Table.ScrollContainer>
  );
}
