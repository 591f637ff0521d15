/**
 * The admin panel's tabs (spec §2), each at its own address so it can be bookmarked and reloaded. Every tab
 * listed here has its route in routes.ts.
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
