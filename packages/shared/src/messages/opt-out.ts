/**
 * The company opt-out in Arabic: the footer of every application e-mail, the public page its link opens, the
 * administrator's section of the companies tab, and the errors of those endpoints.
 */

/** The footer under every application e-mail (HTML and plain text); the link follows it. */
export const optOutFooter = {
  text: 'وصلتكم هذه الرسالة عبر منصة سيرة نيابةً عن المتقدّم. لإيقاف استقبال السير الذاتية على هذا العنوان أو تحويلها إلى عنوان آخر:',
  link: 'إدارة الاستلام',
} as const;

export const optOutPageText = {
  title: 'استقبال السير الذاتية من منصة سيرة',
  intro: 'وصلت إلى هذا العنوان سيرة ذاتية أرسلها متقدّم عبر منصة سيرة. اختر ما يناسبكم، ولا حاجة إلى حساب.',
  companyLabel: 'الجهة',
  addressLabel: 'العنوان',
  stopTitle: 'إيقاف الإرسال إلى هذا العنوان',
  stopHint: 'لن يرسل إليه أي مستخدم من مستخدمي سيرة سيرةً ذاتية بعد الآن.',
  stopButton: 'أوقفوا الإرسال إلى هذا العنوان',
  redirectTitle: 'الإرسال إلى عنوان آخر بدلاً منه',
  redirectHint: 'يتوقف الإرسال إلى هذا العنوان فوراً، وتصل السير الذاتية إلى العنوان الجديد بعد أن يراجعه فريق سيرة.',
  newEmailLabel: 'العنوان الجديد',
  redirectButton: 'أرسلوا إلى العنوان الجديد',
  stopped: 'تم. لن تصل سير ذاتية من منصة سيرة إلى هذا العنوان بعد الآن.',
  redirectPending: 'تم إيقاف الإرسال إلى هذا العنوان، وطلبكم الإرسال إلى {email} قيد المراجعة.',
  redirectApproved: 'تمت الموافقة على الإرسال إلى {email} بدلاً من هذا العنوان.',
  redirectRejected: 'تم إيقاف الإرسال إلى هذا العنوان. لم تُعتمد الإرسال إلى {email}؛ يمكنكم طلب عنوان آخر.',
  invalidLink: 'هذا الرابط غير صالح. تأكدوا من نسخه كاملاً من الرسالة.',
  loadFailed: 'تعذّر تحميل الصفحة. حاولوا مرة أخرى.',
  retry: 'إعادة المحاولة',
  privacy: 'سياسة الخصوصية',
} as const;

/** What the one-click unsubscribe (RFC 8058) answers the mail client. */
export const oneClickAnswer = 'تم إيقاف إرسال السير الذاتية إلى هذا العنوان.';

export const optOutAdminText = {
  title: 'طلبات الشركات: إيقاف الاستلام وتغيير العنوان',
  hint: 'عناوين طلبت عبر الرابط في أسفل الرسائل ألا تصلها سير ذاتية؛ لا يرسل إليها أي مستخدم ولا يُخصم رصيد. ومن طلب الإرسال إلى عنوان آخر ينتظر موافقتك: عند الموافقة يأخذ سجل الشركة العنوان الجديد.',
  empty: 'لا توجد طلبات بعد.',
  pending: (n: number) => `بانتظار قرارك: ${n}`,
  company: 'الشركة',
  address: 'العنوان الموقوف',
  when: 'التاريخ',
  how: 'الطريقة',
  request: 'الطلب',
  decision: 'القرار',
  viaPage: 'صفحة الرابط',
  viaOneClick: 'زر إلغاء الاشتراك في بريدهم',
  stopOnly: 'إيقاف الإرسال',
  redirectTo: 'التحويل إلى',
  statusPending: 'بانتظار الموافقة',
  statusApproved: 'تمت الموافقة',
  statusRejected: 'مرفوض',
  approve: 'موافقة',
  reject: 'رفض',
  approved: 'تمت الموافقة، وأصبح سجل الشركة على العنوان الجديد.',
  rejected: 'تم رفض الطلب، ويبقى العنوان القديم موقوفاً.',
  notInDirectory: 'ليس في الدليل',
} as const;

export type OptOutErrorCode =
  /** The link's signature does not match (altered, cut short, or made up). */
  | 'OPT_OUT_LINK_INVALID'
  | 'OPT_OUT_EMAIL_INVALID'
  /** The new address is the one being opted out. */
  | 'OPT_OUT_SAME_ADDRESS'
  | 'OPT_OUT_NOT_FOUND'
  /** The request was already decided. */
  | 'OPT_OUT_ALREADY_DECIDED'
  /** Another directory entry already has the new address. */
  | 'OPT_OUT_ADDRESS_TAKEN';

const textByCode: Record<OptOutErrorCode, string> = {
  OPT_OUT_LINK_INVALID: optOutPageText.invalidLink,
  OPT_OUT_EMAIL_INVALID: 'يرجى إدخال عنوان بريد إلكتروني صحيح.',
  OPT_OUT_SAME_ADDRESS: 'العنوان الجديد هو نفسه العنوان الحالي؛ أدخلوا عنواناً آخر أو اختاروا إيقاف الإرسال.',
  OPT_OUT_NOT_FOUND: 'لم يُعثر على الطلب.',
  OPT_OUT_ALREADY_DECIDED: 'سبق اتخاذ قرار في هذا الطلب.',
  OPT_OUT_ADDRESS_TAKEN: 'العنوان الجديد مسجّل لشركة أخرى في الدليل.',
};

export const optOutMessage = (code: string | undefined): string | undefined =>
  code && code in textByCode ? textByCode[code as OptOutErrorCode] : undefined;
