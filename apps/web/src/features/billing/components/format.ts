import { DISPLAY_LOCALE } from '@sira/shared';

const dateTime = new Intl.DateTimeFormat(DISPLAY_LOCALE, { dateStyle: 'medium', timeStyle: 'short' });

/** Dates in the Arabic (Saudi) locale (spec §9). */
export const formatDateTime = (iso: string) => dateTime.format(new Date(iso));
