import type { MicrosoftAccountType } from './microsoft-oauth';

/**
 * Default daily caps for a Microsoft mailbox, counted like Gmail's in recipients over a rolling 24 hours
 * (integrations.md §D9); the administrator will be able to change them, and a mailbox may carry its own.
 *
 * - Microsoft 365 work or school mailboxes (Exchange Online): 10,000 recipients a day per mailbox —
 *   "Exchange Online limits", Sending limits,
 *   https://learn.microsoft.com/office365/servicedescriptions/exchange-online-service-description/exchange-online-limits#sending-limits-1
 *   Tenants may set lower limits in their outbound spam policy, so the default stays far below: 1,800, what Sira
 *   allows a Google Workspace mailbox — one person's applications, not a tenant's bulk mail.
 * - Outlook.com personal accounts: Microsoft publishes 5,000 recipients a day and 1,000 "non-relationship"
 *   recipients (people never written to before — every company Sira writes to) for Microsoft 365 subscribers,
 *   and says only that limits "will be lower for non-subscribers" — "Sending limits in Outlook.com",
 *   https://support.microsoft.com/office/sending-limits-in-outlook-com-279ee200-594c-40f0-9ec8-bb6af7735c2e
 *   The commonly reported free-account figure is 300 a day (unconfirmed by Microsoft), and new accounts start
 *   lower. Sira cannot tell a subscriber from a free account, so the default is 270: 90 % of 300.
 */
export const MICROSOFT_DAILY_CAP_DEFAULTS: Readonly<Record<MicrosoftAccountType, number>> = {
  consumer: 270,
  organization: 1_800,
};

export function defaultMicrosoftDailyCap(accountType: MicrosoftAccountType): number {
  return MICROSOFT_DAILY_CAP_DEFAULTS[accountType];
}
