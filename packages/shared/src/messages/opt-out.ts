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
  stopTitle: 'إيقاف رسائل هذا المتقدّم',
  stopHint: 'يتوقف هذا المتقدّم عن إرسال سيرته إلى هذا العنوان فوراً.',
  stopButton: 'أوقفوا رسائل هذا المتقدّم',
  stopAllTitle: 'إيقاف الإرسال من جميع مستخدمي سيرة',
  stopAllHint: 'نرسل إلى هذا العنوان رسالة تأكيد، ولا يسري الإيقاف على الجميع إلا بعد تأكيده منه.',
  stopAllButton: 'أوقفوا الإرسال من الجميع',
  redirectTitle: 'الإرسال إلى عنوان آخر بدلاً منه',
  redirectHint: 'نرسل إلى هذا العنوان رسالة تأكيد؛ وبعد تأكيده يراجع فريق سيرة العنوان الجديد قبل أن تصل إليه السير الذاتية.',
  newEmailLabel: 'العنوان الجديد',
  redirectButton: 'أرسلوا إلى العنوان الجديد',
  stoppedForSender: 'تم. لن يرسل هذا المتقدّم سيرته إلى هذا العنوان بعد الآن.',
  optedOut: 'لا يرسل أي مستخدم من مستخدمي سيرة إلى هذا العنوان.',
  confirmationSent: 'أرسلنا رسالة تأكيد إلى {email}. افتحوا الرابط فيها خلال سبعة أيام ليسري الطلب.',
  redirectConfirmed: 'تم تأكيد طلب الإرسال إلى {redirect}، وهو قيد مراجعة فريق سيرة.',
  redirectApproved: 'تمت الموافقة على الإرسال إلى {redirect} بدلاً من هذا العنوان.',
  requestRejected: 'لم يُعتمد الطلب المقدَّم عبر هذا الرابط.',
  requestUndone: 'أُلغي الطلب المقدَّم عبر هذا الرابط.',
  fromSender:
    'تبدو هذه الصفحة مفتوحة من حساب مرسل هذه الرسالة أو من شبكته. يمكنك إيقاف رسائلك إلى هذا العنوان، أما إيقاف الجميع أو تغيير العنوان فتطلبه الجهة المستلمة بنفسها.',
  invalidLink: 'هذا الرابط غير صالح. تأكدوا من نسخه كاملاً من الرسالة.',
  loadFailed: 'تعذّر تحميل الصفحة. حاولوا مرة أخرى.',
  retry: 'إعادة المحاولة',
  privacy: 'سياسة الخصوصية',
} as const;

/** The page of the confirmation link mailed to the company's address. */
export const optOutConfirmText = {
  title: 'تأكيد طلبكم لدى منصة سيرة',
  stopAsk: 'طُلب إيقاف إرسال السير الذاتية من جميع مستخدمي سيرة إلى {email}.',
  redirectAsk: 'طُلب أن تصل السير الذاتية المرسلة إلى {email} إلى {redirect} بدلاً منه.',
  confirmButton: 'تأكيد الطلب',
  stopConfirmed: 'تم التأكيد. لن يرسل أي مستخدم من مستخدمي سيرة إلى {email} بعد الآن.',
  redirectConfirmed: 'تم التأكيد. توقف الإرسال إلى {email}، وسيراجع فريق سيرة العنوان {redirect} قبل أن تصل إليه السير الذاتية.',
  approved: 'تم تنفيذ الطلب.',
  closed: 'لم يعد هذا الطلب قائماً.',
  ignore: 'إذا لم تطلبوا ذلك فأغلقوا هذه الصفحة، ولن يتغير شيء.',
} as const;

/** What the one-click unsubscribe (RFC 8058) answers the mail client. */
export const oneClickAnswer = 'تم إيقاف إرسال هذا المتقدّم سيرته إلى هذا العنوان.';

export const optOutAdminText = {
  title: 'طلبات الشركات: إيقاف الاستلام وتغيير العنوان',
  hint: 'من يستخدم رابط أسفل الرسالة يوقف رسائل مرسلها فقط. أما إيقاف الجميع أو تغيير العنوان فلا يسري إلا بتأكيد من عنوان الشركة نفسه أو بقرارك هنا بعد النظر في الأدلة: الرسالة، والمستخدم الذي أرسلها، وعدد روابط رسائله التي استُخدمت.',
  badge: (n: number) => `${n} بانتظار قرارك`,
  requestsTitle: 'الطلبات',
  requestsEmpty: 'لا توجد طلبات.',
  marksTitle: 'عناوين لا يُرسل إليها أحد',
  marksEmpty: 'لا توجد عناوين موقوفة.',
  marksHint: (shown: number, total: number) => (shown < total ? `يُعرض أحدث ${shown} من ${total}.` : ''),
  company: 'الشركة',
  address: 'العنوان',
  when: 'التاريخ',
  request: 'الطلب',
  evidence: 'الأدلة',
  state: 'الحالة',
  actions: 'الإجراء',
  kindStop: 'إيقاف الإرسال من الجميع',
  kindRedirect: 'التحويل إلى',
  sentBy: 'أرسلها',
  deletedSender: 'حساب محذوف',
  linksUsed: (n: number) => `روابط رسائله المستخدمة: ${n}`,
  sentAt: 'أُرسلت',
  requesterIp: 'عنوان الطالب',
  statusUnconfirmed: 'لم يؤكده عنوان الشركة',
  statusConfirmed: 'أكّده عنوان الشركة',
  statusApproved: 'تمت الموافقة',
  statusRejected: 'مرفوض',
  statusUndone: 'أُلغي',
  approve: 'موافقة',
  reject: 'رفض',
  undo: 'تراجع',
  lift: 'رفع الإيقاف',
  approved: 'تم تنفيذ الطلب.',
  rejected: 'تم رفض الطلب، ولم يتغير شيء لبقية المستخدمين.',
  undone: 'تم التراجع عن الطلب.',
  lifted: 'رُفع الإيقاف، ويمكن للمستخدمين الإرسال إلى العنوان من جديد.',
  sourceConfirmed: 'بتأكيد من عنوان الشركة',
  sourceAdmin: 'بقرار المشرف',
  sourceLegacy: 'عبر رابط قبل اشتراط التأكيد',
  notInDirectory: 'ليس في الدليل',
} as const;

export type OptOutErrorCode =
  /** The link's signature does not match (altered, cut short, or made up). */
  | 'OPT_OUT_LINK_INVALID'
  | 'OPT_OUT_EMAIL_INVALID'
  /** The new address is the one being opted out. */
  | 'OPT_OUT_SAME_ADDRESS'
  /** A request for every user made from the sending user's own session or network. */
  | 'OPT_OUT_SENDER_REQUEST'
  /** The new address belongs to a Sira account. */
  | 'OPT_OUT_ACCOUNT_ADDRESS'
  /** This link already filed its request. */
  | 'OPT_OUT_LINK_USED'
  | 'OPT_OUT_CONFIRMATION_INVALID'
  /** The confirmation link is older than its seven days. */
  | 'OPT_OUT_CONFIRMATION_EXPIRED'
  | 'OPT_OUT_NOT_FOUND'
  /** The request was already decided. */
  | 'OPT_OUT_ALREADY_DECIDED'
  /** Undo of a request that is not in force. */
  | 'OPT_OUT_NOT_IN_FORCE'
  /** Another directory entry already has the new address (or, on undo, the old one). */
  | 'OPT_OUT_ADDRESS_TAKEN';

const textByCode: Record<OptOutErrorCode, string> = {
  OPT_OUT_LINK_INVALID: optOutPageText.invalidLink,
  OPT_OUT_EMAIL_INVALID: 'يرجى إدخال عنوان بريد إلكتروني صحيح.',
  OPT_OUT_SAME_ADDRESS: 'العنوان الجديد هو نفسه العنوان الحالي؛ أدخلوا عنواناً آخر أو اختاروا إيقاف الإرسال.',
  OPT_OUT_SENDER_REQUEST: 'لا يمكن طلب ذلك من حساب مرسل الرسالة أو من شبكته؛ تطلبه الجهة المستلمة بنفسها.',
  OPT_OUT_ACCOUNT_ADDRESS: 'لا يمكن التحويل إلى هذا العنوان. أدخلوا عنوان استقبال لدى جهتكم.',
  OPT_OUT_LINK_USED: 'سبق تقديم طلب عبر هذا الرابط.',
  OPT_OUT_CONFIRMATION_INVALID: 'رابط التأكيد غير صالح. تأكدوا من نسخه كاملاً من الرسالة.',
  OPT_OUT_CONFIRMATION_EXPIRED: 'انتهت صلاحية رابط التأكيد (سبعة أيام). اطلبوا ذلك من جديد عبر الرابط في أسفل رسالة أحدث.',
  OPT_OUT_NOT_FOUND: 'لم يُعثر على الطلب.',
  OPT_OUT_ALREADY_DECIDED: 'سبق اتخاذ قرار في هذا الطلب.',
  OPT_OUT_NOT_IN_FORCE: 'هذا الطلب غير سارٍ، فلا يمكن التراجع عنه.',
  OPT_OUT_ADDRESS_TAKEN: 'العنوان مسجّل لشركة أخرى في الدليل.',
};

export const optOutMessage = (code: string | undefined): string | undefined =>
  code && code in textByCode ? textByCode[code as OptOutErrorCode] : undefined;
