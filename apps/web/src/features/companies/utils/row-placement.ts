import type { Ref } from 'react';

/** What a rendered row carries so the virtualiser can measure it and assistive technology can place it. */
export interface RowPlacement {
  ref: Ref<HTMLTableRowElement>;
  'data-index': number;
  /** 1-based among the table's rows, the header row being 1. */
  'aria-rowindex': number;
}
