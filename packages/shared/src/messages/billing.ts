import { type InvoiceOutcome, LOW_BALANCE_THRESHOLD } from '../constants';
import { messageCount } from '../format';

const lowBalance = messageCount(LOW_BALANCE_THRESHOLD);

import { ar, messageForCode } from './ar';

/**
 * Arabic texts of the user's billing screens (spec §2, §4, §8): the payment dialog, /payment-callback, the
 * billing page and /upgrade. Spec strings are verbatim. zod-free, so the web imports it at run time.
 */
export const billingTexts = {
  title: 'الفواتير والمدفوعات',
  currentPackage: 'الباقة الحالية',
  remaining: 'الرسائل المتبقية',
  upgrade: 'ترقية الباقة',
  history: 'سجل المدفوعات',
  columns: { date: 'التاريخ', package: 'الباقة', amount: 'المبلغ', status: 'الحالة' },
  /** Spec §2, verbatim. */
  empty: 'لا توجد فواتير سابقة',
  /** Spec §2: a package that no longer exists. */
  unavailable: 'غير متوفر',
  /** Spec §4's 'مكتمل' for a paid invoice; the others say what happened rather than «معلق» for all. */
  outcome: {
    completed: 'مكتمل',
    waiting: 'بانتظار تأكيد الدفع',
    declined: 'مرفوض',
    cancelled: 'ملغى',
    failed: 'لم يكتمل',
  } satisfies Record<InvoiceOutcome, string>,
  /** Under the history when it holds a payment that did not go through. */
  notChargedNote: 'الدفع المرفوض أو الملغى لم يُخصم منه أي مبلغ، ولم تتغير باقتك بسببه.',
  loadFailed: 'تعذر تحميل الفواتير والمدفوعات.',
  amount: (riyals: number) => `${riyals} ريال`,
} as const;

export const paymentDialogTexts = {
  title: (name: string) => `الدفع مقابل ${name}`,
  amount: 'المبلغ',
  messages: (n: number) => messageCount(n),
  explain:
    'ستنتقل إلى صفحة الدفع الآمنة لدى Paylink لإتمام الدفع بمدى أو Visa أو Mastercard أو Apple Pay. تُفعَّل الباقة ويُضاف رصيدها فور تأكيد الدفع.',
  pay: 'الانتقال إلى الدفع',
  redirecting: 'جارٍ تحويلك إلى صفحة الدفع…',
  cancel: 'إلغاء',
} as const;

export const paymentCallbackTexts = {
  title: 'التحقق من الدفع',
  checking: 'جارٍ التحقق من حالة الدفع…',
  checkingAttempt: (attempt: number, total: number) => `المحاولة ${attempt} من ${total}`,
  success: 'تم الدفع بنجاح وتفعيل باقتك.',
  successPackage: (name: string) => `تم الدفع بنجاح وتفعيل ${name}.`,
  /** Paid, but the buyer keeps another package (a dearer one bought since, or the admin role): the messages are added. */
  successMessagesOnly: (name: string, kept: string) => `تم الدفع بنجاح وأُضيفت رسائل ${name} إلى رصيدك، مع بقاء ${kept} باقتك الحالية.`,
  toDashboard: 'سيتم تحويلك إلى لوحة التحكم خلال ثوانٍ…',
  toPricing: 'سيتم تحويلك إلى صفحة الأسعار خلال ثوانٍ…',
  toLogin: 'سيتم تحويلك إلى صفحة تسجيل الدخول خلال ثوانٍ…',
  toBilling: 'سيتم تحويلك إلى سجل الفواتير خلال ثوانٍ…',
  missingReference: 'لم يصل رقم العملية من بوابة الدفع، فلا يمكن التحقق من الدفع.',
  failed: 'لم تكتمل عملية الدفع، ولم تُفعَّل الباقة.',
  notFound: 'لم يتم العثور على هذه الفاتورة في حسابك.',
  /** Spec §8, verbatim: the 10 attempts ran out. */
  attemptsExhausted: 'فشل في التحقق من حالة الدفع بعد عدة محاولات. يرجى مراجعة سجل الفواتير.',
  /** Spec §8, verbatim. */
  upgraded: 'تم ترقية باقتك بنجاح',
  goNow: 'الانتقال الآن',
} as const;

export const upgradeTexts = {
  title: 'ترقية الباقة',
  intro: 'اختر الباقة التي تناسبك، ثم ادفع مرة واحدة لتُضاف رسائلها إلى رصيدك.',
  /** Spec §2, verbatim. */
  current: 'الباقة الحالية',
  select: 'اختيار الباقة',
  selected: 'تم الاختيار',
  upgradeNow: 'ترقية الآن',
  chosen: (name: string, price: number) => `الباقة المختارة: ${name} (${price} ريال)`,
  chooseFirst: 'اختر باقة من القائمة أولاً.',
  back: 'رجوع',
  empty: 'لا توجد باقات متاحة للترقية حالياً.',
  loadFailed: 'تعذر تحميل الباقات المتاحة للترقية.',
} as const;

/**
 * /pricing's card of the package the user has (ADR 021): marked, and said before any dialog whether it can be
 * bought again — once its messages are (nearly) used up, while its directory has companies left to write to.
 */
export const currentPackageTexts = {
  /** Spec §2 (the upgrade screen's mark). */
  badge: 'الباقة الحالية',
  buyAgain: 'شراء الباقة مجدداً',
  renewable: (left: number, adds: number) =>
    left <= 0
      ? `نفد رصيدك من هذه الباقة. شراؤها مجدداً يضيف ${messageCount(adds)} إلى رصيدك.`
      : `تبقّت لديك ${messageCount(left)} فقط. شراء الباقة مجدداً يضيف ${messageCount(adds)} إلى رصيدك.`,
  balanceLeft: (left: number) =>
    `لديك ${messageCount(left)} من هذه الباقة. يمكنك شراؤها مجدداً حين يقل رصيدك عن ${lowBalance}، أو اختيار باقة أكبر الآن.`,
  companiesUsed: 'راسلت جميع الشركات المتاحة في هذه الباقة، فلن تفيدك رسائل إضافية منها. اختر باقة أكبر لتصل إلى شركات جديدة.',
} as const;

/** Error codes of /api/billing, each with the case that raises it. */
type BillingErrorCode =
  /** No Paylink settings stored (production), or stored ones this deployment may not use. */
  | 'PAYMENT_SETTINGS_MISSING'
  /** The signed-in account has no profile, or lacks the mobile number Paylink requires. */
  | 'PROFILE_UNAVAILABLE'
  /** Paylink refused or did not answer addInvoice, or the invoice could not be saved (then it is cancelled). */
  | 'INVOICE_CREATE_FAILED'
  | 'PACKAGE_NOT_FOUND'
  /** A reserved package (تجريبي، مجاني، admin) or one priced below Paylink's minimum. */
  | 'PACKAGE_NOT_PURCHASABLE'
  /** The package the user already has, with a balance at or above the low-balance threshold left. */
  | 'ALREADY_ON_PACKAGE'
  /** The package the user already has, every company of which they have written to. */
  | 'PACKAGE_COMPANIES_USED'
  /** Administrators keep the admin package; buying one would remove their role. */
  | 'ADMIN_CANNOT_PURCHASE'
  /** No invoice of this user has that transaction or order number. */
  | 'INVOICE_NOT_FOUND';

const textByCode: Record<BillingErrorCode, string> = {
  PAYMENT_SETTINGS_MISSING: 'لم يتم العثور على إعدادات بوابة الدفع',
  PROFILE_UNAVAILABLE: 'لم نتمكن من الحصول على معلومات المستخدم',
  INVOICE_CREATE_FAILED: 'فشل في إنشاء الفاتورة',
  PACKAGE_NOT_FOUND: 'الباقة غير موجودة',
  PACKAGE_NOT_PURCHASABLE: 'هذه الباقة لا تُشترى عبر الدفع الإلكتروني.',
  ALREADY_ON_PACKAGE: `أنت مشترك في هذه الباقة حالياً ولديك رصيد منها. يمكنك شراؤها مجدداً حين يقل رصيدك عن ${lowBalance}، أو اختيار باقة أخرى.`,
  PACKAGE_COMPANIES_USED: currentPackageTexts.companiesUsed,
  ADMIN_CANNOT_PURCHASE: 'حساب المشرف لا يشتري الباقات؛ شراء باقة سيُلغي صلاحية المشرف.',
  INVOICE_NOT_FOUND: paymentCallbackTexts.notFound,
};

/** The Arabic text for a billing error; 'UNAUTHORIZED' is the spec's 'يجب تسجيل الدخول أولاً' via the app-wide map. */
export function billingMessageForCode(code: string | undefined): string {
  if (code && code in textByCode) return textByCode[code as BillingErrorCode];
  if (code === 'UNAUTHORIZED') return ar.auth.mustSignIn;
  return messageForCode(code);
}
