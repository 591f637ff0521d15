import { isKnownCode, messageForCode } from '@sira/shared';
import { jobAdMessage } from '@sira/shared/messages/job-ads';
import { JOB_AD_ADDRESSES_MAX, type JobAdReading } from '@sira/shared/schemas/job-ads';
import { jobAdText } from './texts';

export type JobAdAddress = JobAdReading['addresses'][number];

/** The addresses chosen at first: every one the user may still write to, up to one application's limit. */
export const initiallyChosen = (addresses: readonly JobAdAddress[]): string[] =>
  addresses
    .filter((a) => a.blocked === null)
    .slice(0, JOB_AD_ADDRESSES_MAX)
    .map((a) => a.email);

/** Why an address cannot be written to, in the user's words; null when it can. */
export function blockedReason(address: JobAdAddress, formatDate: (iso: string) => string): string | null {
  switch (address.blocked) {
    case null:
      return null;
    case 'contacted':
      return address.contactedAt ? jobAdText.contactedOn(formatDate(address.contactedAt)) : jobAdText.contacted;
    case 'opted_out':
      return jobAdText.optedOut;
    case 'undeliverable':
      return jobAdText.undeliverable;
  }
}

/** The Arabic text of an error code the reading answered: the job ad's own codes, then the app-wide ones. */
export const readErrorText = (code: string | undefined): string =>
  jobAdMessage(code) ?? (code !== 'INTERNAL' && isKnownCode(code) ? messageForCode(code) : jobAdText.readFailed);
