/**
 * Seed data: message packages (one-time payment, priced in Saudi riyals).
 *
 * The five sellable packages are shown on /pricing and /upgrade in price order.
 * 'مجاني' (free) and 'admin' are reserved system packages: they are never shown
 * on the pricing page and cannot be bought.
 */

export interface DefaultPackage {
  name: string;
  /** Price in whole Saudi riyals. */
  price: number;
  /** Price before discount, or null when there is no discount. */
  originalPrice: number | null;
  /** Discount in percent with at most two decimals (e.g. 26.36), or null. */
  discountPercent: number | null;
  messagesLimit: number;
  features: string[];
  canUploadExcel: boolean;
  description: string;
  icon: string;
  ctaText: string;
  highlighted: boolean;
}

export const defaultPackages: DefaultPackage[] = [
  {
    name: 'تجريبي',
    price: 0,
    originalPrice: null,
    discountPercent: null,
    messagesLimit: 10,
    features: [
      '10 رسائل مجانية لتجربة الخدمة',
      'إرسال سيرتك الذاتية من بريدك في Gmail مباشرة',
      'قالب رسالة تقديم عام جاهز للاستخدام',
      'متابعة حالة الرسائل من لوحة التحكم',
    ],
    canUploadExcel: false,
    description: 'جرّب المنصة مجانًا وأرسل سيرتك الذاتية إلى عدد محدود من الشركات لتتعرّف على طريقة العمل قبل الاشتراك.',
    icon: 'gift',
    ctaText: 'ابدأ التجربة مجانًا',
    highlighted: false,
  },
  {
    name: 'باقة نمو',
    price: 30,
    originalPrice: null,
    discountPercent: null,
    messagesLimit: 100,
    features: [
      '100 رسالة لإرسال سيرتك الذاتية',
      'شركات في قطاعات متنوعة داخل المملكة',
      'قوالب رسائل تقديم مهنية جاهزة',
      'متابعة حالة الإرسال من لوحة التحكم',
      'دعم فني عبر البريد الإلكتروني',
    ],
    canUploadExcel: false,
    description: 'خطوة أولى عملية لمن يريد توسيع فرصه والتقديم على عدد أكبر من الشركات بتكلفة رمزية.',
    icon: 'seedling',
    ctaText: 'اشترك الآن',
    highlighted: false,
  },
  {
    name: 'باقة البداية',
    price: 95,
    originalPrice: 129,
    discountPercent: 26.36,
    messagesLimit: 300,
    features: [
      '300 رسالة لإرسال سيرتك الذاتية',
      'تغطية أوسع للقطاعات والمدن الرئيسية في المملكة',
      'قوالب مخصصة لحديثي التخرج والتدريب التعاوني',
      'إرسال منظم على دفعات للحفاظ على سمعة بريدك',
      'دعم فني عبر البريد الإلكتروني',
    ],
    canUploadExcel: false,
    description: 'مناسبة لحديثي التخرج والباحثين عن فرصتهم الأولى أو عن تدريب تعاوني في سوق العمل السعودي.',
    icon: 'rocket',
    ctaText: 'ابدأ الآن',
    highlighted: false,
  },
  {
    name: 'باقة المحترف',
    price: 150,
    originalPrice: 199,
    discountPercent: 24.62,
    messagesLimit: 600,
    features: [
      '600 رسالة لإرسال سيرتك الذاتية',
      'تغطية شاملة لمختلف القطاعات ومدن المملكة',
      'قوالب لذوي الخبرة وللراغبين في تغيير المسار المهني',
      'إرسال منظم على دفعات للحفاظ على سمعة بريدك',
      'أولوية في الدعم الفني',
    ],
    canUploadExcel: false,
    description: 'الخيار الأكثر طلبًا لأصحاب الخبرة الراغبين في الوصول إلى أكبر عدد من جهات التوظيف.',
    icon: 'briefcase',
    ctaText: 'اشترك الآن',
    highlighted: true,
  },
  {
    name: 'باقة التميز',
    price: 199,
    originalPrice: 249,
    discountPercent: 21.69,
    messagesLimit: 1000,
    features: [
      '1000 رسالة لإرسال سيرتك الذاتية',
      'أوسع تغطية للشركات في جميع القطاعات والمدن',
      'جميع قوالب الرسائل بما فيها قالب المناصب القيادية',
      'دعم فني مخصص بأولوية قصوى',
    ],
    canUploadExcel: true,
    description: 'أقصى انتشار لسيرتك الذاتية، مع أوسع تغطية للشركات وأعلى أولوية في الدعم.',
    icon: 'crown',
    ctaText: 'احصل على التميز',
    highlighted: false,
  },
  {
    name: 'مجاني',
    price: 0,
    originalPrice: null,
    discountPercent: null,
    messagesLimit: 0,
    features: [],
    canUploadExcel: false,
    description: 'باقة نظامية محجوزة للحسابات التي لا تملك رصيد رسائل فعّالًا، ولا تظهر في صفحة الأسعار.',
    icon: 'user',
    ctaText: 'غير متاحة للشراء',
    highlighted: false,
  },
  {
    name: 'admin',
    price: 0,
    originalPrice: null,
    discountPercent: null,
    messagesLimit: 0,
    features: [],
    canUploadExcel: false,
    description: 'باقة نظامية محجوزة لحسابات مديري المنصة، ولا تظهر في صفحة الأسعار.',
    icon: 'shield',
    ctaText: 'غير متاحة للشراء',
    highlighted: false,
  },
];
