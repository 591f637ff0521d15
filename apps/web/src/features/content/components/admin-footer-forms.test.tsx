import { contract } from '@sira/shared/contract';
import { contentAdminMessage, footerAdminText as t } from '@sira/shared/messages/content-admin';
import { type FooterContact, footerContactSchema, type SocialLinks, socialLinksSchema } from '@sira/shared/schemas/content-admin';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ok, on, stubApi } from '~test/api';
import { findToast, renderInApp } from '~test/render';
import { AdminFooterContactForm } from './admin-footer-contact-form';
import { AdminSocialLinksForm } from './admin-social-links-form';

const contact: FooterContact = {
  description: 'سيرة توصل سيرتك إلى الشركات.',
  email: 'info@sira.example',
  phone: '',
  showContact: true,
  showEmail: true,
  showPhone: false,
  showSocial: true,
};
const links: SocialLinks = { facebook: '', twitter: 'https://x.com/sira', instagram: '', linkedin: '' };

/** The server keeps what it is sent, trimmed (as it does). */
const trimmed = <T extends Record<string, unknown>>(value: T): T =>
  Object.fromEntries(Object.entries(value).map(([k, v]) => [k, typeof v === 'string' ? v.trim() : v])) as T;

describe('admin: the footer contact block', () => {
  it('refuses an e-mail that is not one, without saving', async () => {
    const { requests } = stubApi({});
    const { user } = renderInApp(<AdminFooterContactForm initial={contact} />);
    const card = within(screen.getByRole('region', { name: t.contactHeading }));
    const email = card.getByRole('textbox', { name: t.contactEmail });
    await user.clear(email);
    await user.type(email, 'info@');
    await user.click(card.getByRole('button', { name: t.saveContact }));
    expect(card.getByText(contentAdminMessage('FOOTER_CONTACT_EMAIL_INVALID') ?? '')).toBeTruthy();
    expect(requests).toHaveLength(0);
  });

  it('saves the fields and switches, and shows what the server kept', async () => {
    const { requests } = stubApi({
      [on(contract.content.updateFooterContact)]: ({ body }) => ok(footerContactSchema, trimmed(body as FooterContact)),
    });
    const { user } = renderInApp(<AdminFooterContactForm initial={contact} />);
    const card = within(screen.getByRole('region', { name: t.contactHeading }));
    await user.type(card.getByRole('textbox', { name: t.contactPhone }), ' 0551234567 ');
    await user.click(card.getByRole('checkbox', { name: t.showPhone }));
    await user.click(card.getByRole('button', { name: t.saveContact }));
    await findToast(t.contactSaved);
    expect(requests[0]?.body).toEqual({ ...contact, phone: ' 0551234567 ', showPhone: true });
    expect((card.getByRole('textbox', { name: t.contactPhone }) as HTMLInputElement).value).toBe('0551234567');
    expect((card.getByRole('checkbox', { name: t.showPhone }) as HTMLInputElement).checked).toBe(true);
  });
});

describe('admin: the footer social links', () => {
  it('refuses an address that is not a web address, then saves once it is', async () => {
    const { requests } = stubApi({
      [on(contract.content.updateSocialLinks)]: ({ body }) => ok(socialLinksSchema, trimmed(body as SocialLinks)),
    });
    const { user } = renderInApp(<AdminSocialLinksForm initial={links} />);
    const card = within(screen.getByRole('region', { name: t.socialHeading }));
    const facebook = card.getByRole('textbox', { name: t.facebook });
    await user.type(facebook, 'facebook.com/sira');
    await user.click(card.getByRole('button', { name: t.saveSocial }));
    expect(card.getByText(contentAdminMessage('SOCIAL_URL_INVALID') ?? '')).toBeTruthy();
    expect(requests).toHaveLength(0);

    await user.clear(facebook);
    await user.type(facebook, 'https://facebook.com/sira');
    await user.click(card.getByRole('button', { name: t.saveSocial }));
    await findToast(t.socialSaved);
    expect(requests[0]?.body).toEqual({ ...links, facebook: 'https://facebook.com/sira' });
    expect(card.queryByText(contentAdminMessage('SOCIAL_URL_INVALID') ?? '')).toBeNull();
  });
});
