/** The admin rich-text editor (pages and templates tabs): Arabic labels and what it says about cleaning. */
import type { HtmlRemovals } from '../rules/rich-html';

export const richTextText = {
  toolbar: 'أدوات التنسيق',
  bold: 'غامق',
  italic: 'مائل',
  underline: 'تسطير',
  strike: 'يتوسطه خط',
  clearFormatting: 'إزالة التنسيق',
  h2: 'عنوان رئيسي',
  h3: 'عنوان فرعي',
  h4: 'عنوان صغير',
  bulletList: 'قائمة نقطية',
  orderedList: 'قائمة مرقمة',
  blockquote: 'اقتباس',
  hr: 'خط فاصل',
  link: 'إضافة رابط',
  unlink: 'إزالة الرابط',
  linkInput: 'عنوان الرابط',
  linkPlaceholder: 'https://… أو /pricing',
  linkExternal: 'يفتح الرابط في نافذة جديدة',
  linkInternal: 'يفتح الرابط في النافذة نفسها',
  linkSave: 'حفظ',
  undo: 'تراجع',
  redo: 'إعادة',
  placeholders: 'إدراج بيانات الشركة',
  insertPlaceholder: (label: string) => `إدراج «${label}»`,
  loading: 'جارٍ تحميل المحرر…',
  previewPage: 'معاينة: هكذا يراها الزائر',
  previewTemplate: 'معاينة: هكذا تصل الرسالة إلى الشركة',
  /** The saved HTML holds elements the editor has no place for: saving from the editor drops them. */
  notEditable: (elements: string[]) => `يحتوي المحتوى المحفوظ على عناصر لا يعرضها المحرر، وستُحذف إن حفظت من هنا: ${elements.join('، ')}.`,
} as const;

/**
 * After a save whose cleaning removed something (the server's answer, lib/html.ts cleanRichHtml): what went,
 * so an administrator who pasted a script, a frame or a style knows the page no longer has it.
 */
export function htmlRemovedMessage(removed: HtmlRemovals): string | null {
  const parts: string[] = [];
  if (removed.elements.length > 0) parts.push(`العناصر: ${removed.elements.join('، ')}`);
  if (removed.attributes.length > 0) parts.push(`السمات: ${removed.attributes.join('، ')}`);
  if (parts.length === 0) return null;
  return `حُفظ المحتوى بعد حذف ما لا يُسمح به — ${parts.join('؛ ')}.`;
}
