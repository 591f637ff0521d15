/**
 * The pages and footer tabs of the admin panel (spec §2, §5, §8): Arabic texts (the spec's verbatim where it
 * gives them), error codes with the text each one shows, and the rules both sides apply.
 */
import { EMAIL_PATTERN, normalizePhone } from '../rules/auth';
export const pagesAdminText = {
  heading: 'الصفحات',
  title: 'العنوان',
  slug: 'الرابط',
  updatedAt: 'آخر تحديث',
  actions: 'الإجراءات',
  edit: 'تعديل',
  editTitle: (title: string) => `تعديل صفحة: ${title}`,
  pageTitle: 'عنوان الصفحة',
  content: 'محتوى الصفحة',
  contentHint: 'يُحذف عند الحفظ ما لا يُسمح به في الصفحات (الشيفرات البرمجية والسمات غير الآمنة)، ويُذكر ما حُذف.',
  save: 'حفظ التغييرات',
  cancel: 'إلغاء',
  close: 'إغلاق',
  /** Spec §8, verbatim. */
  saved: 'تم حفظ التغييرات بنجاح',
  saveFailed: 'فشل حفظ الصفحة',
  titleRequired: 'يرجى إدخال عنوان للصفحة',
  empty: 'لا توجد صفحات.',
  retry: 'إعادة المحاولة',
  tableLabel: 'جدول الصفحات',
} as const;

export const footerAdminText = {
  heading: 'التذييل',
  socialHeading: 'روابط التواصل الاجتماعي',
  facebook: 'فيسبوك',
  twitter: 'إكس (تويتر)',
  instagram: 'إنستغرام',
  linkedin: 'لينكد إن',
  socialHint: 'اترك الحقل فارغاً لإخفاء الأيقونة من التذييل.',
  saveSocial: 'حفظ الروابط',
  socialSaved: 'تم حفظ روابط التواصل بنجاح',
  /** Spec §8, verbatim. */
  socialSaveFailed: 'فشل حفظ روابط التواصل',
  invalidUrl: 'الرجاء إدخال رابط صالح',

  contactHeading: 'نص التذييل وبيانات التواصل',
  contactHint: 'تظهر أسفل كل صفحة. اترك البريد أو الجوال فارغاً لإخفائه.',
  description: 'نبذة قصيرة عن المنصة',
  contactEmail: 'بريد التواصل',
  contactPhone: 'رقم التواصل',
  showContact: 'إظهار بيانات التواصل',
  showEmail: 'إظهار البريد الإلكتروني',
  showPhone: 'إظهار رقم الجوال',
  showSocial: 'إظهار روابط التواصل الاجتماعي',
  saveContact: 'حفظ بيانات التذييل',
  contactSaved: 'تم حفظ بيانات التذييل بنجاح',
  contactSaveFailed: 'فشل حفظ بيانات التذييل',
  contactEmailInvalid: 'يرجى إدخال بريد إلكتروني صحيح أو ترك الحقل فارغاً',
  contactPhoneInvalid: 'رقم التواصل غير صحيح: أرقام فقط، ويمكن أن يبدأ بـ +',

  sectionsHeading: 'أقسام التذييل',
  sectionsTable: 'جدول أقسام التذييل',
  addSection: 'إضافة قسم',
  addSectionTitle: 'إضافة قسم جديد',
  sectionTitle: 'عنوان القسم',
  order: 'الترتيب',
  sectionsEmpty: 'لا توجد أقسام بعد. أضف قسماً ثم أضف إليه الروابط.',
  /** Spec §5, verbatim. */
  sectionTitleRequired: 'يرجى إدخال عنوان للقسم',
  sectionAdded: 'تمت إضافة القسم بنجاح',
  sectionUpdated: 'تم تحديث القسم بنجاح',
  sectionDeleted: 'تم حذف القسم بنجاح',
  /** Spec §8, verbatim. */
  sectionAddFailed: 'فشل إضافة القسم',
  sectionUpdateFailed: 'فشل تحديث القسم',
  sectionDeleteFailed: 'فشل حذف القسم',
  confirmDeleteSectionTitle: 'حذف القسم',
  confirmDeleteSection: (title: string, links: number) =>
    links > 0
      ? `هل أنت متأكد من حذف القسم «${title}»؟ سيتم حذف روابطه أيضاً (${links}). لا يمكن التراجع عن هذا الإجراء.`
      : `هل أنت متأكد من حذف القسم «${title}»؟ سيتم حذف روابطه أيضاً. لا يمكن التراجع عن هذا الإجراء.`,
  sectionNotFound: 'القسم غير موجود',

  linksHeading: 'روابط التذييل',
  linksTable: 'جدول روابط التذييل',
  addLink: 'إضافة رابط',
  addLinkTitle: 'إضافة رابط جديد',
  linkTitle: 'عنوان الرابط',
  url: 'الرابط',
  urlHint: 'رابط داخلي يبدأ بـ / أو رابط خارجي يبدأ بـ https://',
  icon: 'الأيقونة',
  iconHint: 'اختياري، مثل: mail أو phone أو link',
  section: 'القسم',
  chooseSection: 'اختر القسم',
  noSection: 'بدون قسم',
  linksEmpty: 'لا توجد روابط بعد.',
  /** Spec §5, verbatim. */
  linkFieldsRequired: 'يرجى تعبئة حقول العنوان، الرابط، واختيار القسم.',
  linkAdded: 'تمت إضافة الرابط بنجاح',
  linkUpdated: 'تم تحديث الرابط بنجاح',
  linkDeleted: 'تم حذف الرابط بنجاح',
  /** Spec §8, verbatim ("the same for links"). */
  linkAddFailed: 'فشل إضافة الرابط',
  linkUpdateFailed: 'فشل تحديث الرابط',
  linkDeleteFailed: 'فشل حذف الرابط',
  confirmDeleteLinkTitle: 'حذف الرابط',
  confirmDeleteLink: (title: string) => `هل أنت متأكد من حذف الرابط «${title}»؟ لا يمكن التراجع عن هذا الإجراء.`,

  /** Spec §8, verbatim. */
  loadFailed: 'حدث خطأ أثناء تحميل بيانات التذييل.',
  retry: 'إعادة المحاولة',
  actions: 'الإجراءات',
  edit: 'تعديل',
  save: 'حفظ',
  cancel: 'إلغاء',
  delete: 'حذف',
  close: 'إغلاق',
  editing: (title: string) => `تعديل ${title}`,
} as const;

export const SOCIAL_NETWORKS = ['facebook', 'twitter', 'instagram', 'linkedin'] as const;
export type SocialNetwork = (typeof SOCIAL_NETWORKS)[number];

const contentAdminErrorCodes = {
  /** A page saved with an empty title. */
  PAGE_TITLE_REQUIRED: 'PAGE_TITLE_REQUIRED',
  /** A social link that is neither empty nor an http(s) address. */
  SOCIAL_URL_INVALID: 'SOCIAL_URL_INVALID',
  /** A footer contact e-mail that is not empty and not an address. */
  FOOTER_CONTACT_EMAIL_INVALID: 'FOOTER_CONTACT_EMAIL_INVALID',
  /** A footer contact phone that is not empty and not digits (with an optional leading +). */
  FOOTER_CONTACT_PHONE_INVALID: 'FOOTER_CONTACT_PHONE_INVALID',
  /** A footer section without a title. */
  FOOTER_SECTION_TITLE_REQUIRED: 'FOOTER_SECTION_TITLE_REQUIRED',
  /** A footer link without title, url or section. */
  FOOTER_LINK_FIELDS_REQUIRED: 'FOOTER_LINK_FIELDS_REQUIRED',
  /** A footer link url that is neither a site path (/…) nor http(s)/mailto/tel — no javascript: links. */
  FOOTER_LINK_URL_INVALID: 'FOOTER_LINK_URL_INVALID',
  /** A footer link pointing at a section that does not exist (deleted meanwhile). */
  FOOTER_SECTION_NOT_FOUND: 'FOOTER_SECTION_NOT_FOUND',
} as const;
export type ContentAdminErrorCode = keyof typeof contentAdminErrorCodes;

const messageByCode: Record<ContentAdminErrorCode, string> = {
  PAGE_TITLE_REQUIRED: pagesAdminText.titleRequired,
  SOCIAL_URL_INVALID: footerAdminText.invalidUrl,
  FOOTER_CONTACT_EMAIL_INVALID: footerAdminText.contactEmailInvalid,
  FOOTER_CONTACT_PHONE_INVALID: footerAdminText.contactPhoneInvalid,
  FOOTER_SECTION_TITLE_REQUIRED: footerAdminText.sectionTitleRequired,
  FOOTER_LINK_FIELDS_REQUIRED: footerAdminText.linkFieldsRequired,
  FOOTER_LINK_URL_INVALID: footerAdminText.invalidUrl,
  FOOTER_SECTION_NOT_FOUND: footerAdminText.sectionNotFound,
};

/** The Arabic text of a pages/footer error code, or undefined for codes these tabs do not own. */
export function contentAdminMessage(code: string | undefined): string | undefined {
  return code && code in messageByCode ? messageByCode[code as ContentAdminErrorCode] : undefined;
}

/** A full http(s) address with a host (kept free of DOM/Node globals: this file runs on both sides). */
const HTTP_URL_PATTERN = /^https?:\/\/[^\s/?#@]+(?::\d{1,5})?(?:[/?#]\S*)?$/i;
const isHttpUrl = (value: string) => HTTP_URL_PATTERN.test(value);

export function checkPageInput(input: { title: string }): ContentAdminErrorCode | null {
  return input.title.trim() ? null : 'PAGE_TITLE_REQUIRED';
}

/** Each social link is empty (hidden) or a full http(s) address. */
export function checkSocialLinks(input: Record<SocialNetwork, string>): ContentAdminErrorCode | null {
  for (const network of SOCIAL_NETWORKS) {
    const value = input[network].trim();
    if (value && !isHttpUrl(value)) return 'SOCIAL_URL_INVALID';
  }
  return null;
}

/** The footer's contact e-mail and phone: each empty (not shown) or well formed. */
export function checkFooterContact(input: { email: string; phone: string }): ContentAdminErrorCode | null {
  const email = input.email.trim();
  if (email && !EMAIL_PATTERN.test(email)) return 'FOOTER_CONTACT_EMAIL_INVALID';
  const phone = normalizePhone(input.phone);
  if (phone && !/^\+?\d{6,15}$/.test(phone)) return 'FOOTER_CONTACT_PHONE_INVALID';
  return null;
}

/** Spec §5 "Footer section": a title; the order is a number (0 when left empty). */
export function checkFooterSectionInput(input: { title: string }): ContentAdminErrorCode | null {
  return input.title.trim() ? null : 'FOOTER_SECTION_TITLE_REQUIRED';
}

/**
 * A footer link's address: a path on this site ('/about', never '//host') or an external http(s), mailto or
 * tel address. The public footer renders it as a link, so script URLs must never get in.
 */
function isFooterLinkUrl(value: string): boolean {
  const url = value.trim();
  // Browsers drop tabs and line breaks inside a URL: '/\t/evil.example' would become '//evil.example'.
  if (/[\s\p{Cc}]/u.test(url)) return false;
  if (url.startsWith('/')) return !url.startsWith('//') && !url.startsWith('/\\');
  if (/^(mailto|tel):\S+$/i.test(url)) return true;
  return isHttpUrl(url);
}

/** Spec §5 "Footer link": title, url and section required; then the url must be safe to render. */
export function checkFooterLinkInput(input: { title: string; url: string; sectionId: string | null }): ContentAdminErrorCode | null {
  if (!input.title.trim() || !input.url.trim() || !input.sectionId) return 'FOOTER_LINK_FIELDS_REQUIRED';
  if (!isFooterLinkUrl(input.url)) return 'FOOTER_LINK_URL_INVALID';
  return null;
}
