/**
 * Seed data: the company directory (recipients of résumé e-mails).
 *
 * generateSeedCompanies() is fully deterministic: it uses an inline mulberry32
 * PRNG with a fixed seed, so every call returns the same 3,500 companies.
 *
 * SAFETY: every e-mail address uses a reserved example domain (RFC 2606 /
 * RFC 6761): example.com, example.net, example.org, or a name under the
 * '.example' top-level domain. None of these can ever reach a real mailbox.
 */

export interface SeedCompany {
  name: string;
  email: string;
  sector: string;
  location: string;
  packageName: string;
}

export interface SeedCompanyAllocation {
  packageName: string;
  count: number;
}

/** How many companies each sellable package receives (3,500 in total). */
export const seedCompanyDistribution: readonly SeedCompanyAllocation[] = [
  { packageName: 'تجريبي', count: 200 },
  { packageName: 'باقة نمو', count: 500 },
  { packageName: 'باقة البداية', count: 700 },
  { packageName: 'باقة المحترف', count: 900 },
  { packageName: 'باقة التميز', count: 1200 },
];

// ---------------------------------------------------------------------------
// Deterministic PRNG
// ---------------------------------------------------------------------------

type Rng = () => number;

function mulberry32(seed: number): Rng {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function pick<T>(rng: Rng, items: readonly T[]): T {
  if (items.length === 0) {
    throw new Error('pick() called with an empty list');
  }
  const item = items[Math.floor(rng() * items.length)];
  if (item === undefined) {
    throw new Error('pick() index out of range');
  }
  return item;
}

function pickWeighted<T>(rng: Rng, items: readonly T[], weights: readonly number[]): T {
  let total = 0;
  for (const w of weights) total += w;
  let r = rng() * total;
  for (let i = 0; i < items.length; i++) {
    r -= weights[i] ?? 0;
    if (r < 0) {
      const item = items[i];
      if (item !== undefined) return item;
    }
  }
  return pick(rng, items);
}

// ---------------------------------------------------------------------------
// Cities
// ---------------------------------------------------------------------------

interface CitySpec {
  name: string;
  weight: number;
}

const CITY_SPECS: readonly CitySpec[] = [
  { name: 'الرياض', weight: 28 },
  { name: 'جدة', weight: 18 },
  { name: 'الدمام', weight: 9 },
  { name: 'مكة المكرمة', weight: 5 },
  { name: 'المدينة المنورة', weight: 5 },
  { name: 'الخبر', weight: 6 },
  { name: 'الظهران', weight: 3 },
  { name: 'الطائف', weight: 3 },
  { name: 'تبوك', weight: 2 },
  { name: 'أبها', weight: 2.5 },
  { name: 'بريدة', weight: 3 },
  { name: 'الجبيل', weight: 3 },
  { name: 'ينبع', weight: 2 },
  { name: 'حائل', weight: 1.5 },
  { name: 'نجران', weight: 1.5 },
  { name: 'جازان', weight: 2 },
  { name: 'الأحساء', weight: 3 },
  { name: 'خميس مشيط', weight: 2.5 },
];

export const seedCities: readonly string[] = CITY_SPECS.map((c) => c.name);

// ---------------------------------------------------------------------------
// Sectors and the name patterns that suit each of them
// ---------------------------------------------------------------------------

/**
 * A naming form: one of the prefixes, then a root (brand or person name),
 * then one of the descriptors. Descriptors starting with 'ل' are prepositional
 * ("للمقاولات") and fit any prefix; adjectival descriptors ("الطبي",
 * "الطبية") already agree in gender with the prefixes of their own form.
 */
interface NameForm {
  prefixes: readonly string[];
  descriptors: readonly string[];
}

interface SectorSpec {
  name: string;
  /** ASCII label used inside e-mail domains. */
  slug: string;
  weight: number;
  forms: readonly NameForm[];
  /** Multipliers applied to city weights for this sector. */
  cityBoost?: Readonly<Record<string, number>>;
}

const SECTOR_SPECS: readonly SectorSpec[] = [
  {
    name: 'تقنية المعلومات',
    slug: 'tech',
    weight: 12,
    forms: [
      {
        prefixes: ['شركة', 'مؤسسة', 'مجموعة'],
        descriptors: [
          'لتقنية المعلومات',
          'للحلول التقنية',
          'للبرمجيات',
          'للتحول الرقمي',
          'للأنظمة الذكية',
          'لخدمات الحوسبة السحابية',
          'للأمن السيبراني',
          'لتطوير التطبيقات',
        ],
      },
    ],
  },
  {
    name: 'البناء والتشييد',
    slug: 'build',
    weight: 11,
    forms: [
      {
        prefixes: ['شركة', 'مؤسسة', 'مجموعة'],
        descriptors: [
          'للمقاولات',
          'للمقاولات العامة',
          'للإنشاءات',
          'للتشييد والبناء',
          'للمقاولات والصيانة',
          'للأعمال الكهروميكانيكية',
          'لمواد البناء',
          'للمقاولات المعمارية',
        ],
      },
    ],
  },
  {
    name: 'الرعاية الصحية',
    slug: 'health',
    weight: 9,
    forms: [
      {
        prefixes: ['شركة', 'مجموعة'],
        descriptors: ['للخدمات الطبية', 'للرعاية الصحية', 'للمستلزمات الطبية', 'الطبية', 'للأجهزة الطبية', 'للرعاية المنزلية'],
      },
      {
        prefixes: ['مجمع', 'مركز'],
        descriptors: ['الطبي', 'الطبي التخصصي', 'لطب الأسنان', 'للعلاج الطبيعي', 'للأشعة والتحاليل الطبية'],
      },
      {
        prefixes: ['مستشفى'],
        descriptors: ['التخصصي', 'العام', 'الأهلي'],
      },
    ],
  },
  {
    name: 'التجزئة',
    slug: 'retail',
    weight: 9,
    forms: [
      {
        prefixes: ['شركة', 'مؤسسة', 'مجموعة'],
        descriptors: [
          'للتجارة',
          'للتجزئة',
          'التجارية',
          'للأسواق المركزية',
          'للتجارة والتسويق',
          'للأجهزة المنزلية',
          'للأزياء',
          'للعطور ومستحضرات التجميل',
        ],
      },
      {
        prefixes: ['أسواق'],
        descriptors: ['المركزية', 'التجارية'],
      },
    ],
  },
  {
    name: 'النفط والغاز',
    slug: 'energy',
    weight: 5,
    forms: [
      {
        prefixes: ['شركة', 'مجموعة'],
        descriptors: [
          'للخدمات البترولية',
          'لخدمات حقول النفط',
          'للطاقة والبتروكيماويات',
          'للحفر والخدمات البترولية',
          'للصناعات البتروكيماوية',
          'لخطوط الأنابيب',
        ],
      },
    ],
    cityBoost: { الدمام: 3, الظهران: 6, الجبيل: 5, الخبر: 3, الأحساء: 2, ينبع: 3 },
  },
  {
    name: 'اللوجستيات والنقل',
    slug: 'logistics',
    weight: 7,
    forms: [
      {
        prefixes: ['شركة', 'مؤسسة', 'مجموعة'],
        descriptors: [
          'للنقل والخدمات اللوجستية',
          'للشحن',
          'للخدمات اللوجستية',
          'للنقل البري',
          'للتخليص الجمركي',
          'للتخزين والتوزيع',
          'للشحن السريع',
        ],
      },
    ],
    cityBoost: { جدة: 1.5, الدمام: 1.5 },
  },
  {
    name: 'التعليم والتدريب',
    slug: 'edu',
    weight: 6,
    forms: [
      {
        prefixes: ['شركة', 'مجموعة'],
        descriptors: ['للتعليم والتدريب', 'للخدمات التعليمية', 'للتقنيات التعليمية'],
      },
      {
        prefixes: ['معهد', 'مركز'],
        descriptors: ['للتدريب', 'للتدريب المهني', 'للغات', 'للتطوير الإداري'],
      },
      {
        prefixes: ['أكاديمية'],
        descriptors: ['للتدريب', 'للتدريب التقني', 'لتطوير المهارات'],
      },
      {
        prefixes: ['مدارس'],
        descriptors: ['الأهلية', 'العالمية'],
      },
    ],
  },
  {
    name: 'الخدمات المالية والمصرفية',
    slug: 'finance',
    weight: 5,
    forms: [
      {
        prefixes: ['شركة'],
        descriptors: [
          'للتمويل',
          'للوساطة المالية',
          'للاستثمار',
          'للتأمين التعاوني',
          'المالية',
          'لتقنية التمويل',
          'لخدمات الدفع الإلكتروني',
        ],
      },
      {
        prefixes: ['مجموعة'],
        descriptors: ['المالية', 'للاستثمار'],
      },
    ],
    cityBoost: { الرياض: 1.6 },
  },
  {
    name: 'الضيافة والسياحة',
    slug: 'hospitality',
    weight: 6,
    forms: [
      {
        prefixes: ['شركة', 'مجموعة'],
        descriptors: ['للفنادق', 'للسياحة والسفر', 'للضيافة', 'للمنتجعات السياحية', 'لتنظيم الفعاليات'],
      },
      {
        prefixes: ['مؤسسة'],
        descriptors: ['للسفر والسياحة', 'لخدمات الإعاشة', 'لخدمات الحجاج والمعتمرين'],
      },
    ],
    cityBoost: { 'مكة المكرمة': 3, 'المدينة المنورة': 3, أبها: 2, الطائف: 2 },
  },
  {
    name: 'الصناعة والتصنيع',
    slug: 'industry',
    weight: 7,
    forms: [
      {
        prefixes: ['شركة', 'مجموعة'],
        descriptors: ['للصناعة', 'للصناعات المعدنية', 'للصناعات البلاستيكية', 'للصناعات الكيميائية', 'للصناعات الهندسية'],
      },
      {
        prefixes: ['مصنع'],
        descriptors: ['للحديد والصلب', 'للبلاستيك', 'للأثاث', 'للمنتجات الورقية', 'للتغليف', 'للمواد العازلة', 'للألمنيوم'],
      },
    ],
    cityBoost: { الجبيل: 3, ينبع: 2, الدمام: 2 },
  },
  {
    name: 'العقارات',
    slug: 'realestate',
    weight: 6,
    forms: [
      {
        prefixes: ['شركة', 'مجموعة'],
        descriptors: ['للتطوير العقاري', 'العقارية', 'للاستثمار العقاري', 'لإدارة الأملاك'],
      },
      {
        prefixes: ['مكتب', 'مؤسسة'],
        descriptors: ['للعقارات', 'للخدمات العقارية', 'للتسويق العقاري'],
      },
    ],
  },
  {
    name: 'الاتصالات',
    slug: 'telecom',
    weight: 3,
    forms: [
      {
        prefixes: ['شركة', 'مجموعة'],
        descriptors: ['للاتصالات', 'لحلول الاتصالات', 'للشبكات والاتصالات', 'لخدمات الألياف البصرية', 'للأنظمة اللاسلكية'],
      },
    ],
  },
  {
    name: 'الأغذية والمشروبات',
    slug: 'food',
    weight: 6,
    forms: [
      {
        prefixes: ['شركة', 'مجموعة', 'مؤسسة'],
        descriptors: ['للأغذية', 'للمواد الغذائية', 'للأغذية والمشروبات', 'للتموين الغذائي', 'للمخابز والحلويات', 'للتمور', 'للمطاعم'],
      },
      {
        prefixes: ['مصنع'],
        descriptors: ['للمياه المعبأة', 'للعصائر', 'للمعجنات', 'للتمور', 'للألبان', 'للبهارات والتوابل'],
      },
    ],
    cityBoost: { بريدة: 2, الأحساء: 1.5 },
  },
  {
    name: 'الاستشارات',
    slug: 'consulting',
    weight: 5,
    forms: [
      {
        prefixes: ['شركة', 'مجموعة'],
        descriptors: ['للاستشارات', 'للاستشارات الإدارية', 'للاستشارات الهندسية', 'للاستشارات الاقتصادية'],
      },
      {
        prefixes: ['مكتب'],
        descriptors: ['للاستشارات الهندسية', 'للاستشارات الإدارية', 'للمحاسبة والمراجعة', 'للدراسات والاستشارات'],
      },
    ],
    cityBoost: { الرياض: 1.5 },
  },
  {
    name: 'الطاقة المتجددة',
    slug: 'renewables',
    weight: 3,
    forms: [
      {
        prefixes: ['شركة', 'مجموعة'],
        descriptors: ['للطاقة المتجددة', 'للطاقة الشمسية', 'لحلول الطاقة النظيفة', 'لكفاءة الطاقة', 'للطاقة وتحلية المياه'],
      },
    ],
    cityBoost: { تبوك: 3, الجبيل: 1.5, ينبع: 1.5 },
  },
  {
    name: 'التسويق والإعلان',
    slug: 'marketing',
    weight: 4,
    forms: [
      {
        prefixes: ['شركة', 'مؤسسة', 'وكالة'],
        descriptors: ['للتسويق', 'للدعاية والإعلان', 'للتسويق الرقمي', 'للإنتاج الإعلامي', 'للعلاقات العامة'],
      },
    ],
  },
  {
    name: 'المحاماة والخدمات القانونية',
    slug: 'legal',
    weight: 2,
    forms: [
      {
        prefixes: ['مكتب'],
        descriptors: ['للمحاماة', 'للمحاماة والاستشارات القانونية', 'للتوثيق والخدمات القانونية'],
      },
      {
        prefixes: ['شركة'],
        descriptors: ['للمحاماة والاستشارات القانونية'],
      },
    ],
  },
  {
    name: 'الموارد البشرية والتوظيف',
    slug: 'hr',
    weight: 3,
    forms: [
      {
        prefixes: ['شركة', 'مؤسسة'],
        descriptors: ['للاستقدام', 'للموارد البشرية', 'لخدمات التوظيف', 'للاستقدام والخدمات العمالية'],
      },
    ],
  },
  {
    name: 'الأمن والسلامة',
    slug: 'safety',
    weight: 2,
    forms: [
      {
        prefixes: ['شركة', 'مؤسسة'],
        descriptors: ['للحراسات الأمنية', 'لأنظمة الأمن والسلامة', 'لمعدات السلامة', 'للخدمات الأمنية'],
      },
    ],
  },
  {
    name: 'التشغيل والصيانة',
    slug: 'facilities',
    weight: 3,
    forms: [
      {
        prefixes: ['شركة', 'مؤسسة'],
        descriptors: ['للتشغيل والصيانة', 'لإدارة المرافق', 'للنظافة والصيانة', 'للتكييف والتبريد'],
      },
    ],
  },
  {
    name: 'الزراعة',
    slug: 'agri',
    weight: 2,
    forms: [
      {
        prefixes: ['شركة', 'مؤسسة', 'مجموعة'],
        descriptors: ['الزراعية', 'للتنمية الزراعية', 'للإنتاج الزراعي', 'للزراعة والري', 'للإنتاج الحيواني'],
      },
    ],
    cityBoost: { بريدة: 4, الأحساء: 4, جازان: 3, حائل: 4, تبوك: 3 },
  },
];

// ---------------------------------------------------------------------------
// Name parts: [Arabic, ASCII transliteration used in e-mail domains]
// ---------------------------------------------------------------------------

type NamePart = readonly [arabic: string, ascii: string];

const ROOTS: readonly NamePart[] = [
  ['النخبة', 'alnukhba'],
  ['الرواد', 'alruwad'],
  ['الأفق', 'alofoq'],
  ['نجد', 'najd'],
  ['الحجاز', 'alhijaz'],
  ['الخليج', 'alkhaleej'],
  ['السنابل', 'alsanabel'],
  ['الواحة', 'alwaha'],
  ['البيان', 'albayan'],
  ['الإتقان', 'aletqan'],
  ['الريادة', 'alriyada'],
  ['الجزيرة', 'aljazeera'],
  ['الصفوة', 'alsafwa'],
  ['الأصالة', 'alasala'],
  ['المستقبل', 'almustaqbal'],
  ['الفجر', 'alfajr'],
  ['الشروق', 'alshorouq'],
  ['النخيل', 'alnakheel'],
  ['الديار', 'aldiyar'],
  ['المسار', 'almasar'],
  ['الإبداع', 'alebdaa'],
  ['الوفاء', 'alwafaa'],
  ['الأمانة', 'alamana'],
  ['الراية', 'alraya'],
  ['القمة', 'alqimma'],
  ['المدار', 'almadar'],
  ['الرؤية', 'alruya'],
  ['الأثير', 'alatheer'],
  ['اليمامة', 'alyamama'],
  ['طويق', 'tuwaiq'],
  ['العارض', 'alared'],
  ['السروات', 'alsarawat'],
  ['تهامة', 'tihama'],
  ['عسير', 'aseer'],
  ['الشمال', 'alshamal'],
  ['الساحل', 'alsahel'],
  ['الربوة', 'alrabwa'],
  ['الندى', 'alnada'],
  ['الوسام', 'alwisam'],
  ['الجود', 'aljood'],
  ['الإنجاز', 'alenjaz'],
  ['المنارة', 'almanara'],
  ['الصرح', 'alsarh'],
  ['الأركان', 'alarkan'],
  ['الدانة', 'aldana'],
  ['اللؤلؤة', 'alluluah'],
  ['الغدير', 'alghadeer'],
  ['الهضبة', 'alhadba'],
  ['الفرسان', 'alfursan'],
  ['الأمجاد', 'alamjad'],
  ['السلام', 'alsalam'],
  ['الخبرة', 'alkhibra'],
  ['الركيزة', 'alrakeeza'],
  ['المعالي', 'almaali'],
  ['الكفاءة', 'alkafaa'],
  ['النماء', 'alnamaa'],
  ['الثريا', 'althuraya'],
  ['سهيل', 'suhail'],
  ['الجوهرة', 'aljawhara'],
  ['الرمال', 'alrimal'],
  ['البحر الأحمر', 'redsea'],
  ['مدائن', 'madain'],
  ['الفلك', 'alfalak'],
  ['الأنوار', 'alanwar'],
  ['أبعاد', 'abaad'],
  ['رواسي', 'rawasi'],
  ['الوثبة', 'alwathba'],
  ['المرجان', 'almarjan'],
  ['السحاب', 'alsahab'],
  ['الينابيع', 'alyanabee'],
  ['الشامخ', 'alshamekh'],
  ['دار الخبرة', 'daralkhibra'],
  ['بوابة الشرق', 'eastgate'],
  ['نجمة الصحراء', 'desertstar'],
  ['أرض الخير', 'ardalkhair'],
];

const FIRST_NAMES: readonly NamePart[] = [
  ['عبدالله', 'abdullah'],
  ['محمد', 'mohammed'],
  ['فهد', 'fahad'],
  ['سعد', 'saad'],
  ['خالد', 'khalid'],
  ['عبدالرحمن', 'abdulrahman'],
  ['سلطان', 'sultan'],
  ['ناصر', 'nasser'],
  ['فيصل', 'faisal'],
  ['تركي', 'turki'],
  ['ماجد', 'majed'],
  ['بندر', 'bandar'],
  ['سعود', 'saud'],
  ['عبدالعزيز', 'abdulaziz'],
  ['إبراهيم', 'ibrahim'],
  ['أحمد', 'ahmed'],
  ['صالح', 'saleh'],
  ['عمر', 'omar'],
  ['يوسف', 'yousef'],
  ['حمد', 'hamad'],
  ['راشد', 'rashed'],
  ['مشاري', 'mishari'],
  ['نايف', 'naif'],
  ['طلال', 'talal'],
  ['منصور', 'mansour'],
  ['عبدالمحسن', 'abdulmohsen'],
];

const FAMILY_NAMES: readonly NamePart[] = [
  ['القحطاني', 'alqahtani'],
  ['الدوسري', 'aldosari'],
  ['العتيبي', 'alotaibi'],
  ['الشمري', 'alshammari'],
  ['الغامدي', 'alghamdi'],
  ['الزهراني', 'alzahrani'],
  ['المطيري', 'almutairi'],
  ['الحربي', 'alharbi'],
  ['العنزي', 'alanazi'],
  ['السبيعي', 'alsubaie'],
  ['الشهري', 'alshehri'],
  ['العمري', 'alomari'],
  ['المالكي', 'almalki'],
  ['البقمي', 'albuqami'],
  ['الشهراني', 'alshahrani'],
  ['الجهني', 'aljuhani'],
  ['العسيري', 'alasiri'],
  ['الرشيدي', 'alrashidi'],
  ['السهلي', 'alsahli'],
  ['الخالدي', 'alkhalidi'],
  ['التميمي', 'altamimi'],
  ['الهاجري', 'alhajri'],
  ['القرشي', 'alqurashi'],
  ['اليامي', 'alyami'],
  ['الفيفي', 'alfaifi'],
  ['البلوي', 'albalawi'],
  ['الثقفي', 'althaqafi'],
  ['المري', 'almarri'],
];

type PrefixGender = 'f' | 'm' | 'plural';

const PREFIX_GENDER: Readonly<Record<string, PrefixGender>> = {
  شركة: 'f',
  مؤسسة: 'f',
  مجموعة: 'f',
  وكالة: 'f',
  أكاديمية: 'f',
  مجمع: 'm',
  مركز: 'm',
  مكتب: 'm',
  معهد: 'm',
  مصنع: 'm',
  مستشفى: 'm',
  مدارس: 'plural',
  أسواق: 'plural',
};

/** Optional national/regional qualifiers, agreeing in gender with the prefix. */
const QUALIFIERS: Readonly<Record<PrefixGender, readonly string[]>> = {
  f: ['السعودية', 'العربية', 'الدولية', 'الخليجية', 'الحديثة', 'المتحدة'],
  m: ['السعودي', 'العربي', 'الدولي', 'الخليجي', 'الحديث'],
  plural: [],
};

/** Prefixes that are commonly followed by an owner's personal name. */
const PERSONAL_NAME_PREFIXES: readonly string[] = ['مؤسسة', 'مكتب'];

const EMAIL_LOCAL_PARTS: readonly string[] = ['hr', 'careers', 'jobs', 'recruitment', 'talent', 'hiring', 'info', 'cv'];

interface GeneratedName {
  name: string;
  /** ASCII slug built from the root or the owner's name. */
  slug: string;
}

function buildCompanyName(rng: Rng, sector: SectorSpec): GeneratedName {
  const form = pick(rng, sector.forms);
  const prefix = pick(rng, form.prefixes);
  const descriptor = pick(rng, form.descriptors);
  const gender: PrefixGender = PREFIX_GENDER[prefix] ?? 'f';
  const prepositional = descriptor.startsWith('ل');

  // e.g. "مؤسسة فهد القحطاني للمقاولات", "مكتب سعد الغامدي للمحاماة"
  if (PERSONAL_NAME_PREFIXES.includes(prefix) && rng() < 0.45) {
    const [firstAr, firstAscii] = pick(rng, FIRST_NAMES);
    const [familyAr, familyAscii] = pick(rng, FAMILY_NAMES);
    return {
      name: `${prefix} ${firstAr} ${familyAr} ${descriptor}`,
      slug: `${firstAscii}-${familyAscii}`,
    };
  }

  const [rootAr, rootAscii] = pick(rng, ROOTS);
  const qualifiers = QUALIFIERS[gender];

  // e.g. "شركة الرواد القابضة", "مجموعة نجد العربية القابضة"
  if ((prefix === 'شركة' || prefix === 'مجموعة') && rng() < 0.05) {
    const qualifier = rng() < 0.4 ? ` ${pick(rng, qualifiers)}` : '';
    return { name: `${prefix} ${rootAr}${qualifier} القابضة`, slug: rootAscii };
  }

  let name = `${prefix} ${rootAr}`;
  // e.g. "مركز الأفق الدولي للتدريب"
  if (prepositional && qualifiers.length > 0 && rng() < 0.2) {
    name += ` ${pick(rng, qualifiers)}`;
  }
  name += ` ${descriptor}`;
  // e.g. "شركة الإتقان للمقاولات المحدودة"
  if (prefix === 'شركة' && rng() < 0.3) {
    name += ' المحدودة';
  }
  return { name, slug: rootAscii };
}

function buildEmail(rng: Rng, slug: string, sectorSlug: string, serial: number): string {
  const local = pick(rng, EMAIL_LOCAL_PARTS);
  const id = String(serial).padStart(4, '0');
  const style = rng();
  if (style < 0.45) {
    // careers@alruwad-build-0042.example  (.example is a reserved TLD)
    return `${local}@${slug}-${sectorSlug}-${id}.example`;
  }
  const domain = style < 0.65 ? 'example.com' : style < 0.82 ? 'example.net' : 'example.org';
  // hr.c0042@example.com
  return `${local}.c${id}@${domain}`;
}

function cityWeightsFor(sector: SectorSpec): number[] {
  return CITY_SPECS.map((c) => c.weight * (sector.cityBoost?.[c.name] ?? 1));
}

const SEED = 0x51_7a_20_25;
const MAX_NAME_ATTEMPTS = 500;

/**
 * Returns the 3,500 seed companies, grouped by package in the order of
 * seedCompanyDistribution. Names and e-mails are unique; the output is
 * identical on every call.
 */
export function generateSeedCompanies(): SeedCompany[] {
  const rng = mulberry32(SEED);
  const sectorWeights = SECTOR_SPECS.map((s) => s.weight);
  const cityWeightsBySector = new Map<string, number[]>(SECTOR_SPECS.map((s) => [s.slug, cityWeightsFor(s)] as const));

  const usedNames = new Set<string>();
  const usedEmails = new Set<string>();
  const companies: SeedCompany[] = [];
  let serial = 0;

  for (const { packageName, count } of seedCompanyDistribution) {
    for (let i = 0; i < count; i++) {
      serial += 1;
      const sector = pickWeighted(rng, SECTOR_SPECS, sectorWeights);

      let generated: GeneratedName | undefined;
      for (let attempt = 0; attempt < MAX_NAME_ATTEMPTS; attempt++) {
        const candidate = buildCompanyName(rng, sector);
        if (!usedNames.has(candidate.name)) {
          generated = candidate;
          break;
        }
      }
      if (generated === undefined) {
        throw new Error(`Could not generate a unique company name for sector ${sector.slug}`);
      }

      const email = buildEmail(rng, generated.slug, sector.slug, serial);
      if (usedEmails.has(email)) {
        throw new Error(`Duplicate seed company e-mail: ${email}`);
      }

      const location = pickWeighted(rng, seedCities, cityWeightsBySector.get(sector.slug) ?? []);

      usedNames.add(generated.name);
      usedEmails.add(email);
      companies.push({ name: generated.name, email, sector: sector.name, location, packageName });
    }
  }

  return companies;
}
