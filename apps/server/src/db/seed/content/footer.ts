/**
 * Seed data: site footer (sections with links, social media, contact info).
 *
 * A link whose url starts with '/' is internal; any other url opens in a new
 * tab. Link order inside a section is the array order.
 */

export interface SeedFooterLink {
  title: string;
  url: string;
  /** Optional icon name rendered next to the link. */
  icon: string | null;
}

export interface SeedFooterSection {
  title: string;
  order: number;
  links: SeedFooterLink[];
}

export const seedFooterSections: SeedFooterSection[] = [
  {
    title: 'روابط سريعة',
    order: 1,
    links: [
      { title: 'الرئيسية', url: '/', icon: null },
      { title: 'الباقات والأسعار', url: '/pricing', icon: null },
      { title: 'كيف تكتب سيرة ذاتية احترافية', url: '/how-to-prepare-cv', icon: null },
      { title: 'وظائف الرياض', url: '/jobs/riyadh', icon: null },
      { title: 'وظائف جدة', url: '/jobs/jeddah', icon: null },
    ],
  },
  {
    title: 'الشركة',
    order: 2,
    links: [
      { title: 'من نحن', url: '/about', icon: null },
      { title: 'الدعم والتواصل', url: '/support', icon: null },
      { title: 'تابعنا على LinkedIn', url: 'https://www.linkedin.com/company/sira-sa', icon: 'linkedin' },
    ],
  },
  {
    title: 'قانوني',
    order: 3,
    links: [
      { title: 'سياسة الخصوصية', url: '/privacy', icon: null },
      { title: 'الشروط والأحكام', url: '/terms', icon: null },
    ],
  },
];

export interface SeedSocialMedia {
  facebook: string;
  twitter: string;
  instagram: string;
  linkedin: string;
}

/** Stored under the settings key 'social_media'. */
export const seedSocialMedia: SeedSocialMedia = {
  facebook: 'https://www.facebook.com/sira_sa',
  twitter: 'https://x.com/sira_sa',
  instagram: 'https://www.instagram.com/sira_sa',
  // LinkedIn page slugs may not contain underscores, hence 'sira-sa'.
  linkedin: 'https://www.linkedin.com/company/sira-sa',
};

export interface SeedContactInfo {
  email: string;
  phone: string;
}

/** Stored under the settings key 'contact_info'. */
export const seedContactInfo: SeedContactInfo = {
  email: 'support@sira.example',
  phone: '+966110000000',
};

export const seedFooterDescription: string =
  'سيرة منصة سعودية تساعدك على إيصال سيرتك الذاتية إلى آلاف الشركات في المملكة من بريدك الإلكتروني مباشرة، بخطوات بسيطة ودفعة واحدة.';
