import { Badge } from '@mantine/core';
import { formatNumber } from '@sira/shared';

const texts = {
  badge: (n: number) => `رُفض العنوان ${formatNumber(n)} ${n === 1 ? 'مرة' : n === 2 ? 'مرتين' : 'مرات'}`,
  title: 'رفض مزوّد البريد رسائل المستخدمين إلى هذا العنوان لأنه غير صالح. صحّح العنوان أو احذف الشركة.',
};

const optOutTexts = {
  badge: 'أوقفت الاستلام',
  title: 'طلبت الشركة عدم إرسال السير الذاتية إلى هذا العنوان، فلا تصله رسائل المستخدمين. راجع قسم «طلبات الشركات» أدناه.',
};

/** Beside a company's address in the directory: how many times users' messages to it were refused as undeliverable. */
export function CompanyHardFailures({ count }: { count: number }) {
  if (count <= 0) return null;
  return (
    <Badge color="red.9" variant="filled" size="sm" title={texts.title} data-testid="hard-failures">
      {texts.badge(count)}
    </Badge>
  );
}

/** Beside a company's address in the directory: its receiver asked for no more CVs there (the opt-out section below). */
export function CompanyOptedOut({ optedOut }: { optedOut: boolean }) {
  if (!optedOut) return null;
  return (
    <Badge color="gray.8" variant="filled" size="sm" title={optOutTexts.title} data-testid="opted-out">
      {optOutTexts.badge}
    </Badge>
  );
}
