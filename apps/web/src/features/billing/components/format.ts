import { DISPLAY_LOCALE, DISPLAY_TIME_ZONE } from '@sira/shared';

const dateTime = new Intl.DateTimeFormat(DISPLAY_LOCALE, { dateStyle: 'medium', timeStyle: 'short', timeZone: DISPLAY_TIME_ZONE });

/** Dates in the Arabic (Saudi) locale (spec §9). */
export const formatDateTime = (iso: string) => dateTime.format(new Date(iso));
