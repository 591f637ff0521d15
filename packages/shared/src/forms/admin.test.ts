import { describe, expect, it } from 'vitest';
import { messageForCode } from '../messages/ar';
import { companiesMessageForCode } from '../messages/companies-admin';
import { contentAdminMessage } from '../messages/content-admin';
import { packagesAdminTexts } from '../messages/packages-admin';
import { templatesAdminMessage } from '../messages/templates-admin';
import { usersAdminTexts } from '../messages/users-admin';
import { companyFormSchema } from './companies';
import { footerContactFormSchema, footerLinkFormSchema, footerSectionFormSchema, pageFormSchema, socialLinksFormSchema } from './content';
import { packageFormSchema } from './packages';
import { templateFormSchema } from './templates';
import { userEditFormSchema } from './users';

const messagesOf = (result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  (result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]);

describe('admin dialogs: one message under the form, in the product order', () => {
  it('a template needs a name and content, then a package', () => {
    const template = { name: 'طلب', subject: '', content: '<p>نص</p>', packageIds: ['p1'] };
    expect(messagesOf(templateFormSchema.safeParse({ ...template, content: ' ', packageIds: [] }))).toEqual([
      ['', templatesAdminMessage('TEMPLATE_FIELDS_REQUIRED')],
    ]);
    expect(messagesOf(templateFormSchema.safeParse({ ...template, packageIds: [] }))).toEqual([
      ['', templatesAdminMessage('TEMPLATE_PACKAGE_REQUIRED')],
    ]);
    expect(templateFormSchema.safeParse(template).success).toBe(true);
  });

  it('a company needs a name and e-mail, then a valid e-mail, then a package', () => {
    const company = { name: 'شركة', email: 'hr@company.example', sector: '', location: '', packageId: 'p1' };
    expect(messagesOf(companyFormSchema.safeParse({ ...company, email: '', packageId: null }))).toEqual([
      ['', companiesMessageForCode('COMPANY_FIELDS_REQUIRED')],
    ]);
    expect(messagesOf(companyFormSchema.safeParse({ ...company, email: 'hr@', packageId: null }))).toEqual([
      ['', companiesMessageForCode('COMPANY_EMAIL_INVALID')],
    ]);
    expect(messagesOf(companyFormSchema.safeParse({ ...company, packageId: null }))).toEqual([
      ['', companiesMessageForCode('COMPANY_PACKAGE_REQUIRED')],
    ]);
    expect(companyFormSchema.safeParse(company).success).toBe(true);
  });
});

describe('admin dialogs: one-line fields', () => {
  const lineBreaks = messageForCode('LINE_BREAKS');

  it('refuse a line break, marking the fields that hold one, before the other rules', () => {
    const template = { name: 'طلب\nوظيفة', subject: 'عنوان\u2028ثانٍ', content: '', packageIds: [] };
    expect(messagesOf(templateFormSchema.safeParse(template))).toEqual([
      ['name', lineBreaks],
      ['subject', lineBreaks],
    ]);
    const company = { name: 'شركة\r\n', email: 'hr@company.example', sector: 'المالية', location: 'الرياض', packageId: 'p1' };
    expect(messagesOf(companyFormSchema.safeParse(company))).toEqual([['name', lineBreaks]]);
    expect(messagesOf(pageFormSchema.safeParse({ title: 'من\nنحن', content: '<p>x</p>' }))).toEqual([['title', lineBreaks]]);
    expect(messagesOf(footerSectionFormSchema.safeParse({ title: 'روابط\r', order: '' }))).toEqual([['title', lineBreaks]]);
    const link = { title: 'من نحن', url: '/about\n', icon: 'link\n', sectionId: 's1', order: 1 };
    expect(messagesOf(footerLinkFormSchema.safeParse(link))).toEqual([
      ['url', lineBreaks],
      ['icon', lineBreaks],
    ]);
    expect(messagesOf(packageFormSchema.safeParse({ name: 'الأساسية\n', price: 0, icon: 'star', ctaText: 'اشترك\u2029' }))).toEqual([
      ['name', lineBreaks],
      ['ctaText', lineBreaks],
    ]);
  });

  it('leave text on one line alone, a tab included', () => {
    expect(pageFormSchema.safeParse({ title: 'من\tنحن', content: '<p>سطر</p>\n<p>سطر</p>' }).success).toBe(true);
    expect(packageFormSchema.safeParse({ name: 'الأساسية', price: 0, icon: '', ctaText: 'اشترك الآن' }).success).toBe(true);
  });
});

describe('package dialog: each field says its own problem', () => {
  it('needs a name and a price of 0 or at least the gateway minimum', () => {
    expect(messagesOf(packageFormSchema.safeParse({ name: ' ', price: 3 }))).toEqual([
      ['name', packagesAdminTexts.nameRequired],
      ['price', packagesAdminTexts.priceBelowMinimum],
    ]);
    expect(packageFormSchema.safeParse({ name: 'الأساسية', price: '' }).success).toBe(true);
    expect(packageFormSchema.safeParse({ name: 'الأساسية', price: 5 }).success).toBe(true);
  });
});

describe('edit-user dialog: the balance', () => {
  it('is a whole number, zero or more', () => {
    for (const messagesRemaining of ['', -1, 2.5]) {
      expect(messagesOf(userEditFormSchema.safeParse({ packageName: 'free', messagesRemaining }))).toEqual([
        ['messagesRemaining', usersAdminTexts.quantityInvalid],
      ]);
    }
    expect(userEditFormSchema.safeParse({ packageName: 'free', messagesRemaining: 0 }).success).toBe(true);
  });
});

describe('content dialogs: one message under the form', () => {
  it('a footer section needs a title', () => {
    expect(messagesOf(footerSectionFormSchema.safeParse({ title: ' ', order: '' }))).toEqual([
      ['', contentAdminMessage('FOOTER_SECTION_TITLE_REQUIRED')],
    ]);
    expect(footerSectionFormSchema.safeParse({ title: 'روابط', order: 0 }).success).toBe(true);
  });

  it('a footer link needs a title, an address and a section, then an address it can open', () => {
    const link = { title: 'تواصل', url: 'https://sira.example/contact', icon: '', sectionId: 's1', order: 0 };
    expect(messagesOf(footerLinkFormSchema.safeParse({ ...link, sectionId: '' }))).toEqual([
      ['', contentAdminMessage('FOOTER_LINK_FIELDS_REQUIRED')],
    ]);
    expect(messagesOf(footerLinkFormSchema.safeParse({ ...link, url: 'javascript:alert(1)' }))).toEqual([
      ['', contentAdminMessage('FOOTER_LINK_URL_INVALID')],
    ]);
    expect(footerLinkFormSchema.safeParse(link).success).toBe(true);
  });

  it('a page needs a title', () => {
    expect(messagesOf(pageFormSchema.safeParse({ title: '', content: '<p>نص</p>' }))).toEqual([
      ['', contentAdminMessage('PAGE_TITLE_REQUIRED')],
    ]);
  });

  it('social links are empty or web addresses', () => {
    const links = { facebook: 'https://facebook.com/sira', twitter: '', instagram: '', linkedin: '' };
    expect(socialLinksFormSchema.safeParse(links).success).toBe(true);
    expect(messagesOf(socialLinksFormSchema.safeParse({ ...links, twitter: 'twitter.com/sira' }))).toEqual([
      ['', contentAdminMessage('SOCIAL_URL_INVALID')],
    ]);
  });

  it('the footer contact e-mail and phone are empty or well formed', () => {
    const flags = { showContact: true, showEmail: true, showPhone: true, showSocial: true };
    const contact = { description: '', email: '', phone: '', ...flags };
    expect(footerContactFormSchema.safeParse(contact).success).toBe(true);
    expect(messagesOf(footerContactFormSchema.safeParse({ ...contact, email: 'info@' }))).toEqual([
      ['', contentAdminMessage('FOOTER_CONTACT_EMAIL_INVALID')],
    ]);
    expect(messagesOf(footerContactFormSchema.safeParse({ ...contact, phone: 'اتصل بنا' }))).toEqual([
      ['', contentAdminMessage('FOOTER_CONTACT_PHONE_INVALID')],
    ]);
  });
});
