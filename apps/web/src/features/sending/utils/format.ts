import { DISPLAY_LOCALE, DISPLAY_TIME_ZONE } from '@sira/shared';
import { deliveryStatusText, jobStatusText } from '@sira/shared/messages/sending';

export { formatNumber } from '@sira/shared';

const dateTime = new Intl.DateTimeFormat(DISPLAY_LOCALE, { dateStyle: 'medium', timeStyle: 'short', timeZone: DISPLAY_TIME_ZONE });

/** Dates and times in the Arabic (Saudi) locale (spec §9), with Western digits (ADR 026). */
export const formatDateTime = (iso: string) => dateTime.format(new Date(iso));

/** Spec §4: a status the page does not know is shown as it came. */
export const jobStatusLabel = (status: string) => jobStatusText[status] ?? status;
export const deliveryStatusLabel = (status: string) => deliveryStatusText[status] ?? status;

/** Badge colours: filled, dark enough shades that white text keeps its contrast. */
export const statusColor: Record<string, string> = {
  pending: 'gray.7',
  held: 'grape.9',
  sending: 'blue.9',
  processing: 'blue.9',
  sent: 'teal.9',
  completed: 'teal.9',
  failed: 'red.9',
  opted_out: 'orange.9',
};
export const colorOf = (status: string) => statusColor[status] ?? 'gray.7';
