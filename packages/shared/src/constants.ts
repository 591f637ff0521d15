/** Business constants and limits of spec §9, shared by the server (which enforces them) and the web (which shows them). */

export const PASSWORD_MIN_LENGTH = 6;
export const RESET_PASSWORD_COOLDOWN_SECONDS = 60;

export const DELIVERY_PAGE_SIZE = 50;
/** The dashboard delivery list's state filter: waiting is pending and held together. */
export const DELIVERY_FILTERS = ['waiting', 'sending', 'sent', 'failed'] as const;
export type DeliveryFilter = (typeof DELIVERY_FILTERS)[number];
export const PACKAGE_COMPANY_LIMIT = 5000;
/** The admin directory's longest page (spec §9), and what a request that names no page size gets. */
export const ADMIN_COMPANIES_PAGE_SIZE = 1000;
/**
 * The page sizes the admin may choose. The tab opens at the first, a screen's worth; the choice is kept in the
 * browser. Long pages are virtualised, but stay a long scroll.
 */
export const ADMIN_COMPANIES_PAGE_SIZES = [25, 50, 100, 250, ADMIN_COMPANIES_PAGE_SIZE] as const;
/**
 * The admin directory counts exactly up to this many companies and estimates past it (the planner's row
 * estimate, said to be one on screen): an exact count of a million rows cost more than the page it sits on.
 */
export const ADMIN_COMPANIES_COUNT_LIMIT = 50_000;
/** A directory search counts its matches exactly up to this many (each match is a LIKE over its text). */
export const ADMIN_COMPANIES_SEARCH_COUNT_LIMIT = 10_000;
export const ADMIN_USER_LIST_CAP = 1000;

export const UPLOAD_RETRY = { attempts: 3, baseDelayMs: 2000, maxDelayMs: 10_000 } as const;
export const TOKEN_REFRESH_RETRY = { attempts: 3, baseDelayMs: 1000 } as const;
export const PAYMENT_POLLING = { attempts: 10, intervalMs: 2000, redirectAfterMs: 3000 } as const;

export const LOW_BALANCE_THRESHOLD = 5;
export const MAILBOX_RECHECK_MS = 300_000;
export const RESUME_MAX_BYTES = 5 * 1024 * 1024;
export const TOAST_DURATION_MS = 5000;
export const TOAST_RETRY_EXHAUSTED_MS = 7000;
export const COUNTER_ANIMATION_MS = 2500;

/** Package names with a system meaning: never sold, never deleted (spec §9). */
export const TRIAL_PACKAGE = 'تجريبي';
export const FREE_PACKAGE = 'مجاني';
export const ADMIN_PACKAGE = 'admin';
export const RESERVED_PACKAGE_NAMES: readonly string[] = [TRIAL_PACKAGE, FREE_PACKAGE, ADMIN_PACKAGE];

/**
 * A package's name as the admin panel shows it: the reserved `admin` (spec §3: it marks administrators) is a
 * role, not something bought, and is named as one in Arabic alone.
 */
const ADMIN_PACKAGE_DISPLAY_NAME = 'مدير النظام';
export const packageDisplayName = (name: string) => (name === ADMIN_PACKAGE ? ADMIN_PACKAGE_DISPLAY_NAME : name);

export const SEND_STATUSES = ['pending', 'processing', 'completed', 'failed'] as const;

export const INVOICE_STATUSES = ['pending', 'processing', 'completed', 'failed'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];
/**
 * What became of a payment, as the user reads it: paid, still waiting for the gateway, refused by the card's
 * bank (declined), abandoned at Paylink (cancelled), or failed otherwise (an amount that did not match).
 */
export const INVOICE_OUTCOMES = ['completed', 'waiting', 'declined', 'cancelled', 'failed'] as const;
export type InvoiceOutcome = (typeof INVOICE_OUTCOMES)[number];

/** Sending defaults of spec §9; delays in seconds. */
export const DEFAULT_EMAIL_DELAY_SETTINGS = {
  batch_size: 100,
  batch_delay: 60,
  email_delay: 1,
  max_per_minute: 60,
  max_per_hour: 3600,
  retry_delay: 300,
  max_retries: 3,
} as const;

/** Rolling-24 h caps per mailbox (integrations.md §C3): consumer gmail.com vs Workspace. */
/**
 * Default rolling-24 h caps per kind of mailbox (the admin may change them). Microsoft's are those of
 * apps/server/src/modules/mailbox/providers/microsoft/limits.ts (why: there); `smtp` is for SMTP servers without a
 * preset (a preset's own default applies to its servers, providers/smtp/presets.ts).
 */
export const DEFAULT_DAILY_CAPS = { gmail: 400, workspace: 1800, outlook: 270, microsoft365: 1800, smtp: 300 } as const;
/** The daily-cap settings, in the order the admin's form shows them. */
export const DAILY_CAP_FIELDS = ['gmail', 'workspace', 'outlook', 'microsoft365', 'smtp'] as const;

export const GMAIL_SEND_SCOPE = 'https://www.googleapis.com/auth/gmail.send';
/** Scopes with which Gmail's `messages.send` works (integrations.md §B3); gmail.send is the narrow default. */
export const GMAIL_SEND_CAPABLE_SCOPES = [
  GMAIL_SEND_SCOPE,
  'https://www.googleapis.com/auth/gmail.compose',
  'https://www.googleapis.com/auth/gmail.modify',
  'https://mail.google.com/',
] as const;

export const CURRENCY_LABEL = 'ريال';

/** Paylink refuses invoices under SAR 5.00 (integrations.md §A3). */
export const PAYLINK_MIN_AMOUNT = 5;
/** A package is free (0) or priced at what Paylink accepts: anything between could be shown but never bought. */
export const isSellablePrice = (price: number) => price === 0 || price >= PAYLINK_MIN_AMOUNT;

/** The longest subject and content a send takes (the form's fields stop there too). */
export const SUBJECT_MAX_LENGTH = 300;
export const CONTENT_MAX_LENGTH = 100_000;
/** The longest search the admin's send logs take (the search box stops there too). */
export const LOGS_SEARCH_MAX_LENGTH = 200;
