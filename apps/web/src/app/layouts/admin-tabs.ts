/**
 * The admin panel's tabs (spec §2), each at its own address so it can be bookmarked and reloaded. A tab is
 * listed here when its route exists in routes.ts; the billing, mailbox and sending issues add theirs.
 */
export const adminTabs = [
  { key: 'users', label: 'المستخدمون' },
  { key: 'packages', label: 'الباقات' },
  { key: 'templates', label: 'القوالب' },
  { key: 'companies', label: 'الشركات' },
  { key: 'payment', label: 'المدفوعات' },
  { key: 'payment_gateway', label: 'بوابة الدفع' },
  { key: 'pages', label: 'الصفحات' },
  { key: 'footer', label: 'التذييل' },
  { key: 'email_settings', label: 'إعدادات الإرسال' },
  { key: 'gmail', label: 'Gmail' },
  { key: 'email_logs', label: 'سجلات الرسائل' },
  { key: 'audit', label: 'سجل التدقيق' },
] as const;

export type AdminTabKey = (typeof adminTabs)[number]['key'];
export const adminTabPath = (key: AdminTabKey) => `/admin/${key}`;
