import { ar, paths } from '@sira/shared';

/** The city landing pages (spec §2: /jobs/riyadh, /jobs/jeddah). */
export type JobsCitySlug = 'riyadh' | 'jeddah';

/** schema.org employment types that Google reads on a JobPosting. */
export type EmploymentType = 'FULL_TIME' | 'PART_TIME' | 'CONTRACTOR' | 'TEMPORARY' | 'INTERN';

export interface JobsSector {
  name: string;
  /** Companies of this sector in Sira's directory for the city. */
  companies: number;
  description: string;
}

export interface JobsFaqItem {
  question: string;
  answer: string;
}

export interface JobsCity {
  slug: JobsCitySlug;
  path: string;
  name: string;
  /** The year comes from the build date, so a page rebuilt next year does not advertise last year. */
  title: (year: number) => string;
  description: string;
  heading: string;
  intro: string;
  sectors: readonly JobsSector[];
  faq: readonly JobsFaqItem[];
  posting: {
    title: string;
    /** Plain text; the JSON-LD builder turns it into HTML. */
    description: string;
    employmentType: EmploymentType;
    jobLocation: { addressLocality: string; addressRegion: string; addressCountry: 'SA' };
    hiringOrganization: { name: string };
  };
}

const sharedFaq: readonly JobsFaqItem[] = [
  {
    question: 'كم تكلفة إرسال سيرتي الذاتية؟',
    answer:
      'تشتري باقة بعدد محدد من الرسائل، وكل رسالة تصل إلى شركة واحدة. تجد الباقات وأسعارها في صفحة الباقات، وتختار منها ما يناسب خطة بحثك عن عمل.',
  },
  {
    question: 'هل تُرسل الرسائل باسمي ومن بريدي؟',
    answer:
      'نعم، تُرسل كل رسالة من حسابك في Gmail وباسمك، فتصلك ردود الشركات مباشرة في صندوق بريدك. ونرسل الرسائل بوتيرة آمنة تحمي سمعة بريدك.',
  },
  {
    question: 'هل يضمن الإرسال حصولي على وظيفة؟',
    answer:
      'لا أحد يضمن الوظيفة، لكن وصول سيرتك إلى عدد أكبر من الشركات يرفع فرصتك في تلقي اتصال أو دعوة إلى مقابلة. احرص على سيرة ذاتية واضحة ومحدّثة قبل الإرسال.',
  },
];

const riyadh: JobsCity = {
  slug: 'riyadh',
  path: paths.jobsRiyadh,
  name: 'الرياض',
  title: (year) => `وظائف الرياض ${year} | أرسل سيرتك إلى مئات الشركات | ${ar.app.name}`,
  description:
    'وظائف في الرياض لكل التخصصات: ارفع سيرتك الذاتية مرة واحدة ودع سيرة ترسلها من بريدك في Gmail إلى مئات الشركات في التقنية والمقاولات والمالية والصحة.',
  heading: 'وظائف في الرياض: أرسل سيرتك الذاتية إلى مئات الشركات في العاصمة',
  intro:
    'الرياض أكبر سوق عمل في المملكة، وفيها مقرات معظم الشركات الكبرى والشركات الناشئة. بدلاً من التقديم على كل إعلان وحده، اختر باقة رسائل ودع سيرة ترسل سيرتك الذاتية من بريدك أنت إلى شركات الرياض في دليلنا، بوتيرة آمنة تحمي حسابك.',
  sectors: [
    { name: 'تقنية المعلومات والاتصالات', companies: 168, description: 'شركات البرمجيات والحلول السحابية والأمن السيبراني والاتصالات.' },
    { name: 'البناء والمقاولات', companies: 142, description: 'مقاولون ومكاتب هندسية تنفّذ مشاريع البنية التحتية والإسكان.' },
    { name: 'التجزئة والتجارة', companies: 121, description: 'سلاسل البيع بالتجزئة والموزعون والتجارة الإلكترونية.' },
    { name: 'الخدمات المالية والمصرفية', companies: 96, description: 'البنوك وشركات التمويل والتأمين والتقنية المالية.' },
    { name: 'الرعاية الصحية', companies: 88, description: 'المستشفيات والمجمعات الطبية وشركات الأدوية والأجهزة الطبية.' },
    { name: 'الاستشارات والخدمات المهنية', companies: 84, description: 'مكاتب المحاسبة والمحاماة والاستشارات الإدارية والموارد البشرية.' },
    { name: 'التعليم والتدريب', companies: 71, description: 'المدارس الأهلية والمعاهد ومراكز التدريب المهني.' },
    { name: 'الطاقة والصناعة', companies: 67, description: 'مصانع ومورّدو الطاقة والبتروكيماويات في المدن الصناعية.' },
    { name: 'النقل والخدمات اللوجستية', companies: 62, description: 'شركات الشحن والتخزين والتوصيل وإدارة سلاسل الإمداد.' },
    { name: 'العقارات', companies: 55, description: 'المطورون العقاريون وشركات إدارة الأملاك والتسويق العقاري.' },
  ],
  faq: [
    {
      question: 'كيف ترسل سيرة سيرتي الذاتية إلى شركات الرياض؟',
      answer:
        'تربط بريدك في Gmail بحسابك في سيرة، وترفع سيرتك الذاتية وتختار قالب الرسالة، ثم ترسل سيرة الرسائل من بريدك أنت إلى شركات الرياض في دليلنا.',
    },
    ...sharedFaq,
  ],
  posting: {
    title: 'وظائف في الرياض: أرسل سيرتك الذاتية إلى الشركات',
    description:
      'فرص عمل بدوام كامل لدى شركات في الرياض من قطاعات متعددة. أرسل سيرتك الذاتية عبر سيرة من بريدك في Gmail إلى الشركات المسجلة في دليلنا بالرياض.',
    employmentType: 'FULL_TIME',
    jobLocation: { addressLocality: 'الرياض', addressRegion: 'منطقة الرياض', addressCountry: 'SA' },
    hiringOrganization: { name: ar.app.name },
  },
};

const jeddah: JobsCity = {
  slug: 'jeddah',
  path: paths.jobsJeddah,
  name: 'جدة',
  title: (year) => `وظائف جدة ${year} | أرسل سيرتك إلى مئات الشركات | ${ar.app.name}`,
  description:
    'وظائف في جدة لكل التخصصات: ارفع سيرتك الذاتية مرة واحدة ودع سيرة ترسلها من بريدك في Gmail إلى مئات الشركات في التجارة واللوجستيات والسياحة والصحة.',
  heading: 'وظائف في جدة: أرسل سيرتك الذاتية إلى مئات الشركات في عروس البحر الأحمر',
  intro:
    'جدة بوابة المملكة التجارية على البحر الأحمر، ومركز للتجارة والموانئ والسياحة والضيافة. بدلاً من التقديم على كل إعلان وحده، اختر باقة رسائل ودع سيرة ترسل سيرتك الذاتية من بريدك أنت إلى شركات جدة في دليلنا، بوتيرة آمنة تحمي حسابك.',
  sectors: [
    { name: 'التجزئة والتجارة', companies: 104, description: 'الوكلاء التجاريون وسلاسل البيع بالتجزئة والمراكز التجارية.' },
    { name: 'النقل والخدمات اللوجستية', companies: 92, description: 'شركات الشحن والتخليص الجمركي والتخزين المرتبطة بالميناء.' },
    { name: 'السياحة والضيافة', companies: 78, description: 'الفنادق والمطاعم وشركات السفر وخدمات الحج والعمرة.' },
    { name: 'الرعاية الصحية', companies: 71, description: 'المستشفيات الخاصة والعيادات والمختبرات وشركات الأدوية.' },
    { name: 'البناء والمقاولات', companies: 69, description: 'مقاولون ومكاتب هندسية في مشاريع الواجهة البحرية والإسكان.' },
    { name: 'الصناعة والأغذية', companies: 63, description: 'مصانع الأغذية والتعبئة والمواد الاستهلاكية في المدن الصناعية.' },
    { name: 'تقنية المعلومات', companies: 52, description: 'شركات البرمجيات والدعم الفني والتحول الرقمي.' },
    { name: 'التعليم والتدريب', companies: 48, description: 'المدارس الأهلية والمعاهد ومراكز اللغات والتدريب.' },
    { name: 'العقارات', companies: 44, description: 'المطورون العقاريون وشركات إدارة الأملاك والمرافق.' },
  ],
  faq: [
    {
      question: 'ما القطاعات الأكثر توظيفاً في جدة؟',
      answer:
        'تبرز في جدة قطاعات التجزئة والتجارة، والنقل والخدمات اللوجستية المرتبطة بميناء جدة الإسلامي، والسياحة والضيافة، والرعاية الصحية. وتجد في هذه الصفحة عدد شركات كل قطاع في دليل سيرة.',
    },
    ...sharedFaq,
  ],
  posting: {
    title: 'وظائف في جدة: أرسل سيرتك الذاتية إلى الشركات',
    description:
      'فرص عمل بدوام كامل لدى شركات في جدة من قطاعات متعددة. أرسل سيرتك الذاتية عبر سيرة من بريدك في Gmail إلى الشركات المسجلة في دليلنا بجدة.',
    employmentType: 'FULL_TIME',
    jobLocation: { addressLocality: 'جدة', addressRegion: 'منطقة مكة المكرمة', addressCountry: 'SA' },
    hiringOrganization: { name: ar.app.name },
  },
};

export const jobsCities: Record<JobsCitySlug, JobsCity> = { riyadh, jeddah };

export function totalCompanies(city: JobsCity): number {
  return city.sectors.reduce((sum, sector) => sum + sector.companies, 0);
}
