/**
 * /send-resume and the dashboard's sending panel (spec §2, §5, §8): Arabic texts, the error codes of
 * /api/sending/* with the text each shows, and the reasons the engine records on a failed delivery.
 * zod-free, so the web can import it at run time; the schemas are in schemas/sending.
 */
import { LOW_BALANCE_THRESHOLD, PACKAGE_COMPANY_LIMIT, RESUME_MAX_BYTES } from '../constants';
import { countOf, formatNumber, messageCount, NOUNS } from '../format';

export const sendingText = {
  /** Spec §5, verbatim. */
  fieldsRequired: 'يرجى تعبئة جميع الحقول المطلوبة',
  placeholderUnknown:
    'يحتوي النص على متغيّر غير معروف بين {{ }}، ولو أُرسل لوصل كما هو إلى كل شركة. المتغيّرات المتاحة: {{company_name}} و{{sector}} و{{location}}، وبياناتك: {{applicant_name}} و{{applicant_name_en}} و{{applicant_phone}}، و{{job_title}} في التقديم على إعلان وظيفة.',
  subjectTooLong: 'عنوان الرسالة أطول من المسموح: 300 حرف على الأكثر.',
  contentTooLong: 'محتوى الرسالة أطول من المسموح: 100,000 حرف على الأكثر.',
  /** Spec §5, verbatim. */
  pdfOnly: 'يرجى اختيار ملف PDF فقط',
  /** Spec §5, verbatim. */
  noBalance: 'ليس لديك رصيد كاف من الرسائل. يرجى ترقية باقتك.',
  /** Spec §8 'Failed to upload resume file', after three tries. */
  uploadFailed: 'فشل رفع ملف السيرة الذاتية. يرجى المحاولة مرة أخرى.',
  /** Spec §8 'Failed to schedule emails'. */
  scheduleFailed: 'فشل جدولة الرسائل. يرجى المحاولة مرة أخرى.',
  /** Spec §8: the token refresh answered invalid_grant and the link was removed. */
  mailboxUnlinked: 'تم إلغاء ربط Gmail. يرجى إعادة الربط.',
  resumeTooLarge: `حجم الملف أكبر من ${Math.round(RESUME_MAX_BYTES / (1024 * 1024))} ميغابايت. يرجى اختيار ملف أصغر.`,
  /** Spec §5 "PDF up to 5MB", in Arabic units (ADR 026). */
  resumeSizeHint: `ملف PDF حتى ${Math.round(RESUME_MAX_BYTES / (1024 * 1024))} ميغابايت`,
  fileRequired: 'يرجى اختيار ملف السيرة الذاتية (PDF).',
  resumeCheckHeading: 'فحص السيرة الذاتية',
  resumeCheckPages: (pages: number) => `عدد الصفحات: ${formatNumber(pages)}`,
  resumeCheckOk: 'السيرة الذاتية مقروءة، وفيها بريد إلكتروني ورقم جوال تتواصل بهما الشركات معك.',
  resumeNoText:
    'يبدو الملف صورة ممسوحة ضوئياً بلا نص، وأنظمة التوظيف لدى الشركات لا تستطيع قراءته. يُفضّل رفع نسخة محفوظة بصيغة PDF من برنامج الكتابة مباشرة.',
  resumeNoEmail: 'لم نجد بريداً إلكترونياً في السيرة الذاتية. أضفه لتتمكن الشركات من مراسلتك.',
  resumeNoPhone: 'لم نجد رقم هاتف سعودياً في السيرة الذاتية. أضفه لتتمكن الشركات من الاتصال بك.',
  resumeRenameHint: (current: string) =>
    `اسم الملف «\u2068${current}\u2069» لا يدل على صاحبه، وهو الاسم الذي تراه الشركات. نقترح اسماً يضم اسمك ومسماك الوظيفي، مثل Name_Title_CV.pdf:`,
  resumeRenameLabel: 'اسم الملف المقترح',
  resumeRename: 'تغيير الاسم',
  resumeRenamed: (name: string) => `سيصل الملف إلى الشركات باسم \u2068${name}\u2069`,
  resumeRenameFailed: 'تعذّر تغيير اسم الملف. يرجى المحاولة مرة أخرى.',
  resumeKeepName: 'الإبقاء على الاسم الحالي',
  /** A send stopped until the applicant has chosen the name the companies see (the suggestion or their own). */
  resumeNameMustDecide: 'اسم ملف سيرتك لا يدل عليك: غيّره إلى الاسم المقترح أو اختر الإبقاء على الاسم الحالي، ثم أرسل.',
  resumeWarningsAccept: 'اطّلعت على الملاحظات وأريد الإرسال بهذه السيرة الذاتية',
  resumeWarningsMustAccept: 'يرجى مراجعة ملاحظات فحص السيرة الذاتية وتأكيد الاطلاع عليها قبل الإرسال.',
  pdfEncrypted: 'الملف محمي بكلمة مرور، ولن تستطيع الشركات فتحه. يرجى رفع نسخة بلا كلمة مرور.',
  pdfUnreadable: 'تعذّرت قراءة الملف: يبدو تالفاً أو غير مكتمل. يرجى حفظه من جديد بصيغة PDF ورفعه.',
  pdfActiveContent:
    'لا يمكن إرسال هذا الملف: فيه برامج نصية أو ملفات مضمّنة أو أوامر تفتح برامج أخرى (أو أجزاء لا يمكن فحصها)، والشركات وبرامج الحماية تحجب مثل هذه الملفات. احفظ سيرتك الذاتية من جديد بصيغة PDF من برنامج الكتابة ثم ارفعها.',
  resumeNotFound: 'لم يتم العثور على ملف السيرة الذاتية المرفوع. يرجى رفعه مرة أخرى.',
  mailboxNotLinked: 'يرجى ربط بريدك في Gmail قبل الإرسال.',
  applicantNameRequired: 'يرجى إدخال اسمك الكامل قبل الإرسال: يظهر للشركات في خانة المرسل وفي توقيع الرسالة.',
  applicantHeading: 'اسمك كما تراه الشركات',
  applicantIntro: 'يظهر اسمك في خانة المرسل وفي توقيع الرسالة ({{applicant_name}}). نسأل عنه مرة واحدة.',
  applicantFullName: 'الاسم الكامل بالعربية',
  applicantFullNameEn: 'الاسم الكامل بالإنجليزية (اختياري)',
  applicantSave: 'حفظ الاسم',
  applicantSaved: 'تم حفظ اسمك.',
  applicantFrom: (name: string) => `ستصل رسائلك باسم: ${name}`,
  noCompanies: 'لقد راسلت جميع الشركات المتاحة في باقتك. لا توجد شركات جديدة للإرسال إليها.',
  scheduled: (count: number) => `تمت جدولة ${messageCount(count, 'genitive')} بنجاح. سيبدأ الإرسال تلقائياً من بريدك.`,
  loadFailed: 'حدث خطأ أثناء تحميل بيانات الإرسال.',
  statusLoadFailed: 'حدث خطأ أثناء جلب حالة الرسائل المجدولة.',
  deliveriesLoadFailed: 'حدث خطأ أثناء جلب سجل الرسائل.',
  retry: 'إعادة المحاولة',
  noDeliveries: 'لا توجد رسائل مجدولة بعد.',
  pausedUntil: (when: string) => `توقف الإرسال مؤقتاً لأن بريدك بلغ حد الإرسال اليومي لدى Google. سيُستأنف تلقائياً في ${when}.`,
  dailyLimitExplain: (cap: number) =>
    `يرسل بريدك ${messageCount(cap)} على الأكثر في كل 24 ساعة، فتنتظر بقية الرسائل حتى يسمح الحد اليومي وتُرسل تلقائياً.`,
  /** The dashboard, while the mailbox's daily cap holds the next message. */
  dailyLimitReached: (cap: number, when: string) =>
    `بلغ بريدك حد الإرسال اليومي (${messageCount(cap)} في كل 24 ساعة). سيُستأنف الإرسال تلقائياً في ${when}.`,
  /** The dashboard, while a working-hours send waits for the sending window to open. */
  windowOpens: (when: string) => `اخترت الإرسال في ساعات العمل فقط، والنافذة مغلقة الآن. يبدأ إرسال رسائلك تلقائياً في ${when}.`,
  held: (count: number) => `${messageCount(count)} بانتظار إعادة ربط بريدك في Gmail.`,
  estimatedFinish: (when: string) => `الوقت المتوقع لانتهاء الإرسال: ${when}`,
  /** The dashboard, while sending is paused for everyone (the admin panel's switch, a restored database, SENDING_PAUSED). */
  platformPaused:
    'الإرسال متوقف مؤقتاً لجميع المستخدمين بقرار من إدارة سيرة. رسائلك المنتظرة محفوظة في قائمة الانتظار، وستُرسل تلقائياً من بريدك عند استئناف الإرسال، دون أي إجراء منك.',
  /** The dashboard's low-balance warning (spec §9: under 5), when nothing is waiting to be sent. */
  balanceEmpty: 'نفد رصيدك من الرسائل. قم بترقية باقتك لمواصلة الإرسال.',
  balanceLow: (left: number) => `رصيدك منخفض: تبقّت لديك ${messageCount(left)} فقط. قم بترقية باقتك لمواصلة الإرسال.`,
  /** While a send holds the balance it took: said calmly instead of the warning. */
  balanceReservedAll: (reserved: number) =>
    `رصيدك كله محجوز للإرسال الجاري (${messageCount(reserved)})، وسيُرسل تلقائياً من بريدك. لمواصلة الإرسال بعده، قم بترقية باقتك.`,
  balanceReservedLow: (reserved: number, left: number) =>
    `محجوز للإرسال الجاري: ${messageCount(reserved)}، ويتبقّى لك بعده ${messageCount(left)} فقط. لمواصلة الإرسال بعده، قم بترقية باقتك.`,
  /** Under the balance on the dashboard while a send holds part of it. */
  reservedBeside: (reserved: number) => `ومحجوز للإرسال الجاري: ${messageCount(reserved)}`,
  /** Under the sending panel's heading: whose numbers these are. */
  currentSendRunning: 'أرقام الإرسال الجاري',
  currentSendLatest: 'أرقام آخر طلب إرسال',
} as const;

/**
 * The dashboard's word on the balance (spec §9's low-balance warning), or null when there is nothing to say.
 * A send takes its messages from the balance when it is scheduled: while they wait, they are reserved for it,
 * and a balance of 0 then means "all of it is on its way", not "you ran out".
 */
export function balanceNotice(account: { messagesRemaining: number; reservedMessages: number }): {
  tone: 'reserved' | 'low';
  text: string;
} | null {
  const { messagesRemaining: left, reservedMessages: reserved } = account;
  if (left >= LOW_BALANCE_THRESHOLD) return null;
  if (reserved > 0) {
    return {
      tone: 'reserved',
      text: left <= 0 ? sendingText.balanceReservedAll(reserved) : sendingText.balanceReservedLow(reserved, left),
    };
  }
  return { tone: 'low', text: left <= 0 ? sendingText.balanceEmpty : sendingText.balanceLow(left) };
}

/** Spec §8 English texts kept for reference; the interface shows the Arabic ones above. */
export const sendingTextEnglish = {
  uploadFailed: 'Failed to upload resume file',
  scheduleFailed: 'Failed to schedule emails',
} as const;

/** One name for each state, wherever the dashboard or the admin's logs show it. */
const stateName = {
  waiting: 'في قائمة الانتظار',
  held: 'معلّقة حتى إعادة الربط',
  sending: 'قيد الإرسال',
  sent: 'تم الإرسال',
  completed: 'مكتمل',
  failed: 'فشل',
  optedOut: 'أوقفت الشركة الاستلام',
} as const;

/** Job status labels (spec §4); an unknown status is shown raw. */
export const jobStatusText: Record<string, string> = {
  pending: stateName.waiting,
  processing: stateName.sending,
  completed: stateName.completed,
  failed: stateName.failed,
};

/** Delivery status labels. */
export const deliveryStatusText: Record<string, string> = {
  pending: stateName.waiting,
  held: stateName.held,
  sending: stateName.sending,
  sent: stateName.sent,
  failed: stateName.failed,
  opted_out: stateName.optedOut,
};

/** The dashboard's count cards (GET /api/sending/status `counts`), named as the deliveries they count. */
export const sendingCountText = {
  pending: stateName.waiting,
  processing: stateName.sending,
  completed: stateName.sent,
  failed: stateName.failed,
} as const;

export const sendingErrorCodes = {
  /** Subject, content or résumé is empty (spec §5). */
  MISSING_FIELDS: 'MISSING_FIELDS',
  /** messages_remaining is 0 (spec §5). */
  NO_BALANCE: 'NO_BALANCE',
  MAILBOX_NOT_LINKED: 'MAILBOX_NOT_LINKED',
  /** The account has no applicant name yet (made before it was asked): the companies would get a nameless e-mail. */
  APPLICANT_NAME_REQUIRED: 'APPLICANT_NAME_REQUIRED',
  /** Every company of the package has already been sent to by this user. */
  NO_COMPANIES: 'NO_COMPANIES',
  /** The résumé id is unknown or belongs to someone else. */
  RESUME_NOT_FOUND: 'RESUME_NOT_FOUND',
  /** The upload is not a PDF by content (%PDF- … %%EOF), whatever its name. */
  NOT_PDF: 'NOT_PDF',
  /** Over RESUME_MAX_BYTES. */
  RESUME_TOO_LARGE: 'RESUME_TOO_LARGE',
  /** The PDF asks for a password to open: no company could read it. */
  PDF_ENCRYPTED: 'PDF_ENCRYPTED',
  /** Starts like a PDF but cannot be read (damaged, cut short). */
  PDF_UNREADABLE: 'PDF_UNREADABLE',
  /** Carries JavaScript, a launch action or an embedded file, or an object stream that cannot be read (pdf-active-content.ts). */
  PDF_ACTIVE_CONTENT: 'PDF_ACTIVE_CONTENT',
  /** No `file` field in the upload. */
  FILE_REQUIRED: 'FILE_REQUIRED',
  /** The subject or content holds {{…}} that is not company_name, sector or location. */
  PLACEHOLDER_UNKNOWN: 'PLACEHOLDER_UNKNOWN',
  /** No company of the package, not yet contacted, is in the chosen sectors and cities. */
  NO_MATCHING_COMPANIES: 'NO_MATCHING_COMPANIES',
  /** A send to the user's own companies, none of which may still be written to (ADR 029). */
  NO_OWN_COMPANIES: 'NO_OWN_COMPANIES',
  /** A send to the directory or the own list holds {{job_title}}, which only a job ad's application fills. */
  PLACEHOLDER_JOB_AD_ONLY: 'PLACEHOLDER_JOB_AD_ONLY',
  /** "Resend failed": none of the user's failed deliveries may be sent again. */
  NOTHING_TO_RESEND: 'NOTHING_TO_RESEND',
  /** "Resend failed": the balance is less than the failed deliveries to send again. */
  RESEND_NO_BALANCE: 'RESEND_NO_BALANCE',
  /** The chosen mailbox is a Microsoft one and the résumé does not fit one Graph call (ADR 030). */
  RESUME_TOO_LARGE_FOR_MAILBOX: 'RESUME_TOO_LARGE_FOR_MAILBOX',
} as const;
export type SendingErrorCode = keyof typeof sendingErrorCodes;

const messageByCode: Record<SendingErrorCode, string> = {
  MISSING_FIELDS: sendingText.fieldsRequired,
  NO_BALANCE: sendingText.noBalance,
  MAILBOX_NOT_LINKED: sendingText.mailboxNotLinked,
  APPLICANT_NAME_REQUIRED: sendingText.applicantNameRequired,
  NO_COMPANIES: sendingText.noCompanies,
  RESUME_NOT_FOUND: sendingText.resumeNotFound,
  NOT_PDF: sendingText.pdfOnly,
  RESUME_TOO_LARGE: sendingText.resumeTooLarge,
  PDF_ENCRYPTED: sendingText.pdfEncrypted,
  PDF_UNREADABLE: sendingText.pdfUnreadable,
  PDF_ACTIVE_CONTENT: sendingText.pdfActiveContent,
  FILE_REQUIRED: sendingText.fileRequired,
  PLACEHOLDER_UNKNOWN: sendingText.placeholderUnknown,
  NO_MATCHING_COMPANIES: 'لا توجد شركات لم تراسلها بعد في القطاعات والمدن التي اخترتها. وسّع اختيارك أو اختر «الكل».',
  NO_OWN_COMPANIES: 'لا توجد في قائمة «شركاتي» شركات لم تراسلها بعد. أضف شركات جديدة إلى قائمتك أو أرسل إلى شركات باقتك.',
  PLACEHOLDER_JOB_AD_ONLY:
    'المتغيّر {{job_title}} (المسمى الوظيفي) يُملأ عند التقديم على إعلان وظيفة فقط، ولو أُرسل إلى الشركات هنا لوصل فارغاً. احذفه من العنوان والمحتوى أو اكتب المسمى بنفسك.',
  NOTHING_TO_RESEND: 'لا توجد رسائل فاشلة يمكن إعادة إرسالها.',
  RESEND_NO_BALANCE:
    'رصيدك لا يكفي لإعادة إرسال الرسائل الفاشلة: تحتاج رسالة من رصيدك لكل رسالة تُعاد. قم بترقية باقتك أو انتظر انتهاء الإرسال الجاري.',
  RESUME_TOO_LARGE_FOR_MAILBOX:
    'ملف سيرتك الذاتية أكبر مما يرسله بريد Microsoft (Outlook أو Microsoft 365) في رسالة واحدة، وحدّه نحو 2 ميغابايت. اضغط ملف PDF وارفعه من جديد، أو اختر بريداً آخر للإرسال.',
};

/** The Arabic text of a sending error code, or undefined for codes this screen does not own. */
export function sendingMessage(code: string | undefined): string | undefined {
  return code && code in messageByCode ? messageByCode[code as SendingErrorCode] : undefined;
}

/**
 * Why a delivery failed, as stored in deliveries.last_error and failed_emails.error (Arabic, then the
 * English meaning for the admin's logs and support). The provider's own detail is appended by the engine.
 */
export const deliveryFailureText = {
  leaseExpired:
    'انقطع الإرسال قبل وصول رد من Google، فلم نُعد المحاولة تجنباً لإرسال نسخة مكررة. أُعيد رصيد الرسالة. — Sending was interrupted before the provider answered; not retried to avoid a duplicate. Credit returned.',
  retriesExhausted: 'فشل الإرسال بعد عدة محاولات. أُعيد رصيد الرسالة. — Sending failed after several retries. Credit returned.',
  rejected:
    'رفض مزوّد البريد هذه الرسالة (عنوان غير صالح أو محتوى مرفوض). أُعيد رصيد الرسالة. — The provider rejected this message. Credit returned.',
  resumeMissing: 'ملف السيرة الذاتية لم يعد متاحاً. أُعيد رصيد الرسالة. — The résumé file is no longer available. Credit returned.',
  mailboxPaused:
    'بلغ بريدك حد الإرسال اليومي لدى Google، وستُرسل هذه الرسالة تلقائياً بعد انتهاء المهلة. — Gmail daily sending limit reached; sending resumes automatically.',
  /** Any other provider's limit (Microsoft, an SMTP server): the mailbox rests, the message waits. */
  mailboxLimit:
    "بلغ بريدك حد الإرسال لدى مزوّد البريد، وستُرسل هذه الرسالة تلقائياً بعد انتهاء المهلة. — The mailbox reached its provider's sending limit; sending resumes automatically.",
  /** A Microsoft mailbox sends a message in one Graph call only (ADR 030): a larger résumé cannot go from it. */
  tooLargeForMailbox:
    'ملف السيرة الذاتية أكبر مما يرسله بريد Microsoft في رسالة واحدة (نحو 2 ميغابايت). اضغط ملف PDF أو اختر بريداً آخر للإرسال. أُعيد رصيد الرسالة. — The résumé is too large for a Microsoft mailbox (about 2 MB); compress the PDF or send from another mailbox. Credit returned.',
  willRetry: 'تعذّر الإرسال مؤقتاً، وستُعاد المحاولة تلقائياً. — Temporary failure; sending will be tried again automatically.',
  optedOut:
    'طلبت الشركة إيقاف استقبال السير الذاتية على هذا العنوان، فلم تُرسل الرسالة ولم يُخصم رصيدها. — The company asked for no more CVs at this address; not sent, credit returned.',
  /**
   * The delivery was in a worker's hands when the backup was taken, and the database was restored from it
   * (ADR 019): it may have gone, so it is not sent again by itself; the user may send it again.
   */
  restoreInterrupted:
    'توقف إرسال هذه الرسالة لأن قاعدة بيانات سيرة استُعيدت من نسخة احتياطية، وربما أُرسلت قبل ذلك، فلم نُعد إرسالها تلقائياً تجنباً لنسخة مكررة. أُعيد رصيدها، ويمكنك إعادة إرسالها. — Interrupted by a database restore: it may already have been sent, so it was not sent again automatically. Credit returned; it may be resent.',
  mailboxUnreachable:
    'تعذّر الوصول إلى بريدك لدى Google مؤقتاً، وستُعاد المحاولة تلقائياً. — Could not reach the mailbox at Google; sending will be tried again.',
} as const;

const ARABIC_LETTER = /[\u0600-\u06FF]/;

/**
 * What a user sees of a delivery's last error: the Arabic sentence only. Stored reasons are "Arabic — English
 * (provider's detail)", the whole of which stays for administrators. A reason stored without an Arabic part
 * (written before reasons were) is said by the delivery's state instead of showing the provider's English.
 */
export function userFacingReason(reason: string | null, status?: string): string | null {
  if (!reason) return null;
  const arabic = reason.split(' — ')[0]?.trim() ?? '';
  if (ARABIC_LETTER.test(arabic)) return arabic;
  if (status === 'failed') return 'تعذّر إرسال هذه الرسالة، وأُعيد رصيدها.';
  if (status === 'held') return 'متوقفة بانتظار إعادة ربط بريدك في Gmail.';
  return deliveryFailureText.willRetry.split(' — ')[0] as string;
}

/**
 * What one submit on /send-resume schedules (features/sending/components/sendable-summary.tsx): how many companies, and
 * what it leaves for a later send. When they leave is the plan's to say (the window, the daily cap).
 */
export const sendableText = {
  reaches: (n: number) => `يصل هذا الطلب إلى ${countOf(n, NOUNS.company, 'genitive')}`,
  detail: (balance: number, companies: number) =>
    `رصيدك: ${messageCount(balance)} · الشركات المتاحة في باقتك ولم تراسلها بعد: ${formatNumber(companies)}`,
  /** The package has more companies left than one send takes (spec §9). */
  perSendLimit: (left: number) =>
    `يصل الطلب الواحد إلى ${countOf(PACKAGE_COMPANY_LIMIT, NOUNS.company, 'genitive')} على الأكثر، وتبقى ${countOf(left - PACKAGE_COMPANY_LIMIT, NOUNS.company)} من باقتك لا يصلها هذا الطلب: أرسل إليها بطلب تالٍ.`,
} as const;

/** /send-resume's choice of sectors and cities (features/sending/components/target-filter.tsx). */
export const targetingText = {
  heading: 'الشركات التي تصلها سيرتك',
  intro: 'اختر القطاعات والمدن التي تريد التقديم فيها، أو اتركها على «الكل» لتصل سيرتك إلى كل الشركات المتاحة في باقتك.',
  sectors: 'القطاعات',
  cities: 'المدن',
  all: 'الكل',
  placeholderAll: 'الكل — اختر لتضييق الإرسال',
  search: 'ابحث في القائمة',
  nothingFound: 'لا توجد قيمة بهذا الاسم',
  option: (value: string, count: number) => `${value} (${formatNumber(count)})`,
  matching: (count: number) => `تطابق اختيارك ${countOf(count, NOUNS.company)} لم تراسلها بعد.`,
  receive: (count: number) => `ستصل سيرتك إلى ${countOf(count, NOUNS.company, 'genitive')}.`,
  limitedPerSend: (count: number) =>
    `تطابق اختيارك ${countOf(count, NOUNS.company)}، ويصل الطلب الواحد إلى ${countOf(PACKAGE_COMPANY_LIMIT, NOUNS.company, 'genitive')} منها على الأكثر، وتبقى ${countOf(count - PACKAGE_COMPANY_LIMIT, NOUNS.company)} لطلب تالٍ.`,
  limitedByBalance: (count: number, balance: number) =>
    `تطابق اختيارك ${countOf(count, NOUNS.company)}، ويكفي رصيدك لـ ${messageCount(balance, 'genitive')}، فتصل سيرتك إلى أول ${countOf(balance, NOUNS.company, 'genitive')} منها.`,
  none: 'لا توجد شركات لم تراسلها بعد في هذا الاختيار. وسّع اختيارك أو اختر «الكل».',
  reset: 'إرسال إلى الكل',
  loading: 'جارٍ تحميل القطاعات والمدن…',
  loadFailed: 'تعذّر تحميل القطاعات والمدن. يمكنك الإرسال إلى الكل أو إعادة المحاولة.',
  /** A job's targeting on the dashboard. */
  jobAll: 'كل الشركات',
  jobWorkingHours: 'في ساعات العمل',
  jobAnyTime: 'في أي وقت',
  jobSectors: (values: readonly string[]) => `القطاعات: ${values.join('، ')}`,
  jobCities: (values: readonly string[]) => `المدن: ${values.join('، ')}`,
} as const;

/** The dashboard's delivery list: its filter, its search, and "resend failed" (features/sending/components/deliveries-list.tsx). */
export const deliveriesText = {
  filterLabel: 'الحالة',
  filterAll: 'الكل',
  filterWaiting: stateName.waiting,
  filterSending: stateName.sending,
  filterSent: stateName.sent,
  filterFailed: stateName.failed,
  searchLabel: 'ابحث باسم الشركة',
  searchPlaceholder: 'اسم الشركة',
  noMatch: 'لا توجد رسائل تطابق البحث.',
  resend: (count: number) => `إعادة إرسال الفاشلة (${formatNumber(count)})`,
  resendExplain: (count: number) =>
    `${messageCount(count)} فشلت لأسباب عابرة ويمكن إعادة إرسالها إلى الشركات نفسها. تُخصم من رصيدك رسالة لكل واحدة، وتُعاد إن فشلت مرة أخرى.`,
  resendConfirm: 'تأكيد إعادة الإرسال',
  resendCancel: 'إلغاء',
  resent: (count: number) => `أُعيدت ${messageCount(count)} إلى قائمة الإرسال.`,
  resendFailed: 'تعذّرت إعادة الإرسال. يرجى المحاولة مرة أخرى.',
  /** Beside a failed row, by why it failed. */
  cause: {
    address: 'عنوان الشركة مرفوض: لن نعيد الإرسال إليه.',
    refused: 'رفض مزوّد البريد الرسالة رفضاً نهائياً: لا تُعاد.',
    resume: 'ملف السيرة الذاتية لم يعد متاحاً: أرسل طلباً جديداً بسيرة مرفوعة.',
    unconfirmed: 'ربما وصلت الرسالة، فلا نعيد إرسالها تجنباً لنسخة مكررة.',
    retries: 'فشلت لأسباب عابرة، ويمكن إعادة إرسالها.',
  },
} as const;
