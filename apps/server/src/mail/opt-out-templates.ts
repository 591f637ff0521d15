import type { OptOutRequestKind } from '@sira/shared/schemas/opt-out';
import { layout } from './system-templates';

/**
 * The mail to a company's address that confirms a request made through an opt-out link (ADR 018). Only the
 * address's own mailbox receives it, so whoever opens its link speaks for the address, not for the user who
 * sent the application that carried the opt-out link.
 */
export function optOutConfirmationEmail(input: { url: string; email: string; kind: OptOutRequestKind; redirectEmail: string | null }) {
  const asked =
    input.kind === 'redirect'
      ? `طُلب عبر منصة سيرة أن تصل السير الذاتية المرسلة إلى ${input.email} إلى العنوان ${input.redirectEmail} بدلاً منه.`
      : `طُلب عبر منصة سيرة إيقاف إرسال السير الذاتية من جميع مستخدمي المنصة إلى ${input.email}.`;
  return {
    subject: input.kind === 'redirect' ? 'تأكيد تغيير عنوان استقبال السير الذاتية — سيرة' : 'تأكيد إيقاف استقبال السير الذاتية — سيرة',
    ...layout(
      'تأكيد طلبكم',
      `${asked} لا يسري الطلب إلا بعد تأكيده من هذا البريد. الرابط صالح سبعة أيام.`,
      'مراجعة الطلب وتأكيده',
      input.url,
      'إذا لم تطلبوا ذلك فتجاهلوا هذه الرسالة، ولن يتغير شيء.',
    ),
  };
}
