import type { ReactNode } from 'react';
import classes from './long-text.module.css';

/**
 * A table cell's text that people type without limit — a company name, an e-mail address, a package name. It
 * wraps, even inside an unbroken word, rather than widening its column (long-text.module.css).
 */
export function LongText({ children, dir }: { children: ReactNode; dir?: 'ltr' | 'rtl' | 'auto' }) {
  return (
    <span className={classes.longText} dir={dir}>
      {children}
    </span>
  );
}
